package caissa.arena.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LosTest {

    /*
     * LOS = Phi((w - l) / sqrt(w + l)), so round numbers give textbook normal-table values:
     * 60-40: z = 20 / 10 = 2 -> Phi(2) = 0.97725; 13-12: z = 1 / 5 = 0.2 -> Phi(0.2) = 0.57926;
     * 1-0 and 3-1: z = 1 -> Phi(1) = 0.84134; 10-0: z = sqrt(10) -> 0.99922.
     * Full digits from CPython: 0.5 * (1 + math.erf((w - l) / math.sqrt(2 * (w + l)))).
     */
    @ParameterizedTest(name = "{0} wins, {1} losses: LOS {2}")
    @CsvSource({
        "60, 40, 0.9772498680518208",
        "13, 12, 0.579259709439103",
        "1,  0,  0.8413447460685429",
        "3,  1,  0.8413447460685429",
        "10, 0,  0.9992172988709987",
        "0,  10, 0.0007827011290012509",
        "50, 50, 0.5",
    })
    void matchesNormalTableValues(long wins, long losses, double los) {
        assertThat(Los.of(wins, losses)).isCloseTo(los, within(1e-14));
    }

    /*
     * Published: TalkChess thread "Calculating the LOS (likelihood of superiority) from results"
     * (January 2014): fishtest run with W 5975, L 6077, D 26894; fishtest showed about 17% and
     * Kai Laskos gave the exact value 0.176424329. The normal formula gives 0.1764141.
     */
    @Test
    void matchesThePublishedFishtestExample() {
        assertThat(Los.of(5975, 6077)).isCloseTo(0.176424329, within(2e-5));
        assertThat(Los.of(5975, 6077)).isCloseTo(0.17641411462861717, within(1e-14));
    }

    @Test
    void swappingWinsAndLossesGivesTheComplement() {
        assertThat(Los.of(37, 21) + Los.of(21, 37)).isCloseTo(1.0, within(1e-15));
    }

    @Test
    void noDecisiveGameIsNoEvidence() {
        assertThat(Los.of(0, 0)).isEqualTo(0.5);
    }

    @Test
    void negativeCountsAreRejected() {
        assertThatThrownBy(() -> Los.of(3, -1)).hasMessageContaining("must not be negative");
    }
}
