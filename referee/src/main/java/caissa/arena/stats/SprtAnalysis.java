package caissa.arena.stats;

/**
 * What a finished SPRT says about the true Elo, as fishtest's {@code sprt.py} reports it.
 *
 * <p>The plain estimate from the pairs played is biased by the stopping rule: a test stops for
 * H1 soonest when luck ran its way, so tests that pass early overstate the gain, and tests that
 * fail early understate it. The corrected estimate is the Elo under which a test would, with
 * probability one half, end worse than this one did, and the interval's ends are the Elos for
 * which that probability is 97.5% and 2.5%. Outcomes are ordered from worst to best: failed
 * (sooner is worse), still running when the games ran out (lower LLR is worse), passed (later is
 * worse). The LLR is modelled as {@link Brownian} motion between Wald's bounds, whose drift and
 * variance per pair are those of the LLR's increments when the pair results follow the observed
 * distribution tilted to the mean score of that Elo (the maximum-likelihood one, as for the LLR
 * itself). A test stops at bounds moved inward by the expected overshoot ({@link SprtRun}), so
 * it may stop with its LLR short of Wald's bound: as in fishtest, that is read as an LLR at that
 * time, like a test whose games ran out.
 *
 * <p>Normalized Elo (van den Bergh; fishtest shows it beside logistic Elo) measures the gain in
 * units of the results' spread: nElo = (score - 1/2) / sigma * 800 / ln 10, where sigma is the
 * standard deviation of one game's score, sqrt(2) times that of a pair's mean score per game.
 */
public final class SprtAnalysis {

    /** An Elo estimate with its 95% interval, ends possibly infinite. */
    public record Interval(double elo, double low, double high) {
    }

    private static final double SEARCH_LIMIT = 1000.0;
    private static final double NELO_SCALE = 800.0 / Math.log(10.0);

    private SprtAnalysis() {
    }

    /**
     * The Elo estimate corrected for the stopping rule, after the given pairs, whether the test
     * stopped at a bound, ran out of games or was cut short: as in fishtest, where it stopped is
     * told by its LLR alone.
     */
    public static Interval corrected(Sprt sprt, Pentanomial pairs) {
        if (pairs.pairs() == 0) {
            return new Interval(0.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        }
        Outcome outcome = new Outcome(sprt, pairs);
        return new Interval(outcome.eloAt(0.5), outcome.eloAt(0.975), outcome.eloAt(0.025));
    }

    /** Normalized Elo with its 95% interval, from game pairs; empty ends when every pair scored the same. */
    public static Interval normalized(Pentanomial pairs) {
        long n = pairs.pairs();
        if (n == 0) {
            return new Interval(0.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        }
        double mean = pairs.score();
        double variance = pairs.pairScoreVariance();
        if (variance == 0.0) {
            double sign = Math.signum(mean - 0.5);
            double elo = sign == 0 ? 0.0 : sign * Double.POSITIVE_INFINITY;
            return new Interval(elo, sign > 0 ? 0.0 : Double.NEGATIVE_INFINITY, sign < 0 ? 0.0 : Double.POSITIVE_INFINITY);
        }
        double perGame = Math.sqrt(2.0 * variance);
        double elo = (mean - 0.5) / perGame * NELO_SCALE;
        // The score's standard error is sqrt(variance / n); in nElo that is a constant width.
        double half = StandardNormal.Z_95 * Math.sqrt(variance / n) / perGame * NELO_SCALE;
        return new Interval(elo, elo - half, elo + half);
    }

    /** The drift and variance per pair of the LLR of {@code sprt} when pairs follow {@code truth}. */
    static double[] llrDriftAndVariance(Sprt sprt, double[] truth, double[] h0, double[] h1) {
        double drift = 0.0;
        double square = 0.0;
        for (int i = 0; i < truth.length; i++) {
            double step = Math.log(h1[i]) - Math.log(h0[i]);
            drift += truth[i] * step;
            square += truth[i] * step * step;
        }
        return new double[] {drift, Math.max(square - drift * drift, 1e-300)};
    }

    /**
     * The observed test as an outcome, and how likely a worse one is under a given Elo. The model
     * has no overshoot, so, as fishtest's {@code sprt.set_state} does, an LLR past a bound is put
     * back on the bound at the time the test would have reached it at its average pace (the
     * pairs times bound / LLR): the test ended there, and its last steps' luck is left out.
     */
    private static final class Outcome {
        private final Sprt sprt;
        private final double[] observed;
        private final double[] h0;
        private final double[] h1;
        private final double time;
        private final double llr;

        Outcome(Sprt sprt, Pentanomial pentanomial) {
            this.sprt = sprt;
            this.observed = Sprt.frequencies(pentanomial.counts());
            double[] scores = Sprt.pairScores();
            this.h0 = Sprt.closestWithMean(scores, observed, Elo.toScore(sprt.elo0()));
            this.h1 = Sprt.closestWithMean(scores, observed, Elo.toScore(sprt.elo1()));
            double pairs = pentanomial.pairs();
            double seen = sprt.llr(pentanomial);
            double bound = seen > sprt.upperBound() ? sprt.upperBound() : seen < sprt.lowerBound() ? sprt.lowerBound() : seen;
            this.time = bound == seen ? pairs : pairs * bound / seen;
            this.llr = bound;
        }

        /**
         * P(a test ends worse than this one) if the true Elo is {@code elo}: it failed sooner, or
         * at this time is still running lower or has failed; falls as elo rises.
         */
        double worse(double elo) {
            double[] truth = Sprt.closestWithMean(Sprt.pairScores(), observed, Elo.toScore(elo));
            double[] moments = llrDriftAndVariance(sprt, truth, h0, h1);
            Brownian motion = new Brownian(sprt.lowerBound(), sprt.upperBound(), moments[0], moments[1]);
            return motion.endedAtABy(time) + motion.runningBelow(time, llr);
        }

        /** The Elo at which {@link #worse} equals p, by bisection; ±∞ beyond the search's reach. */
        double eloAt(double p) {
            double low = -SEARCH_LIMIT;
            double high = SEARCH_LIMIT;
            if (worse(high) > p) {
                return Double.POSITIVE_INFINITY;
            }
            if (worse(low) < p) {
                return Double.NEGATIVE_INFINITY;
            }
            for (int i = 0; i < 60 && high - low > 1e-6; i++) {
                double middle = 0.5 * (low + high);
                if (worse(middle) > p) {
                    low = middle;
                } else {
                    high = middle;
                }
            }
            return 0.5 * (low + high);
        }
    }
}
