package caissa.arena.rules;

import static caissa.arena.rules.Boards.board;
import static caissa.arena.rules.Boards.moves;
import static caissa.arena.rules.Boards.reason;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * RULES.md section 6: a side is in check when an enemy R, B or N could move onto its Queen (sliders
 * blocked by pieces, not by holes), even if that piece may not move; a move must not leave the
 * mover in check; check is escaped by a Queen step, an interposition or an exchange with the checker.
 */
class CheckTest {

    @Test
    void aRookChecksOverHolesButNotThroughAPiece() {
        Position overHoles = Position.fromCfn(
                board(".....q.", ".......", ".......", "r......", "-......", "-......", "Q......") + " w - 0");
        Position blocked = Position.fromCfn(
                board(".....q.", ".......", ".......", "r......", "-......", "N......", "Q......") + " w - 0");

        assertThat(overHoles.inCheck()).isTrue();
        assertThat(overHoles.inCheck(Side.WHITE)).isTrue();
        assertThat(overHoles.inCheck(Side.BLACK)).isFalse();
        assertThat(blocked.inCheck()).isFalse();
    }

    @Test
    void aBishopChecksOverHolesButNotThroughAPiece() {
        Position overAHole = Position.fromCfn(
                board("......b", "q......", "....-..", "...Q...", ".......", ".......", ".......") + " w - 0");
        Position blocked = Position.fromCfn(
                board("......b", "q....N.", "....-..", "...Q...", ".......", ".......", ".......") + " w - 0");

        assertThat(overAHole.inCheck()).isTrue();
        assertThat(blocked.inCheck()).isFalse();
    }

    @Test
    void aKnightChecksOverPiecesAndTheExchangeWithItIsTheOnlyEscape() {
        // The queen's three neighbours hold her own pieces; only the bishop can reach the knight.
        Position position = Position.fromCfn(
                board(".......", "......q", ".......", ".......", ".......", "RNn....", "QB.....") + " w - 0");

        assertThat(position.inCheck()).isTrue();
        assertThat(moves(position)).containsExactly("b1-c2");
        assertThat(position.play(Move.of("b1-c2")).toCfn())
                .isEqualTo(board(".......", "......q", ".......", ".......", ".......", "RNB....", "Qn.....")
                        + " b b1-c2 1");
    }

    @Test
    void aPieceThatMayNotMoveStillGivesCheck() {
        // The black rook is the only piece between the queens, yet it checks the white queen.
        String board = board("q......", ".......", ".......", "r......", ".......", ".......", "Q......");
        Position whiteToMove = Position.fromCfn(board + " w - 0");

        assertThat(whiteToMove.inCheck()).isTrue();
        assertThat(moves(whiteToMove)).containsExactly("a1-b1", "a1-b2");
        assertThat(reason(whiteToMove, "a1-a2")).isEqualTo("it leaves the white queen in check");
        assertThatThrownBy(() -> Position.fromCfn(board + " b - 0"))
                .isInstanceOf(InvalidPositionException.class)
                .hasMessage("invalid CFN: position: the side not to move (white) is in check");
    }

    /** The black rook on g1 checks along rank 1; a2 is in sight of the black queen. */
    private static final Position CHECK_ALONG_RANK_1 = Position.fromCfn(
            board(".....q.", ".......", ".......", ".......", "...B...", "....N..", "Q.....r") + " w - 0");

    @Test
    void checkIsEscapedByAStepAnInterpositionOrAnExchangeWithTheChecker() {
        assertThat(moves(CHECK_ALONG_RANK_1)).containsExactly("a1-b2", "d3-b1", "e2-c1", "e2-g1");
        assertThat(reason(CHECK_ALONG_RANK_1, "a1-b1")).isEqualTo("it leaves the white queen in check");
        assertThat(reason(CHECK_ALONG_RANK_1, "a1-a2")).isEqualTo("it leaves the queens seeing each other");
        assertThat(reason(CHECK_ALONG_RANK_1, "d3-e2")).isEqualTo("it leaves the white queen in check");
        assertThat(reason(CHECK_ALONG_RANK_1, "e2-f4")).isEqualTo("it leaves the white queen in check");
    }

    @Test
    void anInterposedPieceBlocksTheCheck() {
        Position after = CHECK_ALONG_RANK_1.play(Move.of("e2-c1"));

        assertThat(after.toCfn())
                .isEqualTo(board(".....q.", ".......", ".......", ".......", "...B...", ".......", "Q.N...r")
                        + " b e2-c1 1");
        assertThat(after.inCheck(Side.WHITE)).isFalse();
    }

    @Test
    void exchangingWithTheCheckerMovesItAway() {
        Position after = CHECK_ALONG_RANK_1.play(Move.of("e2-g1"));

        assertThat(after.toCfn())
                .isEqualTo(board(".....q.", ".......", ".......", ".......", "...B...", "....r..", "Q.....N")
                        + " b e2-g1 1");
        assertThat(after.inCheck(Side.WHITE)).isFalse();
    }

    @Test
    void givingCheckIsAllowed() {
        Position position = Position.fromCfn(
                board(".....q.", ".......", ".......", "R......", ".......", ".......", "..Q....") + " w - 0");

        Position after = position.play(Move.of("a4-a7"));

        assertThat(after.sideToMove()).isEqualTo(Side.BLACK);
        assertThat(after.inCheck()).isTrue();
    }
}
