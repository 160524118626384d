package caissa.arena.benchmarks.baseline;

/**
 * A piece of one side. The ordinal is the piece's slot in the engine's packed piece table:
 * {@code side.ordinal() * 4 + type.ordinal()}.
 */
public enum Piece {
    WHITE_QUEEN(Side.WHITE, PieceType.QUEEN),
    WHITE_ROOK(Side.WHITE, PieceType.ROOK),
    WHITE_BISHOP(Side.WHITE, PieceType.BISHOP),
    WHITE_KNIGHT(Side.WHITE, PieceType.KNIGHT),
    BLACK_QUEEN(Side.BLACK, PieceType.QUEEN),
    BLACK_ROOK(Side.BLACK, PieceType.ROOK),
    BLACK_BISHOP(Side.BLACK, PieceType.BISHOP),
    BLACK_KNIGHT(Side.BLACK, PieceType.KNIGHT);

    private static final Piece[] VALUES = values();

    private final Side side;
    private final PieceType type;

    Piece(Side side, PieceType type) {
        this.side = side;
        this.type = type;
    }

    public static Piece of(Side side, PieceType type) {
        return VALUES[side.ordinal() * 4 + type.ordinal()];
    }

    static Piece ofSlot(int slot) {
        return VALUES[slot];
    }

    /** The piece for a CFN letter (upper case White, lower case Black), or null for any other character. */
    static Piece fromLetter(char letter) {
        for (Piece piece : VALUES) {
            if (piece.letter() == letter) {
                return piece;
            }
        }
        return null;
    }

    public Side side() {
        return side;
    }

    public PieceType type() {
        return type;
    }

    /** The CFN letter: upper case for White, lower case for Black. */
    public char letter() {
        return side == Side.WHITE ? type.letter() : Character.toLowerCase(type.letter());
    }

    @Override
    public String toString() {
        return side.word() + " " + type.word();
    }
}
