package caissa.bots;

import java.util.Arrays;

/**
 * Precomputed board geometry for evaluation and move ordering. The rules package keeps its own
 * tables private; these are the few the bots need, in the same layout: a bitboard is a
 * {@code long} whose bit {@code rank * 7 + file} stands for a square.
 */
final class BoardGeometry {

    static final int SQUARES = 49;

    /** Line kinds in {@link #LINE}. */
    static final byte NO_LINE = 0;
    static final byte ORTHOGONAL = 1;
    static final byte DIAGONAL = 2;

    /** Knight jump targets of each square. */
    static final long[] KNIGHT = new long[SQUARES];
    /** The (up to 8) squares adjacent to each square. */
    static final long[] ADJACENT = new long[SQUARES];
    /** Squares within two king steps of each square, itself excluded. */
    static final long[] NEAR = new long[SQUARES];
    /** The squares of each ray, nearest first: {@code RAYS[square * 8 + direction]}, directions
     * 0..3 orthogonal and 4..7 diagonal. */
    static final int[][] RAYS = new int[SQUARES * 8][];
    /** Squares strictly between two aligned squares, else 0: {@code BETWEEN[a * 49 + b]}. */
    static final long[] BETWEEN = new long[SQUARES * SQUARES];
    /** Whether two squares share a rank or file, a diagonal, or neither: {@code LINE[a * 49 + b]}. */
    static final byte[] LINE = new byte[SQUARES * SQUARES];

    private static final int[] DIR_FILE = {0, 1, 0, -1, 1, 1, -1, -1};
    private static final int[] DIR_RANK = {1, 0, -1, 0, 1, -1, -1, 1};

    static {
        int[][] jumps = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        for (int sq = 0; sq < SQUARES; sq++) {
            int f = sq % 7;
            int r = sq / 7;
            for (int[] j : jumps) {
                if (onBoard(f + j[0], r + j[1])) {
                    KNIGHT[sq] |= 1L << index(f + j[0], r + j[1]);
                }
            }
            for (int df = -2; df <= 2; df++) {
                for (int dr = -2; dr <= 2; dr++) {
                    if ((df != 0 || dr != 0) && onBoard(f + df, r + dr)) {
                        if (Math.abs(df) <= 1 && Math.abs(dr) <= 1) {
                            ADJACENT[sq] |= 1L << index(f + df, r + dr);
                        }
                        NEAR[sq] |= 1L << index(f + df, r + dr);
                    }
                }
            }
            for (int d = 0; d < 8; d++) {
                int[] ray = new int[6];
                int len = 0;
                long between = 0;
                for (int nf = f + DIR_FILE[d], nr = r + DIR_RANK[d]; onBoard(nf, nr);
                        nf += DIR_FILE[d], nr += DIR_RANK[d]) {
                    int target = index(nf, nr);
                    ray[len++] = target;
                    BETWEEN[sq * SQUARES + target] = between;
                    LINE[sq * SQUARES + target] = d < 4 ? ORTHOGONAL : DIAGONAL;
                    between |= 1L << target;
                }
                RAYS[sq * 8 + d] = Arrays.copyOf(ray, len);
            }
        }
    }

    private BoardGeometry() {
    }

    private static boolean onBoard(int file, int rank) {
        return file >= 0 && file < 7 && rank >= 0 && rank < 7;
    }

    private static int index(int file, int rank) {
        return rank * 7 + file;
    }
}
