package caissa.arena.rules;

import static caissa.arena.rules.Boards.board;
import static caissa.arena.rules.Boards.moves;
import static caissa.arena.rules.Boards.reason;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * RULES.md section 4, the Queen in check: she may only step to one of the 8 adjacent squares
 * that holds a tile, empty or with an enemy R, B or N to capture, and must not stay in check.
 */
class QueenInCheckTest {

    /** The black rook on e4 checks the white queen on d4 from the next square. */
    private static final Position POSITION = Position.fromCfn(
            board(".......", ".......", ".......", "..-Qr..", ".NB....", "q......", ".......") + " w - 0");

    @Test
    void onlyStepsOutOfCheckAreLegal() {
        assertThat(POSITION.inCheck()).isTrue();
        // c4 is a hole, c3 her own bishop, e3 and e5 on the rook's file; no other piece can help.
        assertThat(moves(POSITION)).containsExactly("d4-c5", "d4-d3", "d4-d5", "d4-e4");
    }

    @Test
    void sheMayNotSlideAlongAClearLine() {
        assertThat(reason(POSITION, "d4-d7"))
                .isEqualTo("the white queen is in check and may only step to an adjacent square");
        assertThat(reason(POSITION, "d4-f6"))
                .isEqualTo("the white queen is in check and may only step to an adjacent square");
    }

    @Test
    void theStepMustBeToATileNotHeldByHerOwnPiece() {
        assertThat(reason(POSITION, "d4-c4")).isEqualTo("a queen can only move onto a tile and c4 is a hole");
        assertThat(reason(POSITION, "d4-c3")).isEqualTo("a queen cannot move onto a piece of her own colour");
    }

    @Test
    void aStepThatStaysInCheckIsIllegal() {
        assertThat(reason(POSITION, "d4-e3")).isEqualTo("it leaves the white queen in check");
        assertThat(reason(POSITION, "d4-e5")).isEqualTo("it leaves the white queen in check");
        assertThat(reason(POSITION, "c3-d2")).isEqualTo("it leaves the white queen in check");
    }

    @Test
    void sheMayCaptureTheAdjacentChecker() {
        Position after = POSITION.play(Move.of("d4-e4"));

        assertThat(after.toCfn())
                .isEqualTo(board(".......", ".......", ".......", "..--Q..", ".NB....", "q......", ".......")
                        + " b d4-e4 1");
        assertThat(after.squareOf(Piece.BLACK_ROOK)).isEmpty();
    }

    @Test
    void aStepRemovesTheTileSheLeaves() {
        Position after = POSITION.play(Move.of("d4-d3"));

        assertThat(after.toCfn())
                .isEqualTo(board(".......", ".......", ".......", "..--r..", ".NBQ...", "q......", ".......")
                        + " b d4-d3 1");
    }

    @Test
    void theHoleSheLeavesDoesNotShieldHerFromTheChecker() {
        Position checkedAlongTheFile = Position.fromCfn(
                board("...r...", ".......", "...-...", "...Q...", ".......", "q......", ".......") + " w - 0");

        assertThat(reason(checkedAlongTheFile, "d4-d3")).isEqualTo("it leaves the white queen in check");
        assertThat(checkedAlongTheFile.isLegal(Move.of("d4-e3"))).isTrue();
    }
}
