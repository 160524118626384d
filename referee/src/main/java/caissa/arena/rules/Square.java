package caissa.arena.rules;

import java.util.List;
import java.util.Optional;

/**
 * One cell of a variant's board: a square of the 7x7 Caïssa board or a hexagonal cell of the
 * HexCaïssa board. Each variant has a fixed set of instances, so squares compare by identity.
 *
 * <p>The index is the bit used by the engine's bitboards. For Caïssa it is {@code rank * 7 + file},
 * so a1 is 0, g1 is 6, a2 is 7 and g7 is 48. For HexCaïssa the cells are numbered as CFN lists
 * them: file by file from a1, each file from rank 1 upwards, so a1 is 0, a5 is 4, b1 is 5 and i5 is
 * 60.
 *
 * <p>The static members ({@link #A1}, {@link #of(int)}, {@link #parse(CharSequence)}, …) are the
 * squares of Caïssa; {@link Variant} gives each variant's cells.
 */
public final class Square {

    /** The number of squares on the Caïssa board. */
    public static final int COUNT = 49;

    /** File lengths of the HexCaïssa board, files a to i (HEXCAISSA.md section 1). */
    static final int[] HEX_FILE_LENGTHS = {5, 6, 7, 8, 9, 8, 7, 6, 5};

    private static final Square[] CAISSA = caissaSquares();
    static final Square[] HEX = hexSquares();

    public static final Square A1 = CAISSA[0],
            B1 = CAISSA[1],
            C1 = CAISSA[2],
            D1 = CAISSA[3],
            E1 = CAISSA[4],
            F1 = CAISSA[5],
            G1 = CAISSA[6];
    public static final Square A2 = CAISSA[7],
            B2 = CAISSA[8],
            C2 = CAISSA[9],
            D2 = CAISSA[10],
            E2 = CAISSA[11],
            F2 = CAISSA[12],
            G2 = CAISSA[13];
    public static final Square A3 = CAISSA[14],
            B3 = CAISSA[15],
            C3 = CAISSA[16],
            D3 = CAISSA[17],
            E3 = CAISSA[18],
            F3 = CAISSA[19],
            G3 = CAISSA[20];
    public static final Square A4 = CAISSA[21],
            B4 = CAISSA[22],
            C4 = CAISSA[23],
            D4 = CAISSA[24],
            E4 = CAISSA[25],
            F4 = CAISSA[26],
            G4 = CAISSA[27];
    public static final Square A5 = CAISSA[28],
            B5 = CAISSA[29],
            C5 = CAISSA[30],
            D5 = CAISSA[31],
            E5 = CAISSA[32],
            F5 = CAISSA[33],
            G5 = CAISSA[34];
    public static final Square A6 = CAISSA[35],
            B6 = CAISSA[36],
            C6 = CAISSA[37],
            D6 = CAISSA[38],
            E6 = CAISSA[39],
            F6 = CAISSA[40],
            G6 = CAISSA[41];
    public static final Square A7 = CAISSA[42],
            B7 = CAISSA[43],
            C7 = CAISSA[44],
            D7 = CAISSA[45],
            E7 = CAISSA[46],
            F7 = CAISSA[47],
            G7 = CAISSA[48];

    private final Variant variant;
    private final int index;
    private final int file;
    private final int rank;
    private final String name;

    private Square(Variant variant, int index, int file, int rank) {
        this.variant = variant;
        this.index = index;
        this.file = file;
        this.rank = rank;
        this.name = "" + (char) ('a' + file) + (rank + 1);
    }

    private static Square[] caissaSquares() {
        Square[] squares = new Square[COUNT];
        for (int i = 0; i < COUNT; i++) {
            squares[i] = new Square(Variant.CAISSA, i, i % 7, i / 7);
        }
        return squares;
    }

    private static Square[] hexSquares() {
        Square[] cells = new Square[61];
        int index = 0;
        for (int file = 0; file < HEX_FILE_LENGTHS.length; file++) {
            for (int rank = 0; rank < HEX_FILE_LENGTHS[file]; rank++) {
                cells[index] = new Square(Variant.HEXCAISSA, index, file, rank);
                index++;
            }
        }
        return cells;
    }

    static Square[] cellsOf(Variant variant) {
        return variant == Variant.CAISSA ? CAISSA : HEX;
    }

    /** The 49 Caïssa squares, a1 to g7 in index order. */
    public static List<Square> values() {
        return List.of(CAISSA);
    }

    /** The Caïssa square with the given bit index, 0 to 48. */
    public static Square of(int index) {
        return CAISSA[index];
    }

    /** The Caïssa square at file 0..6 (a..g) and rank 0..6 (1..7). */
    public static Square at(int file, int rank) {
        if (file < 0 || file > 6 || rank < 0 || rank > 6) {
            throw new IllegalArgumentException("no square at file " + file + ", rank " + rank);
        }
        return CAISSA[rank * 7 + file];
    }

    /** Parses a Caïssa square {@code a1} to {@code g7} in either case; empty when it is not one. */
    public static Optional<Square> parse(CharSequence text) {
        return Variant.CAISSA.parseSquare(text);
    }

    /** The variant whose board this square belongs to. */
    public Variant variant() {
        return variant;
    }

    /** The bit index of this square in its variant's board. */
    public int index() {
        return index;
    }

    /** 0 for file a upwards. */
    public int file() {
        return file;
    }

    /** 0 for rank 1 upwards (ranks count inside each file on the hex board). */
    public int rank() {
        return rank;
    }

    /** The lower-case name used by the protocol and CFN, for example {@code b2}. */
    @Override
    public String toString() {
        return name;
    }
}
