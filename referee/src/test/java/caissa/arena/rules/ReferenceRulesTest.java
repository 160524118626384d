package caissa.arena.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The reference implementation is only useful if it is right on its own: these are checks of it
 * against the worked example and hand-made cases of RULES.md, independent of the engine.
 */
class ReferenceRulesTest {

    @Test
    void findsTheTwentySixMovesOfTheWorkedExample() {
        ReferenceRules initial = ReferenceRules.fromCfn(ReferenceRules.INITIAL_CFN);

        assertThat(initial.legalMoves().keySet())
                .containsExactly(
                        "b2-a4", "b2-c4", "b2-d1", "b2-d3", "c2-a4", "c2-b1", "c2-c1", "c2-d1", "c2-d3", "c2-g6",
                        "c3-a3", "c3-b3", "c3-c4", "c3-c5", "c3-c6", "c3-c7", "c3-d3", "c3-e3", "c3-f3", "c3-g3",
                        "d2-c1", "d2-c3", "d2-e1", "d2-e3", "d2-f4", "d2-g5");
        assertThat(initial.toCfn()).isEqualTo(Position.INITIAL_CFN);
    }

    @Test
    void appliesTheKoRule() {
        ReferenceRules exchanged = ReferenceRules.fromCfn(
                        "......./......q/......./..n..../......./.N...../Q...... w - 0")
                .play("b2-c4");

        assertThat(exchanged.toCfn()).isEqualTo("......./......q/......./..N..../......./.n...../Q...... b b2-c4 1");
        assertThat(exchanged.legalMoves()).doesNotContainKey("b2-c4").containsKeys("b2-a4", "b2-d1", "b2-d3");
        assertThat(exchanged.koForbidsAMove()).isTrue();
    }

    @Test
    void recognisesCheckmateAndStalemate() {
        assertThat(ReferenceRules.fromCfn("r....../......q/......./......./......./.-...../Q-..... w - 9")
                        .outcome())
                .isEqualTo("checkmate, black wins");
        assertThat(ReferenceRules.fromCfn("...-.../...-..q/...-.../...Q.../...-.../...-.../...-... w - 9")
                        .outcome())
                .isEqualTo("stalemate");
        assertThat(ReferenceRules.fromCfn(ReferenceRules.INITIAL_CFN.replace(" 0", " 200"))
                        .outcome())
                .isEqualTo("move limit");
    }

    @Test
    void judgesWellFormedness() {
        assertThat(ReferenceRules.isWellFormed(ReferenceRules.INITIAL_CFN)).isTrue();
        assertThat(ReferenceRules.isWellFormed("q....../......./-....../-....../......./......./Q...... w - 0"))
                .isFalse();
        assertThat(ReferenceRules.isWellFormed("q....../......./......./r....../......./......./Q...... b - 0"))
                .isFalse();
        assertThat(ReferenceRules.isWellFormed("......./...bqn./....r../-------/..R..../.NQB.../....... w - 0"))
                .isFalse();
    }
}
