package caissa.arena.rules;

import java.util.Arrays;

/**
 * Precomputed board geometry of one variant: cells and their coordinates, bitboard masks, rays,
 * lines between cells, knight jumps, neighbours, and the local-connectivity table that lets most
 * connection checks skip a flood fill. A bitboard is a {@code long} whose bit {@link Square#index()}
 * stands for a cell (49 squares or 61 hexagons both fit).
 *
 * <p>Everything is built from a few vectors per variant: the orthogonal and diagonal directions,
 * the knight's jumps and the ring of neighbours in angular order. The engine reads only these
 * tables, so it never asks which variant it is playing.
 */
abstract class Geometry {

    /** Line kinds in {@link #line}. */
    static final byte NO_LINE = 0;

    static final byte ORTHOGONAL = 1;
    static final byte DIAGONAL = 2;

    /**
     * Each variant's tables are built when first asked for, in their class's initialization: a
     * quick command plays one variant and need not build the other's ({@code caissa moves}).
     */
    static Geometry of(Variant variant) {
        return variant == Variant.CAISSA ? SquareGeometry.INSTANCE : HexGeometry.INSTANCE;
    }

    final Variant variant;
    /** Number of cells. */
    final int n;

    final long all;
    /** Number of directions; the first {@link #orthogonal} are orthogonal, the rest diagonal. */
    final int directions;

    final int orthogonal;
    /** Knight jump targets of each cell. */
    final long[] knight;
    /** The neighbours of each cell: the connection rule's neighbourhood and the checked queen's steps. */
    final long[] adjacent;
    /** The cells of each ray, nearest first: {@code rays[cell * directions + direction]}. */
    final int[][] rays;
    /** Cells strictly between two cells of a line, else 0: {@code between[a * n + b]}. */
    final long[] between;
    /** Whether two cells share an orthogonal line, a diagonal one, or neither: {@code line[a * n + b]}. */
    final byte[] line;
    /** The neighbours of each cell in angular order, or -1 off the board: {@code ring[cell * ringSize + i]}. */
    final int ringSize;

    final int[] ring;
    /**
     * For each set of present ring neighbours (bit i for ring position i), whether those
     * neighbours are connected among themselves. If they are, removing the centre cell from a
     * connected set of tiles cannot disconnect it: any path through the centre can go round it.
     */
    final boolean[] ringConnected;

    final Square[] cells;
    private final Square[][] byFileRank;
    private final Move[] moves = new Move[64 * 64];

    /** CFN board field: its rows of cells in order, and how messages name them. */
    final int[][] cfnRows;

    final String[] cfnRowNames;
    final String cfnRowsWord;
    /** Format of the problem when a row has the wrong length: row name, length, expected length. */
    final String cfnRowLengthProblem;
    /** Format of the problem when the last-move field is not a move of the board. */
    final String cfnLastMoveProblem;
    /** "square" or "cell", for messages. */
    final String cellWord;
    /** How the checked queen's reason names her targets: "an adjacent square" or "a neighbouring cell". */
    final String neighbourPhrase;

    final String moveExample;
    final String initialCfn;
    private Position initial;
    final BoardShape shape;

