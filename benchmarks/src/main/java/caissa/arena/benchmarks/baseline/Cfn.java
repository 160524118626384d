package caissa.arena.benchmarks.baseline;

import java.util.Optional;

/**
 * Caïssa position notation (RULES.md section 7): {@code board side lastMove plies}, the board
 * as ranks 7 to 1 separated by {@code /}, each 7 characters: {@code .} empty tile, {@code -} hole,
 * {@code QRBN} White, {@code qrbn} Black.
 */
final class Cfn {

    private static final String BOARD = "board";
    private static final String SIDE = "side to move";
    private static final String LAST_MOVE = "last move";
    private static final String PLIES = "plies";
    private static final String POSITION = "position";

    private Cfn() {}

    static String format(Position position) {
        StringBuilder sb = new StringBuilder(80);
        for (int rank = 6; rank >= 0; rank--) {
            for (int file = 0; file < 7; file++) {
                Square square = Square.at(file, rank);
                Optional<Piece> piece = position.pieceAt(square);
                sb.append(piece.isPresent() ? piece.get().letter() : position.hasTile(square) ? '.' : '-');
            }
            sb.append(rank > 0 ? '/' : ' ');
        }
        sb.append(position.sideToMove().cfnLetter()).append(' ');
        sb.append(position.lastMove().map(Move::toString).orElse("-")).append(' ');
        sb.append(position.plies());
        return sb.toString();
    }

    static Position parse(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidPositionException(
                    POSITION, "empty text; expected four fields: board, side to move, last move, plies");
        }
        String[] fields = text.strip().split(" ", -1);
        if (fields.length != 4) {
            throw new InvalidPositionException(
                    POSITION,
                    "expected 4 fields separated by single spaces" + " (board, side to move, last move, plies), got "
                            + fields.length);
        }
        long tiles = 0;
        long pieces = -1L;
        String[] ranks = fields[0].split("/", -1);
        if (ranks.length != 7) {
            throw new InvalidPositionException(BOARD, "expected 7 ranks separated by '/', got " + ranks.length);
        }
        for (int i = 0; i < 7; i++) {
            int rank = 6 - i;
            String row = ranks[i];
            if (row.length() != 7) {
                throw new InvalidPositionException(BOARD, "rank " + (rank + 1) + " has " + row.length() + " squares");
            }
            for (int file = 0; file < 7; file++) {
                char c = row.charAt(file);
                Square square = Square.at(file, rank);
                if (c == '-') {
                    continue;
                }
                tiles |= 1L << square.index();
                if (c == '.') {
                    continue;
                }
                Piece piece = Piece.fromLetter(c);
                if (piece == null) {
                    throw new InvalidPositionException(
                            BOARD, "unknown character '" + c + "' on " + square + " (expected . - Q R B N q r b n)");
                }
                int existing = Position.slot(pieces, piece.ordinal());
                if (existing != Position.NONE) {
                    throw new InvalidPositionException(
                            BOARD,
                            "two " + piece.side() + " " + piece.type() + "s (on " + Square.of(existing) + " and "
                                    + square + ")");
                }
                pieces = Position.withSlot(pieces, piece.ordinal(), square.index());
            }
        }
        for (Side side : Side.values()) {
            if (Position.slot(pieces, Piece.of(side, PieceType.QUEEN).ordinal()) == Position.NONE) {
                throw new InvalidPositionException(BOARD, "no " + side + " queen");
            }
        }

        int side = switch (fields[1]) {
            case "w" -> 0;
            case "b" -> 1;
            default -> throw new InvalidPositionException(SIDE, "expected 'w' or 'b', got '" + fields[1] + "'");
        };

        int lastMove = Position.NO_MOVE;
        if (!fields[2].equals("-")) {
            Move move = Move.parse(fields[2])
                    .filter(m -> fields[2].length() == 5)
                    .orElseThrow(() -> new InvalidPositionException(
                            LAST_MOVE, "expected '-' or a move like 'c1-c2', got '" + fields[2] + "'"));
            lastMove = move.from().index() | move.to().index() << 6;
        }

        int plies;
        if (!fields[3].matches("[0-9]{1,6}")) {
            throw new InvalidPositionException(
                    PLIES, "expected a whole number from 0 to 999999, got '" + fields[3] + "'");
        }
        plies = Integer.parseInt(fields[3]);

        int groups = Geometry.groups(tiles);
        if (groups > 1) {
            throw new InvalidPositionException(
                    POSITION, "the tiles form " + groups + " groups; they must be connected");
        }
        Position position = new Position(tiles, pieces, side, lastMove, plies);
        if (position.queensInSight()) {
            throw new InvalidPositionException(
                    POSITION,
                    "the queens on "
                            + position.squareOf(Piece.WHITE_QUEEN).orElseThrow() + " and "
                            + position.squareOf(Piece.BLACK_QUEEN).orElseThrow() + " see each other");
        }
        Side notToMove = position.sideToMove().opponent();
        if (position.inCheck(notToMove)) {
            throw new InvalidPositionException(POSITION, "the side not to move (" + notToMove + ") is in check");
        }
        return position;
    }
}
