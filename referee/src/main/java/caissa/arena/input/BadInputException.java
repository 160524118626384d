package caissa.arena.input;

/**
 * Bad input from the user (an option, a file, an output folder that cannot take the run): reported
 * as one line with exit code 2. Only this type means "bad input"; any other exception that reaches
 * the command line is an internal error, so that a bug is never passed off as the user's mistake.
 */
public class BadInputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public BadInputException(String message) {
        super(message);
    }

    public BadInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