    /**
     * @param x, y coordinates of each cell in index order (file and rank, or axial q and r)
     * @param orthogonalVectors, diagonalVectors the directions of the Rook and of the Bishop
     * @param knightVectors the knight's jumps
     * @param ringVectors the neighbour offsets in angular order
     */
    Geometry(
            Variant variant,
            int[] x,
            int[] y,
            int[][] orthogonalVectors,
            int[][] diagonalVectors,
            int[][] knightVectors,
            int[][] ringVectors,
            int[][] cfnRows,
            String[] cfnRowNames,
            String cfnRowsWord,
            String cfnRowLengthProblem,
            String cfnLastMoveProblem,
            String cellWord,
            String neighbourPhrase,
            String moveExample,
            String initialCfn) {
        this.variant = variant;
        this.cells = Square.cellsOf(variant);
        this.n = cells.length;
        this.all = n == 64 ? -1L : (1L << n) - 1;
        this.cfnRows = cfnRows;
        this.cfnRowNames = cfnRowNames;
        this.cfnRowsWord = cfnRowsWord;
        this.cfnRowLengthProblem = cfnRowLengthProblem;
        this.cfnLastMoveProblem = cfnLastMoveProblem;
        this.cellWord = cellWord;
        this.neighbourPhrase = neighbourPhrase;
        this.moveExample = moveExample;
        this.initialCfn = initialCfn;

        int[][] grid = new int[32][32];
        for (int[] column : grid) {
            Arrays.fill(column, -1);
        }
        for (int i = 0; i < n; i++) {
            grid[x[i] + 16][y[i] + 16] = i;
        }
        int maxFile = 0;
        int maxRank = 0;
        for (Square cell : cells) {
            maxFile = Math.max(maxFile, cell.file());
            maxRank = Math.max(maxRank, cell.rank());
        }
        byFileRank = new Square[maxFile + 1][maxRank + 1];
        for (Square cell : cells) {
            byFileRank[cell.file()][cell.rank()] = cell;
        }

        int[][] dirs = new int[orthogonalVectors.length + diagonalVectors.length][];
        System.arraycopy(orthogonalVectors, 0, dirs, 0, orthogonalVectors.length);
        System.arraycopy(diagonalVectors, 0, dirs, orthogonalVectors.length, diagonalVectors.length);
        directions = dirs.length;
        orthogonal = orthogonalVectors.length;
        ringSize = ringVectors.length;
        knight = new long[n];
        adjacent = new long[n];
        rays = new int[n * directions][];
        between = new long[n * n];
        line = new byte[n * n];
        ring = new int[n * ringSize];

        for (int sq = 0; sq < n; sq++) {
            for (int[] j : knightVectors) {
                int t = at(grid, x[sq] + j[0], y[sq] + j[1]);
                if (t >= 0) {
                    knight[sq] |= 1L << t;
                }
            }
            for (int i = 0; i < ringSize; i++) {
                int t = at(grid, x[sq] + ringVectors[i][0], y[sq] + ringVectors[i][1]);
                ring[sq * ringSize + i] = t;
                if (t >= 0) {
                    adjacent[sq] |= 1L << t;
                }
            }
            for (int d = 0; d < directions; d++) {
                int[] ray = new int[16];
                int len = 0;
                long betweenBits = 0;
                for (int step = 1; ; step++) {
                    int target = at(grid, x[sq] + step * dirs[d][0], y[sq] + step * dirs[d][1]);
                    if (target < 0) {
                        break;
                    }
                    ray[len++] = target;
                    between[sq * n + target] = betweenBits;
                    line[sq * n + target] = d < orthogonal ? ORTHOGONAL : DIAGONAL;
                    betweenBits |= 1L << target;
                }
                rays[sq * directions + d] = Arrays.copyOf(ray, len);
            }
        }

        ringConnected = new boolean[1 << ringSize];
        boolean[][] touching = new boolean[ringSize][ringSize];
        for (int i = 0; i < ringSize; i++) {
            for (int j = 0; j < ringSize; j++) {
                int dx = ringVectors[j][0] - ringVectors[i][0];
                int dy = ringVectors[j][1] - ringVectors[i][1];
                for (int[] v : ringVectors) {
                    touching[i][j] |= v[0] == dx && v[1] == dy;
                }
            }
        }
        for (int mask = 0; mask < ringConnected.length; mask++) {
            ringConnected[mask] = ringComponents(mask, touching) <= 1;
        }
        shape = new BoardShape(this);
    }

    private static int at(int[][] grid, int x, int y) {
        int gx = x + 16;
        int gy = y + 16;
        return gx < 0 || gy < 0 || gx >= 32 || gy >= 32 ? -1 : grid[gx][gy];
    }

