package caissa.arena.rules;

/**
 * A variant's board for programs that search it: its cells as bit indices of a {@code long}
 * bitboard (the {@link Square#index()}), and the precomputed sets a move generator or an
 * evaluation reads many times per node. Every method answers from tables, without allocating.
 *
 * <p>Bitboards here and in {@link Position#tileBits()}, {@link Position#occupiedBits()} use the
 * same bits, so that, for example, {@code neighbours(q) & position.tileBits()} are the tiles a
 * queen in check could step to.
 */
public final class BoardShape {

    private final Geometry geo;
    private final long[] near;

    BoardShape(Geometry geo) {
        this.geo = geo;
        this.near = new long[geo.n];
        for (int cell = 0; cell < geo.n; cell++) {
            long set = geo.adjacent[cell];
            long rest = set;
            while (rest != 0) {
                set |= geo.adjacent[Long.numberOfTrailingZeros(rest)];
                rest &= rest - 1;
            }
            near[cell] = set & ~(1L << cell);
        }
    }

    public Variant variant() {
        return geo.variant;
    }

    /** The number of cells: 49 or 61. */
    public int cellCount() {
        return geo.n;
    }

    /** The cell with a bit index. */
    public Square cell(int index) {
        return geo.cells[index];
    }

    /** The move between two cells by their indices; the same instance every time. */
    public Move move(int from, int to) {
        return geo.move(from | to << 6);
    }

    /** The move with an engine code {@code from | to << 6}, as {@link MoveList#code(int)} gives. */
    public Move move(int code) {
        return geo.move(code);
    }

    /** The neighbours of a cell: the connection rule's neighbourhood and a checked queen's steps. */
    public long neighbours(int cell) {
        return geo.adjacent[cell];
    }

    /** The cells within two neighbour steps of a cell, the cell itself excluded. */
    public long near(int cell) {
        return near[cell];
    }

    /** The knight's jump targets from a cell. */
    public long knightJumps(int cell) {
        return geo.knight[cell];
    }

    /** The cells a rook on {@code cell} attacks: along each orthogonal line up to and including the first blocker. */
    public long orthogonalRays(int cell, long blockers) {
        return rays(cell, 0, geo.orthogonal, blockers);
    }

    /** The cells a bishop on {@code cell} attacks: along each diagonal line up to and including the first blocker. */
    public long diagonalRays(int cell, long blockers) {
        return rays(cell, geo.orthogonal, geo.directions, blockers);
    }

    private long rays(int cell, int firstDirection, int lastDirection, long blockers) {
        int[][] rays = geo.rays;
        int base = cell * geo.directions;
        long bits = 0;
        for (int d = firstDirection; d < lastDirection; d++) {
            for (int sq : rays[base + d]) {
                bits |= 1L << sq;
                if ((blockers >>> sq & 1) != 0) {
                    break;
                }
            }
        }
        return bits;
    }
}
