package caissa.arena.tournament;

import caissa.arena.input.BadInputException;

/**
 * An output folder that cannot take this run: already used without --resume, in use by another
 * run, not resumable, or holding records that disagree with the schedule.
 */
public final class OutputFolderException extends BadInputException {

    private static final long serialVersionUID = 1L;

    public OutputFolderException(String message) {
        super(message);
    }
}
