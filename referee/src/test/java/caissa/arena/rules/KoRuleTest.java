package caissa.arena.rules;

import static caissa.arena.rules.Boards.board;
import static caissa.arena.rules.Boards.movesFrom;
import static caissa.arena.rules.Boards.reason;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * RULES.md section 3, the ko rule: a move with the origin and target of the opponent's
 * immediately preceding move is illegal. The example of RULES.md: after White's Nb2-c4
 * exchanging with a black knight on c4, Black may not answer b2-c4.
 */
class KoRuleTest {

    private static final String KNIGHTS_FACING =
            board(".......", "......q", ".......", "..n....", ".......", ".N.....", "Q......");

    private static final String KNIGHTS_EXCHANGED =
            board(".......", "......q", ".......", "..N....", ".......", ".n.....", "Q......");

    private final Position afterWhitesExchange =
            Position.fromCfn(KNIGHTS_FACING + " w - 0").play(Move.of("b2-c4"));

    @Test
    void whiteExchangesTheKnights() {
        assertThat(afterWhitesExchange.toCfn()).isEqualTo(KNIGHTS_EXCHANGED + " b b2-c4 1");
        assertThat(afterWhitesExchange.lastMove()).contains(Move.of("b2-c4"));
    }

    @Test
    void blackMayNotExchangeBackAtOnce() {
        assertThat(afterWhitesExchange.isLegal(Move.of("b2-c4"))).isFalse();
        assertThat(reason(afterWhitesExchange, "b2-c4"))
                .isEqualTo("the ko rule forbids repeating the origin and target of the opponent's last move");
    }

    @Test
    void theKoRuleForbidsNoOtherMove() {
        assertThat(movesFrom(afterWhitesExchange, "b2")).containsExactly("b2-a4", "b2-d1", "b2-d3");
        assertThat(movesFrom(afterWhitesExchange, "g6")).isNotEmpty();
    }

    @Test
    void withoutThatLastMoveTheSameExchangeIsLegal() {
        Position noLastMove = Position.fromCfn(KNIGHTS_EXCHANGED + " b - 1");

        assertThat(noLastMove.isLegal(Move.of("b2-c4"))).isTrue();
        assertThat(noLastMove.play(Move.of("b2-c4")).toCfn()).isEqualTo(KNIGHTS_FACING + " w b2-c4 2");
    }

    @Test
    void theLastMoveFieldOfCfnCarriesTheKo() {
        Position fromCfn = Position.fromCfn(KNIGHTS_EXCHANGED + " b b2-c4 1");

        assertThat(fromCfn).isEqualTo(afterWhitesExchange);
        assertThat(fromCfn.isLegal(Move.of("b2-c4"))).isFalse();
    }

    @Test
    void theKoLastsOnlyOnePly() {
        Position later = afterWhitesExchange.play(Move.of("g6-g7")).play(Move.of("a1-a2"));

        assertThat(later.isLegal(Move.of("b2-c4"))).isTrue();
        assertThat(later.play(Move.of("b2-c4")).toCfn())
                .isEqualTo(board("......q", "......-", ".......", "..n....", ".......", "QN.....", "-......")
                        + " w b2-c4 4");
    }
}
