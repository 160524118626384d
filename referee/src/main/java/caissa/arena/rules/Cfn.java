package caissa.arena.rules;

import java.util.Optional;

/**
 * Position notation (RULES.md section 7, HEXCAISSA.md section 7): {@code board side lastMove plies}.
 * The board lists the variant's rows separated by {@code /} (Caïssa: ranks 7 to 1, 7 characters
 * each; HexCaïssa: files a to i, 5 to 9 characters each): {@code .} empty tile, {@code -} hole,
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
        Geometry geo = position.geometry();
        StringBuilder sb = new StringBuilder(96);
        for (int i = 0; i < geo.cfnRows.length; i++) {
            for (int index : geo.cfnRows[i]) {
                Square square = geo.cells[index];
                Optional<Piece> piece = position.pieceAt(square);
                sb.append(piece.isPresent() ? piece.get().letter() : position.hasTile(square) ? '.' : '-');
            }
            sb.append(i < geo.cfnRows.length - 1 ? '/' : ' ');
        }
        sb.append(position.sideToMove().cfnLetter()).append(' ');
        sb.append(position.lastMove().map(Move::toString).orElse("-")).append(' ');
        sb.append(position.plies());
        return sb.toString();
    }

    static Position parse(Geometry geo, String text) {
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
        String[] rows = fields[0].split("/", -1);
        int rowCount = geo.cfnRows.length;
        if (rows.length != rowCount) {
            throw new InvalidPositionException(
                    BOARD, "expected " + rowCount + " " + geo.cfnRowsWord + " separated by '/', got " + rows.length);
        }
        for (int i = 0; i < rowCount; i++) {
            String row = rows[i];
            int[] cells = geo.cfnRows[i];
            if (row.length() != cells.length) {
                throw new InvalidPositionException(
                        BOARD, String.format(geo.cfnRowLengthProblem, geo.cfnRowNames[i], row.length(), cells.length));
            }
            for (int c = 0; c < cells.length; c++) {
                char ch = row.charAt(c);
                Square square = geo.cells[cells[c]];
                if (ch == '-') {
                    continue;
                }
                tiles |= 1L << square.index();
                if (ch == '.') {
                    continue;
                }
                Piece piece = Piece.fromLetter(ch);
                if (piece == null) {
                    throw new InvalidPositionException(
                            BOARD, "unknown character '" + ch + "' on " + square + " (expected . - Q R B N q r b n)");
                }
                int existing = Position.slot(pieces, piece.ordinal());
                if (existing != Position.NONE) {
                    throw new InvalidPositionException(
                            BOARD,
                            "two " + piece.side() + " " + piece.type() + "s (on " + geo.cells[existing] + " and "
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
            Move move = geo.variant
                    .parseMove(fields[2])
                    .filter(m -> fields[2].length() == 5)
                    .orElseThrow(() ->
                            new InvalidPositionException(LAST_MOVE, String.format(geo.cfnLastMoveProblem, fields[2])));
            lastMove = move.from().index() | move.to().index() << 6;
        }

        int plies;
        if (!fields[3].matches("[0-9]{1,6}")) {
            throw new InvalidPositionException(
                    PLIES, "expected a whole number from 0 to 999999, got '" + fields[3] + "'");
        }
        plies = Integer.parseInt(fields[3]);

        int groups = geo.groups(tiles);
        if (groups > 1) {
            throw new InvalidPositionException(
                    POSITION, "the tiles form " + groups + " groups; they must be connected");
        }
        Position position = new Position(geo, tiles, pieces, side, lastMove, plies);
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
