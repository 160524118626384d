package caissa.arena.benchmarks.baseline;

import java.util.Locale;
import java.util.Optional;

/**
 * One of the 49 squares of the 7x7 board. The ordinal is the bit index used by the engine's
 * bitboards: {@code rank * 7 + file}, so a1 is 0, g1 is 6, a2 is 7 and g7 is 48.
 */
public enum Square {
    A1,
    B1,
    C1,
    D1,
    E1,
    F1,
    G1,
    A2,
    B2,
    C2,
    D2,
    E2,
    F2,
    G2,
    A3,
    B3,
    C3,
    D3,
    E3,
    F3,
    G3,
    A4,
    B4,
    C4,
    D4,
    E4,
    F4,
    G4,
    A5,
    B5,
    C5,
    D5,
    E5,
    F5,
    G5,
    A6,
    B6,
    C6,
    D6,
    E6,
    F6,
    G6,
    A7,
    B7,
    C7,
    D7,
    E7,
    F7,
    G7;

    /** The number of squares on the board. */
    public static final int COUNT = 49;

    private static final Square[] VALUES = values();

    private final String lowerCaseName = name().toLowerCase(Locale.ROOT);

    /** The square with the given bit index, 0 to 48. */
    public static Square of(int index) {
        return VALUES[index];
    }

    /** The square at file 0..6 (a..g) and rank 0..6 (1..7). */
    public static Square at(int file, int rank) {
        if (file < 0 || file > 6 || rank < 0 || rank > 6) {
            throw new IllegalArgumentException("no square at file " + file + ", rank " + rank);
        }
        return VALUES[rank * 7 + file];
    }

    /** Parses {@code a1} to {@code g7} in either case; empty when the text is not a square. */
    public static Optional<Square> parse(CharSequence text) {
        if (text.length() != 2) {
            return Optional.empty();
        }
        int file = Character.toLowerCase(text.charAt(0)) - 'a';
        int rank = text.charAt(1) - '1';
        if (file < 0 || file > 6 || rank < 0 || rank > 6) {
            return Optional.empty();
        }
        return Optional.of(VALUES[rank * 7 + file]);
    }

    public int index() {
        return ordinal();
    }

    /** 0 for file a up to 6 for file g. */
    public int file() {
        return ordinal() % 7;
    }

    /** 0 for rank 1 up to 6 for rank 7. */
    public int rank() {
        return ordinal() / 7;
    }

    /** The lower-case name used by the protocol and CFN, for example {@code b2}. */
    @Override
    public String toString() {
        return lowerCaseName;
    }
}