    private static int ringComponents(int mask, boolean[][] touching) {
        int size = touching.length;
        int seen = 0;
        int components = 0;
        for (int start = 0; start < size; start++) {
            if ((mask >> start & 1) == 0 || (seen >> start & 1) != 0) {
                continue;
            }
            components++;
            int stack = 1 << start;
            seen |= 1 << start;
            while (stack != 0) {
                int i = Integer.numberOfTrailingZeros(stack);
                stack &= stack - 1;
                for (int j = 0; j < size; j++) {
                    if (touching[i][j] && (mask >> j & 1) != 0 && (seen >> j & 1) == 0) {
                        seen |= 1 << j;
                        stack |= 1 << j;
                    }
                }
            }
        }
        return components;
    }

    /** The variant's start position (made on first use: a position needs its geometry). */
    Position initial() {
        Position p = initial;
        if (p == null) {
            p = Cfn.parse(this, initialCfn);
            initial = p;
        }
        return p;
    }

    /** The cell at a file and rank (both from 0), or null when the board has none there. */
    Square cellAt(int file, int rank) {
        if (file < 0 || rank < 0 || file >= byFileRank.length || rank >= byFileRank[file].length) {
            return null;
        }
        return byFileRank[file][rank];
    }

    /** The move with a code {@code from | to << 6}, made once so that the engine never allocates one. */
    Move move(int code) {
        Move m = moves[code];
        if (m == null) {
            m = new Move(cells[code & 63], cells[code >>> 6]);
            moves[code] = m;
        }
        return m;
    }

    /** The group of cells in {@code within} connected to the cells of {@code seed} (a flood fill). */
    abstract long component(long seed, long within);

    /** Whether the cells form one group under the connection rule. */
    final boolean connected(long tiles) {
        return tiles == 0 || component(tiles & -tiles, tiles) == tiles;
    }

    /** The number of groups the cells form under the connection rule. */
    final int groups(long tiles) {
        int groups = 0;
        long rest = tiles;
        while (rest != 0) {
            rest &= ~component(rest & -rest, rest);
            groups++;
        }
        return groups;
    }

    /**
     * Whether a connected set of tiles stays connected when the tile on {@code cell} is removed:
     * a lookup when the cell's neighbours are connected round it, else a flood fill.
     */
    final boolean connectedWithout(long tilesWithout, int cell) {
        return ringConnected[ringMask(tilesWithout, cell)] || connected(tilesWithout);
    }

    final int ringMask(long tiles, int cell) {
        int base = cell * ringSize;
        int mask = 0;
        for (int i = 0; i < ringSize; i++) {
            int nb = ring[base + i];
            if (nb >= 0 && (tiles >>> nb & 1) != 0) {
                mask |= 1 << i;
            }
        }
        return mask;
    }

    /** The 7x7 board of RULES.md: index {@code rank * 7 + file}, the 8-neighbourhood. */
    private static final class SquareGeometry extends Geometry {

        private static final long ALL = (1L << 49) - 1;
        private static final long NOT_FILE_A;
        private static final long NOT_FILE_G;

        static {
            long fileA = 0;
            long fileG = 0;
            for (int rank = 0; rank < 7; rank++) {
                fileA |= 1L << (rank * 7);
                fileG |= 1L << (rank * 7 + 6);
            }
            NOT_FILE_A = ALL & ~fileA;
            NOT_FILE_G = ALL & ~fileG;
        }

        /** Made after the masks are set, which component() reads. */
        static final Geometry INSTANCE = new SquareGeometry();

