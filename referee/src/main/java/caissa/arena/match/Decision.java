package caissa.arena.match;

import com.fasterxml.jackson.annotation.JsonValue;

/** The verdict of a match, and the exit code of {@code caissa match} it maps to. */
public enum Decision {
    /** The engine is at least as good as elo1 claims. */
    H1("H1", 0),
    /** The engine is no better than elo0: a regression. */
    H0("H0", 1),
    /** The games ran out before the test crossed a bound. */
    INCONCLUSIVE("inconclusive", 3),
    /** Every game ended in an irregular loss: the bots did not play, so the match measured nothing. */
    FAILED("failed", 4),
    /**
     * Stopped (Ctrl-C, SIGTERM) before a decision: the figures are those so far. The process ends
     * by the signal, with 130 (SIGINT) or 143 (SIGTERM); 143 is the code this maps to otherwise.
     */
    INTERRUPTED("interrupted", 143);

    private final String word;
    private final int exitCode;

    Decision(String word, int exitCode) {
        this.word = word;
        this.exitCode = exitCode;
    }

    @JsonValue
    public String word() {
        return word;
    }

    public int exitCode() {
        return exitCode;
    }

    @Override
    public String toString() {
        return word;
    }
}
