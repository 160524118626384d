package caissa.arena.stats;

import java.util.Arrays;

/**
 * How often each result of a game pair occurred: {@code counts[k]} is the number of pairs in
 * which the engine scored k Caïssa points over the two games (win 2, draw 1, loss 0), so
 * k = 0..4, the buckets LL, LD, WL+DD, WD, WW of fishtest and fastchess.
 *
 * <p>A pair is the same opening played twice with colours reversed. Its two games are
 * correlated (an unbalanced opening tends to give one win each), so the pair, not the game, is
 * the independent sample; treating the games as independent overstates the error.
 *
 * <p>Immutable: {@code plusPair} returns a new value, and the array never escapes.
 */
public record Pentanomial(long[] counts) {

    public static final Pentanomial EMPTY = new Pentanomial(new long[5]);

    public Pentanomial {
        if (counts.length != 5) {
            throw new IllegalArgumentException("a pentanomial has 5 counts (pair points 0..4), got " + counts.length);
        }
        counts = counts.clone();
        for (int k = 0; k < 5; k++) {
            if (counts[k] < 0) {
                throw new IllegalArgumentException("pair count for " + k + " points is negative: " + counts[k]);
            }
        }
    }

    /** The counts of pairs scoring 0, 1, 2, 3 and 4 points, in that order. */
    public static Pentanomial of(long... counts) {
        return new Pentanomial(counts);
    }

    /** A copy: the record stays immutable. */
    @Override
    public long[] counts() {
        return counts.clone();
    }

    /** Pairs in which the engine scored {@code points} (0..4) over both games. */
    public long count(int points) {
        checkPairPoints(points);
        return counts[points];
    }

    /** One more pair in which the engine scored {@code points} (0..4) over both games. */
    public Pentanomial plusPair(int points) {
        checkPairPoints(points);
        long[] next = counts.clone();
        next[points]++;
        return new Pentanomial(next);
    }

    /** One more pair, from the engine's points in each game (0, 1 or 2). */
    public Pentanomial plusPair(int firstGamePoints, int secondGamePoints) {
        checkGamePoints(firstGamePoints);
        checkGamePoints(secondGamePoints);
        return plusPair(firstGamePoints + secondGamePoints);
    }

    public Pentanomial plus(Pentanomial other) {
        long[] sum = new long[5];
        for (int k = 0; k < 5; k++) {
            sum[k] = Math.addExact(counts[k], other.counts[k]);
        }
        return new Pentanomial(sum);
    }

    public long pairs() {
        long pairs = 0;
        for (long c : counts) {
            pairs += c;
        }
        return pairs;
    }

    public long games() {
        return 2 * pairs();
    }

    /** The engine's Caïssa points over all pairs: 2 per win, 1 per draw. */
    public long points() {
        long points = 0;
        for (int k = 0; k < 5; k++) {
            points += k * counts[k];
        }
        return points;
    }

    /** The engine's mean score per game in [0, 1] (points / 2 per game); NaN with no games. */
    public double score() {
        return points() / (2.0 * games());
    }

    /**
     * The variance, over pairs, of a pair's score per game (k/4 for a pair of k points): what the
     * error of {@link #score()} is made from, pairs being the independent samples. NaN with no pairs.
     */
    public double pairScoreVariance() {
        double mean = score();
        double sum = 0.0;
        for (int k = 0; k < 5; k++) {
            double deviation = k / 4.0 - mean;
            sum += counts[k] * deviation * deviation;
        }
        return sum / pairs();
    }

    /** The same pairs seen from the opponent's side: k points become 4 - k. */
    public Pentanomial mirrored() {
        return new Pentanomial(new long[] {counts[4], counts[3], counts[2], counts[1], counts[0]});
    }

    private static void checkPairPoints(int points) {
        if (points < 0 || points > 4) {
            throw new IllegalArgumentException("points in a game pair must be 0..4, got " + points);
        }
    }

    private static void checkGamePoints(int points) {
        if (points < 0 || points > 2) {
            throw new IllegalArgumentException("points in a game must be 0 (loss), 1 (draw) or 2 (win), got " + points);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pentanomial other && Arrays.equals(counts, other.counts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        return "Pentanomial" + Arrays.toString(counts);
    }
}
