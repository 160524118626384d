package caissa.arena.rules;

import static caissa.arena.rules.Boards.board;
import static caissa.arena.rules.Boards.moves;
import static caissa.arena.rules.Boards.movesFrom;
import static caissa.arena.rules.Boards.reason;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * RULES.md section 5: the Queens never see each other along a line; pieces of either colour
 * block the sight, holes do not; any move that leaves them in sight is illegal.
 */
class MutualSightTest {

    private static final String SIGHT = "it leaves the queens seeing each other";

    /** The white knight on d4 is all that stands between the queens on a1 and g7 (e5 is a hole). */
    private static final Position ONE_BLOCKER = Position.fromCfn(
            board("......q", ".......", "....-..", "...N...", ".......", ".......", "Q......") + " w - 0");

    /** The same with a black knight on f6 that blocks the diagonal too. */
    private static final Position TWO_BLOCKERS = Position.fromCfn(
            board("......q", ".....n.", "....-..", "...N...", ".......", ".......", "Q......") + " w - 0");

    /** A black knight on a4 between the queens on a1 and a7; a5 is a hole. */
    private static final String KNIGHT_BETWEEN =
            board("q......", ".......", "-......", "n......", ".......", ".......", "Q......");

    @Test
    void theOnlyBlockerMayNotLeaveTheLine() {
        for (String target : List.of("b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5")) {
            assertThat(reason(ONE_BLOCKER, "d4-" + target)).as(target).isEqualTo(SIGHT);
        }
        assertThat(movesFrom(ONE_BLOCKER, "d4")).isEmpty();
    }

    @Test
    void oneOfTwoBlockersMayLeave() {
        assertThat(movesFrom(TWO_BLOCKERS, "d4"))
                .containsExactly("d4-b3", "d4-b5", "d4-c2", "d4-c6", "d4-e2", "d4-e6", "d4-f3", "d4-f5");
    }

    @Test
    void aQueenMayNotMoveIntoSight() {
        assertThat(moves(ONE_BLOCKER))
                .containsExactly(
                        "a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-a6", "a1-b1", "a1-b2", "a1-c1", "a1-c3", "a1-d1",
                        "a1-e1", "a1-f1");
        assertThat(reason(ONE_BLOCKER, "a1-a7")).isEqualTo(SIGHT);
        assertThat(reason(ONE_BLOCKER, "a1-g1")).isEqualTo(SIGHT);
    }

    @Test
    void aQueenMayNotCaptureTheOnlyBlocker() {
        Position whiteToMove = Position.fromCfn(KNIGHT_BETWEEN + " w - 0");

        assertThat(reason(whiteToMove, "a1-a4")).isEqualTo(SIGHT);
        assertThat(movesFrom(whiteToMove, "a1")).contains("a1-a2", "a1-a3").doesNotContain("a1-a4");
    }

    @Test
    void soTheBlockerIsProtectedAndHeldInPlace() {
        Position blackToMove = Position.fromCfn(KNIGHT_BETWEEN + " b - 0");

        assertThat(movesFrom(blackToMove, "a4")).isEmpty();
        assertThat(reason(blackToMove, "a4-c5")).isEqualTo(SIGHT);
        assertThat(blackToMove.isLegal(Move.of("a7-a6"))).isTrue();
    }

    @Test
    void holesDoNotBlockSightButPiecesDo() {
        assertThatThrownBy(() -> Position.fromCfn(
                        board("q......", ".......", "-......", "-......", ".......", ".......", "Q......") + " w - 0"))
                .isInstanceOf(InvalidPositionException.class)
                .hasMessage("invalid CFN: position: the queens on a1 and a7 see each other");
        assertThat(Position.fromCfn(KNIGHT_BETWEEN + " w - 0").toCfn()).isEqualTo(KNIGHT_BETWEEN + " w - 0");
    }

    @Test
    void adjacentQueensSeeEachOther() {
        assertThatThrownBy(() -> Position.fromCfn(
                        board(".......", ".......", ".......", "...Qq..", ".......", ".......", ".......") + " w - 0"))
                .isInstanceOf(InvalidPositionException.class)
                .hasMessage("invalid CFN: position: the queens on d4 and e4 see each other");
    }
}
