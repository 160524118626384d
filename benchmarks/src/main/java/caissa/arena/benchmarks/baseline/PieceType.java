package caissa.arena.benchmarks.baseline;

/**
 * The four kinds of piece. Each side has one Queen and at most one of each other kind. The
 * ordinal is the piece's slot within its side in the engine's packed piece table.
 */
public enum PieceType {
    QUEEN('Q', "queen"),
    ROOK('R', "rook"),
    BISHOP('B', "bishop"),
    KNIGHT('N', "knight");

    private final char letter;
    private final String word;

    PieceType(char letter, String word) {
        this.letter = letter;
        this.word = word;
    }

    /** The upper-case letter of CFN: Q, R, B or N. */
    public char letter() {
        return letter;
    }

    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return word;
    }
}
