package caissa.arena.stats;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A sequential probability ratio test on game pairs, H0: the engine is {@code elo0} stronger,
 * against H1: it is {@code elo1} stronger, in logistic (not normalized) Elo, the way fishtest
 * ({@code LLRcalc.LLR_logistic}) and fastchess ({@code --sprt model=logistic}) run it.
 *
 * <p>Nothing is assumed about how results are spread over the five pair outcomes, only about
 * their mean. So this is the generalized SPRT: under each hypothesis the likelihood is that of
 * the pentanomial distribution which fits the observed counts best among those whose mean score
 * per game is {@code Elo.toScore(elo)}. Van den Bergh ("Comments on Normalized Elo",
 * Proposition 1.1; cantate.be/Fishtest) shows that maximum is
 * {@code p_i = phat_i / (1 + theta (a_i - s))}, with a_i = i/4 the score of bucket i, phat the
 * observed frequencies and theta the root of {@code sum_i phat_i (a_i - s) / (1 + theta (a_i - s)) = 0}
 * (decreasing in theta, so bracketed and solved by safeguarded Newton). The log-likelihood
 * ratio is then {@code sum_i n_i ln(p1_i / p0_i)}.
 *
 * <p>Wald's bounds: stop for H1 when the LLR reaches ln((1 - beta) / alpha), for H0 when it
 * falls to ln(beta / (1 - alpha)); ±2.944 for alpha = beta = 0.05.
 *
 * @param elo0  Elo difference under H0
 * @param elo1  Elo difference under H1, greater than elo0
 * @param alpha the false-positive rate: accepting H1 when H0 holds, in (0, 1)
 * @param beta  the false-negative rate: accepting H0 when H1 holds, in (0, 1)
 */
public record Sprt(double elo0, double elo1, double alpha, double beta) {

    /** Where a test stands after the results so far. */
    public enum Decision {
        /** The LLR fell to the lower bound: accept H0, the change is not worth elo1. */
        H0,
        /** The LLR reached the upper bound: accept H1, the change gains at least about elo1. */
        H1,
        /** Play more pairs. */
        CONTINUE
    }

    /**
     * Stands in for an outcome never seen, as in fishtest ({@code LLRcalc.regularize}) and
     * fastchess: with a zero count the constrained maximum could not move probability there, and
     * a run of nothing but wins would have no distribution of any other mean. Using the same
     * value keeps our LLR equal to theirs.
     */
    private static final double UNSEEN_COUNT = 1e-3;

    /**
     * Beyond this an expected score is within 1e-10 of certainty and no longer a sensible
     * hypothesis (nor, past about 6000, distinguishable from 1 in a double).
     */
    private static final double MAX_ELO = 4000.0;

    private static final double[] PAIR_SCORES = {0.0, 0.25, 0.5, 0.75, 1.0};

    private static final String FORM = "elo0=<Elo>,elo1=<Elo>,alpha=<probability>,beta=<probability>";
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    public Sprt {
        requireElo("elo0", elo0);
        requireElo("elo1", elo1);
        requireProbability("alpha", alpha);
        requireProbability("beta", beta);
        if (elo0 >= elo1) {
            throw new IllegalArgumentException(
                    "SPRT: elo0 (" + format(elo0) + ") must be less than elo1 (" + format(elo1) + ")");
        }
        if (alpha + beta >= 1.0) {
            // Otherwise the lower bound is not below the upper one and the test decides at once.
            throw new IllegalArgumentException(
                    "SPRT: alpha + beta must be less than 1, got " + format(alpha) + " + " + format(beta));
        }
    }

