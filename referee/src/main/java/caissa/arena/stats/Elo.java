package caissa.arena.stats;

/**
 * Logistic Elo: a difference of D Elo means an expected score of 1 / (1 + 10^(-D/400)) per
 * game (a win 1, a draw 0.5, a loss 0), so +400 Elo is odds of 10 to 1.
 *
 * <p>The estimates follow cutechess and fastchess: the mean score and its standard error give a
 * normal 95% interval on the score scale, whose ends are mapped to Elo; the error is half the
 * width of that (asymmetric) Elo interval. The pentanomial form takes the game pair as the
 * sample, which accounts for the correlation between the two games of an opening.
 */
public final class Elo {

    private Elo() {}

    /** The expected score per game of an engine {@code elo} stronger: 0.5 at 0, 0.75 at +190.85. */
    public static double toScore(double elo) {
        return 1.0 / (1.0 + Math.pow(10.0, -elo / 400.0));
    }

    /**
     * The Elo difference that gives {@code score} per game: 0 at 0.5, +190.85 at 0.75, ±∞ at 1
     * and 0.
     *
     * @throws IllegalArgumentException if score is not in [0, 1]
     */
    public static double fromScore(double score) {
        if (!(score >= 0.0 && score <= 1.0)) {
            throw new IllegalArgumentException("a score per game must be in [0, 1], got " + score);
        }
        // score / (1 - score) rather than 1/score - 1: no extra rounding near 0.5.
        return 400.0 * Math.log10(score / (1.0 - score));
    }

    /**
     * The Elo difference from single games, each an independent sample.
     *
     * <p>Score per game mu = (w + d/2) / n and variance per game
     * v = (w (1 - mu)^2 + d (1/2 - mu)^2 + l mu^2) / n; the 95% interval for mu is
     * mu ± z sqrt(v / n) with z = 1.95996.
     */
    public static EloEstimate estimate(long wins, long draws, long losses) {
        requireCount("wins", wins);
        requireCount("draws", draws);
        requireCount("losses", losses);
        long games = wins + draws + losses;
        if (games == 0) {
            return EloEstimate.UNKNOWN;
        }
        double n = games;
        double mean = (wins + 0.5 * draws) / n;
        double variance = (wins * square(1.0 - mean) + draws * square(0.5 - mean) + losses * square(mean)) / n;
        return estimate(mean, variance, n);
    }

    /**
     * The Elo difference from game pairs, each pair an independent sample.
     *
     * <p>A pair with k points has a score per game of k/4; mu is the mean of that over pairs,
     * v its variance per pair, and the 95% interval for mu is mu ± z sqrt(v / pairs).
     */
    public static EloEstimate estimate(Pentanomial pentanomial) {
        long pairs = pentanomial.pairs();
        if (pairs == 0) {
            return EloEstimate.UNKNOWN;
        }
        double n = pairs;
        double mean = pentanomial.score();
        double variance = pentanomial.pairScoreVariance();
        return estimate(mean, variance, n);
    }

    /**
     * The Elo from game pairs with the two ends of its 95% interval, as {@link #estimate(Pentanomial)}
     * computes them before halving their distance: the score interval's ends mapped to Elo, so
     * the interval is asymmetric (wider on the side away from an even score); an end at a score
     * of 0 or 1 is infinite.
     */
    public static SprtAnalysis.Interval interval(Pentanomial pentanomial) {
        long pairs = pentanomial.pairs();
        if (pairs == 0) {
            return new SprtAnalysis.Interval(0.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        }
        double mean = pentanomial.score();
        double halfWidth = StandardNormal.Z_95 * Math.sqrt(pentanomial.pairScoreVariance() / pairs);
        double low = mean - halfWidth;
        double high = mean + halfWidth;
        return new SprtAnalysis.Interval(
                fromScore(mean),
                low <= 0.0 ? Double.NEGATIVE_INFINITY : fromScore(low),
                high >= 1.0 ? Double.POSITIVE_INFINITY : fromScore(high));
    }

    private static EloEstimate estimate(double mean, double variance, double samples) {
        double halfWidth = StandardNormal.Z_95 * Math.sqrt(variance / samples);
        double low = mean - halfWidth;
        double high = mean + halfWidth;
        if (low <= 0.0 || high >= 1.0) {
            // An end of the interval at a score of 0 or 1 is at -∞ or +∞ Elo: no finite margin.
            return new EloEstimate(fromScore(mean), Double.POSITIVE_INFINITY);
        }
        return new EloEstimate(fromScore(mean), (fromScore(high) - fromScore(low)) / 2.0);
    }

    private static void requireCount(String what, long count) {
        if (count < 0) {
            throw new IllegalArgumentException(what + " must not be negative, got " + count);
        }
    }

    private static double square(double x) {
        return x * x;
    }
}
