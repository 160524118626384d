package caissa.arena.server;

/**
 * A request the server refuses, with the status and the one line the visitor reads: shown as an
 * error page, or as {@code {"error": "..."}} on the API.
 */
public final class Refusal extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;

    public Refusal(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }

    public static Refusal notFound(String what) {
        return new Refusal(404, what + " does not exist");
    }

    public static Refusal forbidden(String message) {
        return new Refusal(403, message);
    }

    public static Refusal badRequest(String message) {
        return new Refusal(400, message);
    }
}
