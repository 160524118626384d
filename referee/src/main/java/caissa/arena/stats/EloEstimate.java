package caissa.arena.stats;

import java.util.Locale;

/**
 * An Elo difference with the half-width of its 95% confidence interval: the engine is
 * {@code elo ± error} Elo stronger than its opponent.
 *
 * <p>Infinite values are deliberate, not failures: an engine that won every game has an
 * estimate of +∞ (no finite Elo explains a 100% score), and an interval that reaches a score of
 * 0 or 1 has no finite upper or lower end, so its error is +∞. {@link #UNKNOWN}, 0 ± ∞, is the
 * estimate before any game. NaN never appears.
 *
 * @param elo   the estimated Elo difference, possibly ±∞
 * @param error half the width of the 95% interval, in Elo, ≥ 0, possibly +∞
 */
public record EloEstimate(double elo, double error) {

    /** No games yet: equal strength is the natural guess, and any difference is possible. */
    public static final EloEstimate UNKNOWN = new EloEstimate(0.0, Double.POSITIVE_INFINITY);

    public EloEstimate {
        if (Double.isNaN(elo) || !(error >= 0)) {
            throw new IllegalArgumentException("not an Elo estimate: " + elo + " ± " + error);
        }
    }

    /** The estimate as reports print it, {@code +12.34 ± 5.67}. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%+.2f ± %.2f", elo, error);
    }
}
