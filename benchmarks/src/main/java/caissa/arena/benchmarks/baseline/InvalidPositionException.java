package caissa.arena.benchmarks.baseline;

/**
 * A CFN text that is not a well-formed position. The message names the field (board, side to
 * move, last move, plies, or the position as a whole) and what is wrong with it.
 */
public final class InvalidPositionException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String problem;

    InvalidPositionException(String field, String problem) {
        super("invalid CFN: " + field + ": " + problem);
        this.field = field;
        this.problem = problem;
    }

    /** {@code board}, {@code side to move}, {@code last move}, {@code plies} or {@code position}. */
    public String field() {
        return field;
    }

    /** What is wrong, for example {@code rank 3 has 8 squares}. */
    public String problem() {
        return problem;
    }
}
