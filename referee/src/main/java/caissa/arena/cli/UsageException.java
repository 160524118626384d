package caissa.arena.cli;

/** Bad input from the user: reported as one line with exit code 2, never as a stack trace. */
public final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
