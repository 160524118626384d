package caissa.arena.rules;

import java.util.List;

/** Helpers that let a test write a position as a picture and read moves as text. */
final class Boards {

    private Boards() {}

    /** The board field of CFN from seven ranks written top (rank 7) to bottom (rank 1). */
    static String board(String... ranks) {
        if (ranks.length != 7) {
            throw new IllegalArgumentException("a board has 7 ranks, got " + ranks.length);
        }
        return String.join("/", ranks);
    }

    static List<String> moves(Position position) {
        return position.legalMoves().stream().map(Move::toString).toList();
    }

    /** The legal moves of the piece on the square, as text. */
    static List<String> movesFrom(Position position, String square) {
        return moves(position).stream()
                .filter(move -> move.startsWith(square + "-"))
                .toList();
    }

    static String reason(Position position, String move) {
        return position.illegalReason(Move.of(move)).orElse("(legal)");
    }
}
