package caissa.arena.stats;

/**
 * What a finished SPRT says about the true Elo: fishtest's median-unbiased estimate
 * ({@code server/fishtest/stats/sprt.py}, class {@code sprt}, with the drift and variance of
 * {@code LLRcalc.LLR_drift_variance_alt2}; the method is van den Bergh's, cantate.be/Fishtest,
 * "GSPRT_approximation.pdf"), and fishtest's normalized Elo.
 *
 * <p>The plain estimate from the pairs played is biased by the stopping rule: a test stops for
 * H1 soonest when luck ran its way, so tests that pass early overstate the gain, and tests that
 * fail early understate it. The corrected estimate is the Elo under which a test would, with
 * probability one half, end worse than this one did; the 95% interval's ends are the Elos for
 * which that probability is 97.5% and 2.5%. Outcomes are ordered from worst to best: failed
 * (sooner is worse), still running at this time (lower LLR is worse), passed (later is worse).
 *
 * <p>The model, as fishtest's: the LLR is {@link Brownian} motion between Wald's bounds, one unit
 * of time a game pair. Its variance per pair is (s1 - s0)² / v and its drift
 * (s - (s0 + s1) / 2) (s1 - s0) / v, where s0 and s1 are the hypotheses' expected scores, s the
 * true one and v the observed variance of a pair's score per game (zero counts stand in as
 * 0.001, as for the LLR). Only the drift depends on the true Elo, and it rises with it, so the
 * probability of a worse outcome falls as the Elo rises and every interval holds its estimate.
 * Where the test stands is read from that same approximate LLR, N times the observed drift: past
 * a bound, it is put back on the bound at the time it would have reached it at its average pace
 * (N times bound / LLR). An earlier version tilted the observed counts towards each Elo and took
 * the exact LLR's moments; for short lopsided runs those moments grow without bound and the
 * "correction" moved away from the bound the test accepted (a pass at +424 became +581).
 *
 * <p>Elos are searched between -1000 and +1000, as fishtest does; an end beyond that reach is
 * infinite: the estimate of a run of wins only is then a lower bound, never a finite figure.
 *
 * <p>Normalized Elo (van den Bergh; fishtest shows it beside logistic Elo) measures the gain in
 * units of the results' spread: nElo = (score - 1/2) / sigma * 800 / ln 10, where sigma is the
 * standard deviation of one game's score, sqrt(2) times that of a pair's mean score per game.
 * Its interval is fishtest's ({@code http/template_helpers.py}, {@code t_conf}): the standard
 * error of t = (score - 1/2) / sd comes from the delta method with the skewness and excess kurtosis
 * of the pair scores, var(t) = 1 - t skew + t² (kurtosis + 2) / 4, per pair; for lopsided results
 * it is wider than the constant-width form (fastchess's), which leaves those moments out.
 */
public final class SprtAnalysis {

    /** An Elo estimate with its 95% interval, ends possibly infinite. */
    public record Interval(double elo, double low, double high) {}

    private static final double SEARCH_LIMIT = 1000.0;
    private static final double NELO_SCALE = 800.0 / Math.log(10.0);

    private SprtAnalysis() {}

    /**
     * The Elo estimate corrected for the stopping rule, after the given pairs, whether the test
     * stopped at a bound, ran out of games or was cut short: as in fishtest, where it stopped is
     * told by its (approximate) LLR alone.
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
            return new Interval(
                    elo, sign > 0 ? 0.0 : Double.NEGATIVE_INFINITY, sign < 0 ? 0.0 : Double.POSITIVE_INFINITY);
        }
        // fishtest's figures: moments of the pair scores with unseen outcomes standing in as 0.001.
        double[] f = Sprt.frequencies(pairs.counts());
        double[] scores = Sprt.pairScores();
        double m = 0.0;
        for (int i = 0; i < f.length; i++) {
            m += f[i] * scores[i];
        }
        double m2 = 0.0;
        double m3 = 0.0;
        double m4 = 0.0;
        for (int i = 0; i < f.length; i++) {
            double d = scores[i] - m;
            m2 += f[i] * d * d;
            m3 += f[i] * d * d * d;
            m4 += f[i] * d * d * d * d;
        }
        double skewness = m3 / Math.pow(m2, 1.5);
        double excessKurtosis = m4 / (m2 * m2) - 3.0;
        double t = (m - 0.5) / Math.sqrt(m2);
        double varianceOfT = Math.max(1.0 - t * skewness + 0.25 * t * t * (excessKurtosis + 2.0), 0.0);
        double scale = NELO_SCALE / Math.sqrt(2.0);
        double elo = scale * t;
        double half = scale * StandardNormal.Z_95 * Math.sqrt(varianceOfT / n);
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
     * The observed test as an outcome of fishtest's Brownian model, and how likely a worse one
     * is under a given Elo.
     */
    private static final class Outcome {
        private final Sprt sprt;
        private final double s0;
        private final double s1;
        private final double variance;
        private final double time;
        private final double llr;

        Outcome(Sprt sprt, Pentanomial pentanomial) {
            this.sprt = sprt;
            double[] frequencies = Sprt.frequencies(pentanomial.counts());
            double[] scores = Sprt.pairScores();
            double mean = 0.0;
            for (int i = 0; i < scores.length; i++) {
                mean += frequencies[i] * scores[i];
            }
            double spread = 0.0;
            for (int i = 0; i < scores.length; i++) {
                spread += frequencies[i] * (scores[i] - mean) * (scores[i] - mean);
            }
            this.variance = spread;
            this.s0 = Elo.toScore(sprt.elo0());
            this.s1 = Elo.toScore(sprt.elo1());
            double pairs = pentanomial.pairs();
            double slope = drift(mean);
            double seen = pairs * slope;
            if (seen > sprt.upperBound()) {
                this.time = sprt.upperBound() / slope;
                this.llr = sprt.upperBound();
            } else if (seen < sprt.lowerBound()) {
                this.time = sprt.lowerBound() / slope;
                this.llr = sprt.lowerBound();
            } else {
                this.time = pairs;
                this.llr = seen;
            }
        }

        /** The LLR's drift per pair when the true expected score per game is {@code score}. */
        private double drift(double score) {
            return (score - 0.5 * (s0 + s1)) * (s1 - s0) / variance;
        }

        /**
         * P(a test ends worse than this one) if the true Elo is {@code elo}: it failed by this
         * time, or at this time is still running lower, or (when this one passed) has not yet
         * passed; falls as elo rises.
         */
        double worse(double elo) {
            double sigma2 = (s1 - s0) * (s1 - s0) / variance;
            Brownian motion = new Brownian(sprt.lowerBound(), sprt.upperBound(), drift(Elo.toScore(elo)), sigma2);
            return Math.min(1.0, motion.endedAtABy(time) + motion.runningBelow(time, llr));
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
            for (int i = 0; i < 100 && high - low > 1e-7; i++) {
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
