package caissa.arena.rules;

/**
 * A reusable buffer of legal moves, for searches that visit millions of positions: filling it
 * ({@link Position#legalMoves(MoveList)}) and reading it allocate nothing. Each entry is an
 * engine code {@code from | to << 6} (cell indices, see {@link Square#index()}); {@link #move(int)}
 * gives the shared {@link Move} instance and {@link #play(int)} the position after the move,
 * without checking again what the generator already checked.
 *
 * <p>Not thread-safe: give each search (and each ply of it) its own list.
 */
public final class MoveList {

    private final int[] codes = new int[Position.MAX_MOVES];
    private int size;
    private Position position;

    /** Called by the position that fills the list. */
    int[] fill(Position from) {
        position = from;
        size = 0;
        return codes;
    }

    void size(int n) {
        size = n;
    }

    /** The number of legal moves. */
    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The i-th move's code {@code from | to << 6}. */
    public int code(int i) {
        check(i);
        return codes[i];
    }

    public int from(int i) {
        return code(i) & 63;
    }

    public int to(int i) {
        return code(i) >>> 6;
    }

    public Move move(int i) {
        return position.geometry().move(code(i));
    }

    /** The position after the i-th move, which is legal by construction. */
    public Position play(int i) {
        return position.playCode(code(i));
    }

    /** Exchanges two entries, for move ordering in place. */
    public void swap(int i, int j) {
        check(i);
        check(j);
        int c = codes[i];
        codes[i] = codes[j];
        codes[j] = c;
    }

    private void check(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("move " + i + " of " + size);
        }
    }
}
