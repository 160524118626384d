package caissa.arena.contest;

import caissa.arena.input.BadInputException;

/** A contest file that cannot be served; the message names the file, the line and the field. */
public final class ContestFileException extends BadInputException {

    private static final long serialVersionUID = 1L;

    public ContestFileException(String message) {
        super(message);
    }
}
