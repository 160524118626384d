package caissa.bots;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.rules.Move;
import caissa.arena.rules.Piece;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.rules.Square;
import caissa.arena.rules.Variant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link Board} must answer as the rules engine does, in both variants, or evaluation and ordering go astray. */
class BoardTest {

    @ParameterizedTest(name = "{0} random game, seed {1}")
    @CsvSource({
        "caissa, 1",
        "caissa, 2",
        "caissa, 3",
        "caissa, 4",
        "caissa, 5",
        "caissa, 6",
        "hexcaissa, 1",
        "hexcaissa, 2",
        "hexcaissa, 3",
        "hexcaissa, 4",
        "hexcaissa, 5",
        "hexcaissa, 6"
    })
    void followsEveryMoveOfARandomGameLikeTheRulesEngine(String variant, long seed) {
        Random random = new Random(seed);
        Position position = Variant.fromId(variant).orElseThrow().initial();
        Board board = Board.of(position);
        while (!position.outcome().isOver()) {
            assertSame(board, position);
            List<Move> moves = position.legalMoves();
            for (Move move : moves) {
                Position next = position.play(move);
                assertThat(board.isCapture(move))
                        .as("capture %s in %s", move, position)
                        .isEqualTo(pieceCount(next) < pieceCount(position));
                assertThat(board.after(move).inCheck(next.sideToMove().ordinal()))
                        .as("check after %s in %s", move, position)
                        .isEqualTo(next.inCheck());
            }
            List<Move> candidates = board.tacticalCandidates(true);
            int enemyQueen = board.square((board.side() ^ 1) * 4);
            for (Move move : moves) {
                int mover = board.slotAt(move.from().index());
                boolean directCheck =
                        (mover & 3) != Board.QUEEN && (board.after(move).minorTargets(mover) >>> enemyQueen & 1) != 0;
                if (board.isCapture(move) || directCheck) {
                    assertThat(candidates)
                            .as("tactical candidates in %s", position)
                            .contains(move);
                }
            }
            for (Move move : candidates) {
                if (position.isLegal(move)) {
                    assertThat(board.isCapture(move) || position.play(move).inCheck())
                            .as("candidate %s in %s", move, position)
                            .isTrue();
                }
            }
            Move move = moves.get(random.nextInt(moves.size()));
            board = board.after(move);
            position = position.play(move);
        }
        assertSame(board, position);
    }

    private static void assertSame(Board board, Position position) {
        assertThat(board.side()).isEqualTo(position.sideToMove().ordinal());
        for (Square square : position.variant().squares()) {
            assertThat((board.tiles() >>> square.index() & 1) != 0)
                    .as("tile %s in %s", square, position)
                    .isEqualTo(position.hasTile(square));
        }
        for (Piece piece : Piece.values()) {
            int expected = position.squareOf(piece).map(Square::index).orElse(Board.NONE);
            assertThat(board.square(piece.ordinal()))
                    .as("%s in %s", piece, position)
                    .isEqualTo(expected);
        }
        for (Side side : Side.values()) {
            assertThat(board.inCheck(side.ordinal())).isEqualTo(position.inCheck(side));
        }
    }

    private static int pieceCount(Position position) {
        int n = 0;
        for (Piece piece : Piece.values()) {
            n += position.squareOf(piece).isPresent() ? 1 : 0;
        }
        return n;
    }
}
