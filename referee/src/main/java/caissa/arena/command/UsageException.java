package caissa.arena.command;

import caissa.arena.input.BadInputException;

/** Bad input from the user: reported as one line with exit code 2, never as a stack trace. */
public final class UsageException extends BadInputException {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
