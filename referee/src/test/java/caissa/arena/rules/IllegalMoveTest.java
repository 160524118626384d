package caissa.arena.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** What a position says about a move that is not legal: a reason for the bot author, and play() refuses it. */
class IllegalMoveTest {

    private final Position initial = Position.initial();

    @Test
    void aMoveFromAnEmptySquareOrAnEnemyPieceHasNoPieceToMove() {
        assertThat(initial.illegalReason(Move.of("a1-a2"))).contains("there is no white piece on a1");
        assertThat(initial.illegalReason(Move.of("e6-e7"))).contains("there is no white piece on e6");
        Position blackToMove = initial.play(Move.of("b2-d3"));
        assertThat(blackToMove.illegalReason(Move.of("c2-c1"))).contains("there is no black piece on c2");
    }

    @Test
    void aLegalMoveHasNoReason() {
        for (Move move : initial.legalMoves()) {
            assertThat(initial.illegalReason(move)).as(move.toString()).isEmpty();
        }
    }

    @Test
    void playRefusesAnIllegalMoveWithItsReason() {
        assertThatThrownBy(() -> initial.play(Move.of("c3-d4")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("illegal move c3-d4 in " + Position.INITIAL_CFN + ": the white rook on c3 cannot reach d4");
        assertThatThrownBy(() -> initial.play(Move.of("c3-c2")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith(": a piece cannot exchange with its own queen");
        assertThatThrownBy(() -> initial.play(Move.of("e5-e4")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith(": there is no white piece on e5");
    }

    @Test
    void playLeavesTheOriginalPositionUnchanged() {
        Position before = Position.fromCfn(Position.INITIAL_CFN);

        initial.play(Move.of("c2-g6"));

        assertThat(initial).isEqualTo(before);
        assertThat(initial.toCfn()).isEqualTo(Position.INITIAL_CFN);
    }
}