    /**
     * Reads the command-line form {@code elo0=0,elo1=10,alpha=0.05,beta=0.05} (any order, spaces
     * around parts allowed).
     *
     * @throws IllegalArgumentException with a one-line message naming the bad part
     */
    public static Sprt parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("SPRT: nothing given; expected " + FORM);
        }
        Map<String, Double> values = new LinkedHashMap<>();
        for (String part : text.split(",", -1)) {
            String item = part.strip();
            int eq = item.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("SPRT: '" + item + "' is not key=value; expected " + FORM);
            }
            String key = item.substring(0, eq).strip();
            String value = item.substring(eq + 1).strip();
            if (!key.equals("elo0") && !key.equals("elo1") && !key.equals("alpha") && !key.equals("beta")) {
                throw new IllegalArgumentException(
                        "SPRT: unknown key '" + key + "' (expected elo0, elo1, alpha, beta)");
            }
            if (values.containsKey(key)) {
                throw new IllegalArgumentException("SPRT: " + key + " is given twice");
            }
            if (!DECIMAL.matcher(value).matches()) {
                throw new IllegalArgumentException("SPRT: " + key + " '" + value + "' is not a number");
            }
            values.put(key, Double.parseDouble(value));
        }
        for (String key : new String[] {"elo0", "elo1", "alpha", "beta"}) {
            if (!values.containsKey(key)) {
                throw new IllegalArgumentException("SPRT: missing " + key + "; expected " + FORM);
            }
        }
        return new Sprt(values.get("elo0"), values.get("elo1"), values.get("alpha"), values.get("beta"));
    }

    /** ln(beta / (1 - alpha)): at or below it the test accepts H0. */
    public double lowerBound() {
        return Math.log(beta / (1.0 - alpha));
    }

    /** ln((1 - beta) / alpha): at or above it the test accepts H1. */
    public double upperBound() {
        return Math.log((1.0 - beta) / alpha);
    }

    /**
     * The generalized log-likelihood ratio of H1 against H0 for these pair counts (the engine's
     * points in a pair, 0..4); 0 before the first pair.
     */
    public double llr(Pentanomial pentanomial) {
        if (pentanomial.pairs() == 0) {
            return 0.0;
        }
        return llr(PAIR_SCORES, pentanomial.counts(), Elo.toScore(elo0), Elo.toScore(elo1));
    }

    /** {@link #llr(Pentanomial)} for the five counts of pairs scoring 0, 1, 2, 3 and 4 points. */
    public double llr(long[] pentanomial) {
        return llr(new Pentanomial(pentanomial));
    }

    public Decision decision(Pentanomial pentanomial) {
        double llr = llr(pentanomial);
        if (llr >= upperBound()) {
            return Decision.H1;
        }
        if (llr <= lowerBound()) {
            return Decision.H0;
        }
        return Decision.CONTINUE;
    }

    public Decision decision(long[] pentanomial) {
        return decision(new Pentanomial(pentanomial));
    }

    /** The command-line form, which {@link #parse} reads back. */
    @Override
    public String toString() {
        return "elo0=" + format(elo0) + ",elo1=" + format(elo1) + ",alpha=" + format(alpha) + ",beta=" + format(beta);
    }

    /**
     * The generalized LLR for outcomes worth {@code scores[i]} (ascending, from 0 to 1) seen
     * {@code counts[i]} times, mean score s0 under H0 and s1 under H1. Shared with the tests,
     * which also check it on trinomial data.
     */
    static double llr(double[] scores, long[] counts, double s0, double s1) {
        double[] n = regularized(counts);
        double[] frequencies = frequencies(counts);
        double[] p0 = closestWithMean(scores, frequencies, s0);
        double[] p1 = closestWithMean(scores, frequencies, s1);
        double llr = 0.0;
        for (int i = 0; i < n.length; i++) {
            llr += n[i] * (Math.log(p1[i]) - Math.log(p0[i]));
        }
        return llr;
    }

    /** The counts with an unseen outcome standing in as {@link #UNSEEN_COUNT}. */
    private static double[] regularized(long[] counts) {
        double[] n = new double[counts.length];
        for (int i = 0; i < counts.length; i++) {
            n[i] = counts[i] == 0 ? UNSEEN_COUNT : counts[i];
        }
        return n;
    }

    /** The observed frequencies of the counts, regularized as for the LLR. */
    static double[] frequencies(long[] counts) {
        double[] n = regularized(counts);
        double total = 0.0;
        for (double x : n) {
            total += x;
        }
        double[] frequencies = new double[n.length];
        for (int i = 0; i < n.length; i++) {
            frequencies[i] = n[i] / total;
        }
        return frequencies;
    }

    /** The score of each of the five pair outcomes, 0 to 1 by quarters. */
    static double[] pairScores() {
        return PAIR_SCORES.clone();
    }

    /**
     * The distribution on {@code scores} with mean {@code s} that maximizes the likelihood of the
     * observed {@code frequencies} (all positive): p_i = f_i / (1 + theta (a_i - s)).
     */
    static double[] closestWithMean(double[] scores, double[] frequencies, double s) {
        int k = scores.length;
        double[] b = new double[k];
        for (int i = 0; i < k; i++) {
            b[i] = scores[i] - s;
        }
        // Every p_i must stay positive: 1 + theta b_i > 0 for the lowest and the highest score.
        double low = -1.0 / b[k - 1];
        double high = -1.0 / b[0];
        double theta = 0.0;
        for (int iteration = 0; iteration < 200; iteration++) {
            double f = 0.0;
            double slope = 0.0;
            for (int i = 0; i < k; i++) {
                double q = b[i] / (1.0 + theta * b[i]);
                f += frequencies[i] * q;
                slope -= frequencies[i] * q * q;
            }
            if (f == 0.0) {
                break;
            }
            // f decreases in theta: a positive f means the root lies above.
            if (f > 0.0) {
                low = theta;
            } else {
                high = theta;
            }
            double next = theta - f / slope;
            if (!(next > low && next < high)) {
                next = 0.5 * (low + high);
            }
            if (next == theta || Math.abs(next - theta) <= 1e-15 * Math.max(1.0, Math.abs(theta))) {
                theta = next;
                break;
            }
            theta = next;
        }
        double[] p = new double[k];
        for (int i = 0; i < k; i++) {
            p[i] = frequencies[i] / (1.0 + theta * b[i]);
        }
        return p;
    }

    private static void requireElo(String name, double value) {
        if (!(Math.abs(value) <= MAX_ELO)) {
            throw new IllegalArgumentException("SPRT: " + name + " must be between -" + format(MAX_ELO) + " and "
                    + format(MAX_ELO) + ", got " + format(value));
        }
    }

    private static void requireProbability(String name, double value) {
        if (!(value > 0.0 && value < 1.0)) {
            throw new IllegalArgumentException(
                    "SPRT: " + name + " must be between 0 and 1 (exclusive), got " + format(value));
        }
    }

    /** 10 rather than 10.0, 0.05 rather than 5.0E-2: as a user would type it. */
    private static String format(double value) {
        if (!Double.isFinite(value)) {
            return Double.toString(value);
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
