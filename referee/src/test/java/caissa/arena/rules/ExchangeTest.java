package caissa.arena.rules;

import static caissa.arena.rules.Boards.board;
import static caissa.arena.rules.Boards.movesFrom;
import static caissa.arena.rules.Boards.reason;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * RULES.md section 3: a Rook, Bishop or Knight moving onto another R, B or N of either colour
 * exchanges squares with it; tiles do not change and nothing leaves the board. Never onto its own
 * Queen.
 */
class ExchangeTest {

    private static final Position POSITION = Position.fromCfn(
            board("......q", "..b....", ".......", "...N...", ".-.....", "..R.Q..", ".......") + " w - 0");

    @Test
    void theKnightMayExchangeWithAnyRookBishopOrKnightButNotItsQueen() {
        assertThat(movesFrom(POSITION, "d4"))
                .containsExactly("d4-b3", "d4-b5", "d4-c2", "d4-c6", "d4-e6", "d4-f3", "d4-f5");
        assertThat(reason(POSITION, "d4-e2")).isEqualTo("a piece cannot exchange with its own queen");
    }

    @Test
    void exchangingWithAnOwnPiece() {
        Position after = POSITION.play(Move.of("d4-c2"));

        assertThat(after.toCfn())
                .isEqualTo(board("......q", "..b....", ".......", "...R...", ".-.....", "..N.Q..", ".......")
                        + " b d4-c2 1");
    }

    @Test
    void exchangingWithAnEnemyPieceCapturesNothing() {
        Position after = POSITION.play(Move.of("d4-c6"));

        assertThat(after.toCfn())
                .isEqualTo(board("......q", "..N....", ".......", "...b...", ".-.....", "..R.Q..", ".......")
                        + " b d4-c6 1");
        assertThat(after.squareOf(Piece.BLACK_BISHOP)).contains(Square.D4);
        assertThat(after.tileCount()).isEqualTo(POSITION.tileCount());
    }

    @Test
    void aSliderExchangesWithTheFirstPieceOnItsRay() {
        Position after = POSITION.play(Move.of("c2-c6"));

        assertThat(after.toCfn())
                .isEqualTo(board("......q", "..R....", ".......", "...N...", ".-.....", "..b.Q..", ".......")
                        + " b c2-c6 1");
    }

    @Test
    void aSliderCannotExchangeWithItsQueen() {
        assertThat(movesFrom(POSITION, "c2"))
                .containsExactly("c2-a2", "c2-b2", "c2-c1", "c2-c3", "c2-c4", "c2-c5", "c2-c6", "c2-d2");
        assertThat(reason(POSITION, "c2-e2")).isEqualTo("a piece cannot exchange with its own queen");
        assertThat(reason(POSITION, "c2-f2")).isEqualTo("the white rook on c2 cannot reach f2");
    }
}
