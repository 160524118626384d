package caissa.arena.contest;

/**
 * The contest's database failed (a disk full, a file that is not a database): not the user's
 * input, so not a {@code BadInputException}; the server shows an error page and keeps running.
 */
public final class ContestStoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ContestStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
