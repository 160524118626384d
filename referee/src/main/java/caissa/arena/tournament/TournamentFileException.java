package caissa.arena.tournament;

import caissa.arena.input.BadInputException;

/** A tournament file that cannot be run; the message names the file, the line and the field. */
public final class TournamentFileException extends BadInputException {

    private static final long serialVersionUID = 1L;

    public TournamentFileException(String message) {
        super(message);
    }
}
