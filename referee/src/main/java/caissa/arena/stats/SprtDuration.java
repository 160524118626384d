package caissa.arena.stats;

import java.util.Locale;

/**
 * How long an SPRT runs, before it starts: the expected number of games when the true Elo is
 * elo0 and when it is elo1, and the number within which 95% of tests stop under either.
 *
 * <p>Model: games independent, each drawn with probability {@code drawRatio} and otherwise won
 * by the side its Elo favours as often as its score requires; a pair is two such games. The LLR
 * is then {@link Brownian} motion with the drift and variance per pair of its increments
 * (fishtest's calculator does the same). Wald's identity gives the expected length,
 * E[T] = E[LLR at the end] / drift, and the 95% point is where the chance of still running
 * falls to 5%. The model ignores that a real test crosses a bound by a little (its overshoot),
 * so real tests run a few percent longer; the tests measure how many.
 *
 * @param expectedGamesH0 expected games when the true Elo is elo0
 * @param expectedGamesH1 expected games when the true Elo is elo1
 * @param games95 games within which 95% of tests stop, when the truth is either hypothesis (the longer)
 */
public record SprtDuration(double expectedGamesH0, double expectedGamesH1, double games95) {

    /**
     * @throws IllegalArgumentException if the draw ratio is not in [0, 1) or leaves no room for
     *     the score of a hypothesis (a draw ratio D allows scores between D/2 and 1 - D/2)
     */
    public static SprtDuration of(Sprt sprt, double drawRatio) {
        if (!(drawRatio >= 0.0 && drawRatio < 1.0)) {
            throw new IllegalArgumentException("the draw ratio must be at least 0 and less than 1, got " + drawRatio);
        }
        Brownian underH0 = motion(sprt, drawRatio, sprt.elo0());
        Brownian underH1 = motion(sprt, drawRatio, sprt.elo1());
        return new SprtDuration(
                2 * expectedPairs(underH0),
                2 * expectedPairs(underH1),
                2 * Math.max(pairsBy(underH0, 0.95), pairsBy(underH1, 0.95)));
    }

    /** The five pair-outcome probabilities for a true Elo and draw ratio. */
    static double[] pairDistribution(double elo, double drawRatio) {
        double score = Elo.toScore(elo);
        double win = score - drawRatio / 2;
        double loss = 1.0 - score - drawRatio / 2;
        if (win < 0 || loss < 0) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "a draw ratio of %s leaves no room for a score of %.4f (%s Elo)",
                    drawRatio,
                    score,
                    elo));
        }
        double[] game = {loss, drawRatio, win};
        double[] pair = new double[5];
        for (int first = 0; first < 3; first++) {
            for (int second = 0; second < 3; second++) {
                pair[first + second] += game[first] * game[second];
            }
        }
        return pair;
    }

    private static Brownian motion(Sprt sprt, double drawRatio, double elo) {
        double[] truth = pairDistribution(elo, drawRatio);
        // A zero probability (no draws) would give the hypotheses zero there too: keep it tiny but present.
        for (int i = 0; i < truth.length; i++) {
            truth[i] = Math.max(truth[i], 1e-12);
        }
        double[] scores = Sprt.pairScores();
        double[] h0 = Sprt.closestWithMean(scores, truth, Elo.toScore(sprt.elo0()));
        double[] h1 = Sprt.closestWithMean(scores, truth, Elo.toScore(sprt.elo1()));
        double[] moments = SprtAnalysis.llrDriftAndVariance(sprt, truth, h0, h1);
        return new Brownian(sprt.lowerBound(), sprt.upperBound(), moments[0], moments[1]);
    }

    private static double expectedPairs(Brownian motion) {
        double atA = motion.endsAtA();
        if (Math.abs(motion.mu()) < 1e-12) {
            return -motion.a() * motion.b() / motion.sigma2();
        }
        return (atA * motion.a() + (1 - atA) * motion.b()) / motion.mu();
    }

    /** The pairs by which a share {@code p} of tests has stopped. */
    private static double pairsBy(Brownian motion, double p) {
        double high = 1.0;
        while (motion.running(high) > 1 - p) {
            high *= 2;
        }
        double low = 0.0;
        while (high - low > 0.5) {
            double middle = 0.5 * (low + high);
            if (motion.running(middle) > 1 - p) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return high;
    }
}
