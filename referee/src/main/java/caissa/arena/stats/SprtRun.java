package caissa.arena.stats;

/**
 * A sequential test as it runs: the pairs so far and the overshoot estimated from its LLR's
 * path, which moves the bounds it stops at (see {@link Overshoot}). A regression match and the
 * simulations that check it go through this one stopping rule.
 */
public record SprtRun(Sprt sprt, Pentanomial pairs, Overshoot overshoot, double llr) {

    /** A test before its first pair. */
    public static SprtRun start(Sprt sprt) {
        return new SprtRun(sprt, Pentanomial.EMPTY, Overshoot.NONE, 0.0);
    }

    /** The test after one more pair in which the engine scored {@code first} and {@code second} points (0, 1 or 2). */
    public SprtRun plusPair(int first, int second) {
        Pentanomial next = pairs.plusPair(first, second);
        double nextLlr = sprt.llr(next);
        return new SprtRun(sprt, next, overshoot.after(nextLlr), nextLlr);
    }

    /** The lower bound the test stops at now: Wald's, moved up by the expected overshoot. */
    public double lowerBound() {
        return sprt.lowerBound() + overshoot.belowLower();
    }

    /** The upper bound the test stops at now: Wald's, moved down by the expected overshoot. */
    public double upperBound() {
        return sprt.upperBound() - overshoot.aboveUpper();
    }

    /** Whether the test stops here, and for which hypothesis. */
    public Sprt.Decision decision() {
        if (llr >= upperBound()) {
            return Sprt.Decision.H1;
        }
        if (llr <= lowerBound()) {
            return Sprt.Decision.H0;
        }
        return Sprt.Decision.CONTINUE;
    }
}
