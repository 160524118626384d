package caissa.arena.openings;

import java.util.SplittableRandom;

/**
 * Which book line a run plays at each of its openings: the {@code index}-th opening of a run
 * (a round of a tournament, a game pair of a match) is a pure function of the book, the order
 * and the seed, so shards, merges and resumed runs agree on it.
 */
public record BookOpenings(OpeningBook book, BookOrder order, long seed) {

    /** The book line of opening {@code index} (0-based); a run longer than the book goes round it again. */
    public BookLine at(long index) {
        if (index < 0) {
            throw new IllegalArgumentException("an opening index is at least 0, got " + index);
        }
        int size = book.size();
        int within = (int) (index % size);
        if (order == BookOrder.SEQUENTIAL) {
            return book.lines().get(within);
        }
        return book.lines().get(shuffled(index / size, size)[within]);
    }

    /** A seeded Fisher-Yates shuffle of 0..size-1, one per pass through the book. */
    private int[] shuffled(long pass, int size) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + pass);
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        for (int i = size - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }
}
