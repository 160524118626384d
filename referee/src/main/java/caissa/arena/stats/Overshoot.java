package caissa.arena.stats;

/**
 * How far a sequential test's LLR is expected to overshoot a bound, estimated from its own path
 * so far, as fishtest does ({@code stat_util.update_SPRT}, after Siegmund, Sequential Analysis,
 * Corollary 8.33). Wald's bounds assume the LLR stops exactly on a bound; a test that moves in
 * steps of one game pair crosses it by a little, so it stops later than it needs to and errs
 * less often than alpha and beta say. Moving each bound inward by the expected overshoot brings
 * the error rates back to alpha and beta, and the test stops sooner.
 *
 * <p>The estimate is that of a random walk's ladder heights H (how far each new maximum, or
 * minimum, goes past the one before): the expected overshoot over a far bound is
 * E[H²] / (2 E[H]). Each new low of the LLR adds a height on the lower side, each new high one
 * on the upper side; the first record is measured from 0, where the LLR starts.
 *
 * @param low the lowest LLR so far
 * @param lowSum the sum of the heights of the lows (negative)
 * @param lowSquares the sum of their squares
 * @param high the highest LLR so far
 * @param highSum the sum of the heights of the highs
 * @param highSquares the sum of their squares
 */
public record Overshoot(double low, double lowSum, double lowSquares, double high, double highSum, double highSquares) {

    /** Before the first pair: no height seen, no correction. */
    public static final Overshoot NONE = new Overshoot(0, 0, 0, 0, 0, 0);

    /** The estimate once the LLR has moved to {@code llr}, one game pair later. */
    public Overshoot after(double llr) {
        double nextLow = low;
        double nextLowSum = lowSum;
        double nextLowSquares = lowSquares;
        double nextHigh = high;
        double nextHighSum = highSum;
        double nextHighSquares = highSquares;
        if (llr < low) {
            double height = llr - low;
            nextLowSum += height;
            nextLowSquares += height * height;
            nextLow = llr;
        }
        if (llr > high) {
            double height = llr - high;
            nextHighSum += height;
            nextHighSquares += height * height;
            nextHigh = llr;
        }
        return new Overshoot(nextLow, nextLowSum, nextLowSquares, nextHigh, nextHighSum, nextHighSquares);
    }

    /** The expected overshoot below the lower bound (0 or more). */
    public double belowLower() {
        return lowSum == 0 ? 0 : -lowSquares / lowSum / 2;
    }

    /** The expected overshoot above the upper bound (0 or more). */
    public double aboveUpper() {
        return highSum == 0 ? 0 : highSquares / highSum / 2;
    }
}