        SquareGeometry() {
            super(
                    Variant.CAISSA,
                    coordinates(true),
                    coordinates(false),
                    new int[][] {{0, 1}, {1, 0}, {0, -1}, {-1, 0}},
                    new int[][] {{1, 1}, {1, -1}, {-1, -1}, {-1, 1}},
                    new int[][] {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}},
                    new int[][] {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}},
                    rows(),
                    rowNames(),
                    "ranks",
                    "%s has %d squares",
                    "expected '-' or a move like 'c1-c2', got '%s'",
                    "square",
                    "an adjacent square",
                    "c1-c2",
                    "......./...bqn./....r../......./..R..../.NQB.../....... w - 0");
        }

        private static int[] coordinates(boolean file) {
            int[] c = new int[49];
            for (int i = 0; i < 49; i++) {
                c[i] = file ? i % 7 : i / 7;
            }
            return c;
        }

        /** CFN lists ranks 7 down to 1, each from file a to g. */
        private static int[][] rows() {
            int[][] rows = new int[7][7];
            for (int i = 0; i < 7; i++) {
                for (int file = 0; file < 7; file++) {
                    rows[i][file] = (6 - i) * 7 + file;
                }
            }
            return rows;
        }

        private static String[] rowNames() {
            String[] names = new String[7];
            for (int i = 0; i < 7; i++) {
                names[i] = "rank " + (7 - i);
            }
            return names;
        }

        /** Grows by shifts: a row one file left and right, then that one rank up and down. */
        @Override
        long component(long seed, long within) {
            long reached = seed;
            while (true) {
                long row = reached | (reached << 1) & NOT_FILE_A | (reached >>> 1) & NOT_FILE_G;
                long next = (row | row << 7 | row >>> 7) & within;
                if (next == reached) {
                    return reached;
                }
                reached = next;
            }
        }
    }

    /** The 61-cell board of HEXCAISSA.md in axial coordinates, the 12-neighbourhood. */
    private static final class HexGeometry extends Geometry {

        static final Geometry INSTANCE = new HexGeometry();

        HexGeometry() {
            super(
                    Variant.HEXCAISSA,
                    axial(true),
                    axial(false),
                    // N, NE, SE, S, SW, NW
                    new int[][] {{0, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}},
                    // NNE, E, SSE, SSW, W, NNW
                    new int[][] {{1, 1}, {2, -1}, {1, -2}, {-1, -1}, {-2, 1}, {-1, 2}},
                    new int[][] {
                        {1, 2}, {2, 1}, {3, -1}, {3, -2}, {2, -3}, {1, -3}, {-1, -2}, {-2, -1}, {-3, 1}, {-3, 2},
                        {-2, 3}, {-1, 3}
                    },
                    // Clockwise from N, orthogonal and diagonal neighbours alternating.
                    new int[][] {
                        {0, 1}, {1, 1}, {1, 0}, {2, -1}, {1, -1}, {1, -2}, {0, -1}, {-1, -1}, {-1, 0}, {-2, 1}, {-1, 1},
                        {-1, 2}
                    },
                    rows(),
                    rowNames(),
                    "files",
                    "%s has %d cells, expected %d",
                    "expected '-' or a move between cells of the board, like 'c2-e6', got '%s'",
                    "cell",
                    "a neighbouring cell",
                    "c2-e6",
                    "...../....../RQ...../..N...../..B...b../.....n../.....qr/....../..... w - 0");
        }

        /** q = file - 4; r = rank - 5 - min(q, 0) with rank counted from 1. */
        private static int[] axial(boolean q) {
            int[] c = new int[Square.HEX.length];
            for (Square cell : Square.HEX) {
                int cq = cell.file() - 4;
                c[cell.index()] = q ? cq : cell.rank() + 1 - 5 - Math.min(cq, 0);
            }
            return c;
        }

        /** CFN lists files a to i, each from rank 1 upwards: index order. */
        private static int[][] rows() {
            int[][] rows = new int[Square.HEX_FILE_LENGTHS.length][];
            int index = 0;
            for (int file = 0; file < rows.length; file++) {
                rows[file] = new int[Square.HEX_FILE_LENGTHS[file]];
                for (int rank = 0; rank < rows[file].length; rank++) {
                    rows[file][rank] = index++;
                }
            }
            return rows;
        }

        private static String[] rowNames() {
            String[] names = new String[Square.HEX_FILE_LENGTHS.length];
            for (int file = 0; file < names.length; file++) {
                names[file] = "file " + (char) ('a' + file);
            }
            return names;
        }

        /** Grows from the newly reached cells only, by the neighbour table (no shifts fit this board). */
        @Override
        long component(long seed, long within) {
            long reached = seed;
            long frontier = seed;
            while (frontier != 0) {
                long next = 0;
                do {
                    next |= adjacent[Long.numberOfTrailingZeros(frontier)];
                    frontier &= frontier - 1;
                } while (frontier != 0);
                frontier = next & within & ~reached;
                reached |= frontier;
            }
            return reached;
        }
    }
}
