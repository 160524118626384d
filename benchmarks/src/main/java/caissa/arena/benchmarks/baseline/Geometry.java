package caissa.arena.benchmarks.baseline;

import java.util.Arrays;

/**
 * Precomputed board geometry for the engine: bitboard masks, rays, lines between squares and the
 * local-connectivity table that lets most connection checks skip a flood fill. A bitboard is a
 * {@code long} whose bit {@code rank * 7 + file} stands for a square.
 */
final class Geometry {

    static final int N = Square.COUNT;
    static final long ALL = (1L << N) - 1;

    /** Line kinds in {@link #LINE}. */
    static final byte NO_LINE = 0;

    static final byte ORTHOGONAL = 1;
    static final byte DIAGONAL = 2;

    private static final long FILE_A;
    private static final long FILE_G;
    static final long NOT_FILE_A;
    static final long NOT_FILE_G;

    /** Knight jump targets of each square. */
    static final long[] KNIGHT = new long[N];
    /** The (up to 8) squares adjacent to each square, orthogonally or diagonally. */
    static final long[] ADJACENT = new long[N];

    /** Directions: 0..3 orthogonal (N, E, S, W), 4..7 diagonal (NE, SE, SW, NW). */
    private static final int[] DIR_FILE = {0, 1, 0, -1, 1, 1, -1, -1};

    private static final int[] DIR_RANK = {1, 0, -1, 0, 1, -1, -1, 1};
    /** The squares of each ray, nearest first: {@code RAYS[square * 8 + direction]}. */
    static final int[][] RAYS = new int[N * 8][];

    /**
     * The adjacent squares of each square in ring order N, NE, E, SE, S, SW, W, NW, or -1 off the
     * board: {@code RING[square * 8 + i]}.
     */
    static final int[] RING = new int[N * 8];

    private static final int[] RING_FILE = {0, 1, 1, 1, 0, -1, -1, -1};
    private static final int[] RING_RANK = {1, 1, 0, -1, -1, -1, 0, 1};

    /**
     * For each set of present ring neighbours (bit i for ring position i), whether those
     * neighbours are connected among themselves. If they are, removing the centre square from a
     * connected set of tiles cannot disconnect it: any path through the centre can go round it.
     */
    static final boolean[] RING_CONNECTED = new boolean[256];

    /** Squares strictly between two aligned squares, else 0: {@code BETWEEN[a * 49 + b]}. */
    static final long[] BETWEEN = new long[N * N];
    /** Whether two squares share a rank or file (ORTHOGONAL), a diagonal (DIAGONAL), or neither. */
    static final byte[] LINE = new byte[N * N];

    static {
        long fileA = 0;
        long fileG = 0;
        for (int rank = 0; rank < 7; rank++) {
            fileA |= 1L << (rank * 7);
            fileG |= 1L << (rank * 7 + 6);
        }
        FILE_A = fileA;
        FILE_G = fileG;
        NOT_FILE_A = ALL & ~FILE_A;
        NOT_FILE_G = ALL & ~FILE_G;

        int[][] jumps = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        for (int sq = 0; sq < N; sq++) {
            int f = sq % 7;
            int r = sq / 7;
            for (int[] j : jumps) {
                if (onBoard(f + j[0], r + j[1])) {
                    KNIGHT[sq] |= 1L << index(f + j[0], r + j[1]);
                }
            }
            for (int i = 0; i < 8; i++) {
                int nf = f + RING_FILE[i];
                int nr = r + RING_RANK[i];
                RING[sq * 8 + i] = onBoard(nf, nr) ? index(nf, nr) : -1;
                if (onBoard(nf, nr)) {
                    ADJACENT[sq] |= 1L << index(nf, nr);
                }
            }
            for (int d = 0; d < 8; d++) {
                int len = 0;
                int[] ray = new int[6];
                long between = 0;
                for (int nf = f + DIR_FILE[d], nr = r + DIR_RANK[d];
                        onBoard(nf, nr);
                        nf += DIR_FILE[d], nr += DIR_RANK[d]) {
                    int target = index(nf, nr);
                    ray[len++] = target;
                    BETWEEN[sq * N + target] = between;
                    LINE[sq * N + target] = d < 4 ? ORTHOGONAL : DIAGONAL;
                    between |= 1L << target;
                }
                RAYS[sq * 8 + d] = Arrays.copyOf(ray, len);
            }
        }
        for (int mask = 0; mask < 256; mask++) {
            RING_CONNECTED[mask] = ringComponents(mask) <= 1;
        }
    }

    private Geometry() {}

    static boolean onBoard(int file, int rank) {
        return file >= 0 && file < 7 && rank >= 0 && rank < 7;
    }

    static int index(int file, int rank) {
        return rank * 7 + file;
    }

    /** The set and its 8-neighbourhood. */
    static long dilate(long set) {
        long row = set | (set << 1) & NOT_FILE_A | (set >>> 1) & NOT_FILE_G;
        return (row | row << 7 | row >>> 7) & ALL;
    }

    /** Whether the squares form one group connected orthogonally or diagonally (by flood fill). */
    static boolean connected(long tiles) {
        if (tiles == 0) {
            return true;
        }
        long reached = tiles & -tiles;
        while (true) {
            long next = dilate(reached) & tiles;
            if (next == reached) {
                return reached == tiles;
            }
            reached = next;
        }
    }

    /** The number of 8-connected groups of the squares. */
    static int groups(long tiles) {
        int groups = 0;
        long rest = tiles;
        while (rest != 0) {
            long reached = rest & -rest;
            while (true) {
                long next = dilate(reached) & rest;
                if (next == reached) {
                    break;
                }
                reached = next;
            }
            rest &= ~reached;
            groups++;
        }
        return groups;
    }

    /**
     * Whether a connected set of tiles stays connected when the tile on {@code square} is
     * removed: a lookup when the square's neighbours are connected round it, else a flood fill.
     */
    static boolean connectedWithout(long tilesWithout, int square) {
        return RING_CONNECTED[ringMask(tilesWithout, square)] || connected(tilesWithout);
    }

    static int ringMask(long tiles, int square) {
        int base = square * 8;
        int mask = 0;
        for (int i = 0; i < 8; i++) {
            int n = RING[base + i];
            if (n >= 0 && (tiles >>> n & 1) != 0) {
                mask |= 1 << i;
            }
        }
        return mask;
    }

    private static int ringComponents(int mask) {
        // Ring neighbours i and i+1 always touch; orthogonal ones (even i) also touch i+2.
        int seen = 0;
        int components = 0;
        for (int start = 0; start < 8; start++) {
            if ((mask >> start & 1) == 0 || (seen >> start & 1) != 0) {
                continue;
            }
            components++;
            int stack = 1 << start;
            seen |= 1 << start;
            while (stack != 0) {
                int i = Integer.numberOfTrailingZeros(stack);
                stack &= stack - 1;
                int[] touching = i % 2 == 0
                        ? new int[] {(i + 1) % 8, (i + 7) % 8, (i + 2) % 8, (i + 6) % 8}
                        : new int[] {(i + 1) % 8, (i + 7) % 8};
                for (int j : touching) {
                    if ((mask >> j & 1) != 0 && (seen >> j & 1) == 0) {
                        seen |= 1 << j;
                        stack |= 1 << j;
                    }
                }
            }
        }
        return components;
    }
}
