package caissa.arena.rules;

import static caissa.arena.rules.Boards.board;
import static caissa.arena.rules.Boards.reason;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * RULES.md section 6: no legal move is checkmate (a loss) in check and stalemate (a draw)
 * otherwise; after 200 plies the game is drawn, unless checkmate or stalemate is there too.
 */
class OutcomeTest {

    /** The white queen in the corner, checked along the a-file; b1 and b2 are holes. */
    private static final String MATED =
            board("r......", "......q", ".......", ".......", ".......", ".-.....", "Q-.....");

    /** One move from MATED: the rook on b7 is not yet on the a-file. */
    private static final String MATE_IN_ONE =
            board(".r.....", "......q", ".......", ".......", ".......", ".-.....", "Q-.....");

    /** Every move of the white queen, her only piece, would leave the tiles in two groups. */
    private static final String STALEMATED =
            board("...-...", "...-..q", "...-...", "...Q...", "...-...", "...-...", "...-...");

    @Test
    void checkmateWhenInCheckWithoutALegalMove() {
        Position position = Position.fromCfn(MATED + " w b7-a7 58");

        assertThat(position.inCheck()).isTrue();
        assertThat(position.legalMoves()).isEmpty();
        assertThat(reason(position, "a1-a2")).isEqualTo("it leaves the white queen in check");
        assertThat(reason(position, "a1-b2")).isEqualTo("a queen can only move onto a tile and b2 is a hole");
        assertThat(position.outcome()).isEqualTo(new Outcome.Checkmate(Side.BLACK));
        assertThat(position.outcome().winningSide()).contains(Side.BLACK);
        assertThat(position.outcome().isOver()).isTrue();
    }

    @Test
    void stalemateWhenNotInCheckWithoutALegalMove() {
        Position position = Position.fromCfn(STALEMATED + " w - 40");

        assertThat(position.inCheck()).isFalse();
        assertThat(position.legalMoves()).isEmpty();
        assertThat(position.outcome()).isEqualTo(Outcome.STALEMATE);
        assertThat(position.outcome().winningSide()).isEmpty();
        assertThat(position.outcome().isOver()).isTrue();
    }

    @Test
    void aGameWithMovesLeftGoesOnBeforePly200() {
        Position position = Position.fromCfn(MATE_IN_ONE + " b - 199");

        assertThat(position.outcome()).isEqualTo(Outcome.ONGOING);
        assertThat(position.outcome().isOver()).isFalse();
    }

    @Test
    void thePly200IsTheMoveLimit() {
        Position after = Position.fromCfn(MATE_IN_ONE + " b - 199").play(Move.of("b7-c7"));

        assertThat(after.plies()).isEqualTo(Position.MOVE_LIMIT_PLIES).isEqualTo(200);
        assertThat(after.legalMoves()).isNotEmpty();
        assertThat(after.outcome()).isEqualTo(Outcome.MOVE_LIMIT);
        assertThat(after.outcome().winningSide()).isEmpty();
    }

    @Test
    void checkmateOnPly200TakesPrecedenceOverTheMoveLimit() {
        Position after = Position.fromCfn(MATE_IN_ONE + " b - 199").play(Move.of("b7-a7"));

        assertThat(after.toCfn()).isEqualTo(MATED + " w b7-a7 200");
        assertThat(after.outcome()).isEqualTo(new Outcome.Checkmate(Side.BLACK));
    }

    @Test
    void stalemateOnPly200TakesPrecedenceOverTheMoveLimit() {
        assertThat(Position.fromCfn(STALEMATED + " w - 200").outcome()).isEqualTo(Outcome.STALEMATE);
    }

    @Test
    void pastPly200ItIsStillTheMoveLimit() {
        assertThat(Position.fromCfn(MATE_IN_ONE + " b - 200").outcome()).isEqualTo(Outcome.MOVE_LIMIT);
        assertThat(Position.fromCfn(MATE_IN_ONE + " b - 201").outcome()).isEqualTo(Outcome.MOVE_LIMIT);
    }
}
