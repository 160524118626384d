package caissa.bots;

/**
 * Remembers searched positions by {@code Position.hash64()} so that transpositions and the next
 * iteration of iterative deepening start from what is known: a score bound and the best move.
 *
 * <p>Two parallel {@code long} arrays (key, packed data) of a power-of-two size keep the memory
 * fixed and the garbage collector idle. Entries come in buckets of two: the first keeps the
 * deeper search (from this move's search), the second always takes the newest.
 *
 * <p>Data layout: bits 0-15 score + 32768, 16-23 depth, 24-25 bound, 26-37 move code
 * ({@code from | to << 6}), 38-45 generation, 63 set in every stored entry.
 */
final class TranspositionTable {

    static final int EXACT = 0;
    static final int LOWER = 1;
    static final int UPPER = 2;
    static final int NO_MOVE = 0xFFF;

    /** Bytes per entry: a key and a data word. */
    static final int ENTRY_BYTES = 16;

    private static final long USED = 1L << 63;

    private final long[] keys;
    private final long[] data;
    private final int mask;
    private int generation;

    /** A table of at most {@code maxBytes}, rounded down to a power of two of entries (at least 2). */
    TranspositionTable(long maxBytes) {
        long entries = Long.highestOneBit(Math.max(2, maxBytes / ENTRY_BYTES));
        int size = (int) Math.min(entries, 1 << 26);
        keys = new long[size];
        data = new long[size];
        mask = size - 1;
    }

    /** Marks the start of a new move's search, so that older entries give way first. */
    void nextGeneration() {
        generation = (generation + 1) & 0xFF;
    }

    /** The data stored for the key, or 0 if none. */
    long probe(long key) {
        int i = (int) key & mask & ~1;
        if (keys[i] == key && data[i] != 0) {
            return data[i];
        }
        if (keys[i + 1] == key && data[i + 1] != 0) {
            return data[i + 1];
        }
        return 0;
    }

    void store(long key, int depth, int bound, int score, int move) {
        int i = (int) key & mask & ~1;
        long packed = USED
                | (long) generation << 38
                | (long) (move & 0xFFF) << 26
                | (long) bound << 24
                | (long) Math.min(depth, 255) << 16
                | (score + 32768) & 0xFFFF;
        if (keys[i + 1] == key) {
            i++;
        } else if (keys[i] != key && data[i] != 0 && generation(data[i]) == generation && depth(data[i]) > depth) {
            i++;
        }
        if (move == NO_MOVE && keys[i] == key && data[i] != 0) {
            // Keep the best move a shallower search of the same position found.
            packed = packed & ~(0xFFFL << 26) | data[i] & 0xFFFL << 26;
        }
        keys[i] = key;
        data[i] = packed;
    }

    static int score(long data) {
        return (int) (data & 0xFFFF) - 32768;
    }

    static int depth(long data) {
        return (int) (data >>> 16) & 0xFF;
    }

    static int bound(long data) {
        return (int) (data >>> 24) & 3;
    }

    static int move(long data) {
        return (int) (data >>> 26) & 0xFFF;
    }

    private static int generation(long data) {
        return (int) (data >>> 38) & 0xFF;
    }
}
