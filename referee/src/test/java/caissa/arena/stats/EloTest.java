package caissa.arena.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EloTest {

    // Elo = 400 log10(s / (1 - s)): 0.75 -> 400 log10 3 = 190.8485; 0.64 -> 400 log10(16/9) = 99.951;
    // 0.9 -> 400 log10 9 = 381.697; 0.99 -> 400 log10 99 = 798.254.
    @ParameterizedTest(name = "score {0} <-> {1} Elo")
    @CsvSource({
        "0.5,  0.0",
        "0.75, 190.84850188786498",
        "0.25, -190.84850188786498",
        "0.64, 99.95098928663997",
        "0.9,  381.69700377572997",
        "0.99, 798.2540778390199",
    })
    void scoreAndEloConvertBothWays(double score, double elo) {
        assertThat(Elo.fromScore(score)).isCloseTo(elo, within(1e-9));
        assertThat(Elo.toScore(elo)).isCloseTo(score, within(1e-14));
    }

    @Test
    void fourHundredEloIsOddsOfTenToOne() {
        assertThat(Elo.toScore(400)).isCloseTo(10.0 / 11.0, within(1e-15));
    }

    @Test
    void certainScoresAreInfiniteElo() {
        assertThat(Elo.fromScore(1.0)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(Elo.fromScore(0.0)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(Elo.toScore(Double.POSITIVE_INFINITY)).isEqualTo(1.0);
        assertThat(Elo.toScore(Double.NEGATIVE_INFINITY)).isEqualTo(0.0);
        assertThatThrownBy(() -> Elo.fromScore(1.01)).hasMessageContaining("[0, 1]");
        assertThatThrownBy(() -> Elo.fromScore(Double.NaN)).hasMessageContaining("[0, 1]");
    }

    /*
     * By hand: 60 wins, 20 draws, 20 losses. mu = (60 + 10) / 100 = 0.70.
     * v = (60 * 0.3^2 + 20 * 0.2^2 + 20 * 0.7^2) / 100 = (5.4 + 0.8 + 9.8) / 100 = 0.16.
     * Standard error sqrt(0.16 / 100) = 0.04; 1.959964 * 0.04 = 0.0783986.
     * Interval [0.6216014, 0.7783986] -> [400 log10(0.6216014/0.3783986), 400 log10(0.7783986/0.2216014)]
     *   = [86.2250, 218.2518]; error = (218.2518 - 86.2250) / 2 = 66.0134; Elo = 400 log10(7/3) = 147.1907.
     */
    @Test
    void trinomialEstimateComputedByHand() {
        EloEstimate estimate = Elo.estimate(60, 20, 20);
        assertThat(estimate.elo()).isCloseTo(147.1907, within(1e-4));
        assertThat(estimate.error()).isCloseTo(66.0134, within(1e-4));
    }

    // fastchess app/tests/elo_test.cpp "EloWDL 2": 136 wins, 96 losses, 111 draws -> 40.70 ± 30.43.
    @Test
    void trinomialEstimateMatchesFastchess() {
        EloEstimate estimate = Elo.estimate(136, 111, 96);
        assertThat(estimate.elo()).isCloseTo(40.70, within(0.005));
        assertThat(estimate.error()).isCloseTo(30.43, within(0.005));
    }

    /*
     * By hand: pairs scoring 0..4 points = 5, 10, 20, 10, 15 (60 pairs); per-game score k/4.
     * mu = (10 * 0.25 + 20 * 0.5 + 10 * 0.75 + 15 * 1) / 60 = 35 / 60 = 0.583333.
     * v = (5 * 0.583333^2 + 10 * 0.333333^2 + 20 * 0.083333^2 + 10 * 0.166667^2 + 15 * 0.416667^2) / 60
     *   = (1.701389 + 1.111111 + 0.138889 + 0.277778 + 2.604167) / 60 = 5.833333 / 60 = 0.097222.
     * Standard error sqrt(0.097222 / 60) = 0.0402538; times 1.959964 = 0.0788960.
     * Interval [0.5044373, 0.6622293] -> [3.0825, 116.9537] Elo; error 56.9356; Elo 400 log10(35/25) = 58.4512.
     */
    @Test
    void pentanomialEstimateComputedByHand() {
        EloEstimate estimate = Elo.estimate(Pentanomial.of(5, 10, 20, 10, 15));
        assertThat(estimate.elo()).isCloseTo(58.4512, within(1e-4));
        assertThat(estimate.error()).isCloseTo(56.9356, within(1e-4));
    }

    // fastchess app/tests/elo_test.cpp "EloPentanomial 1..3" (its Stats(ll, ld, wl, dd, wd, ww);
    // wl and dd share our bucket 2).
    @ParameterizedTest(name = "fastchess pentanomial {0} {1} {2} {3} {4}: {5} ± {6}")
    @CsvSource({
        "34,   54,   63,    64,  75,   55.58,  27.65",
        "332,  433,  498,   333, 334,  -8.64,  10.33",
        "7895, 8757, 5685,  568, 9999, -21.04, 2.95",
    })
    void pentanomialEstimateMatchesFastchess(long p0, long p1, long p2, long p3, long p4, double elo, double error) {
        EloEstimate estimate = Elo.estimate(Pentanomial.of(p0, p1, p2, p3, p4));
        assertThat(estimate.elo()).isCloseTo(elo, within(0.005));
        assertThat(estimate.error()).isCloseTo(error, within(0.005));
    }

    @Test
    void pairingAccountsForCorrelatedGames() {
        // 50 pairs all 1-1 split as one win and one loss look like 50 wins and 50 losses
        // game by game, but the pairs say the engines are exactly even.
        assertThat(Elo.estimate(Pentanomial.of(0, 0, 50, 0, 0))).isEqualTo(new EloEstimate(0.0, 0.0));
        assertThat(Elo.estimate(50, 0, 50).error()).isGreaterThan(60);
    }

    @Test
    void swappingTheSidesNegatesTheEloAndKeepsTheError() {
        EloEstimate forward = Elo.estimate(60, 20, 20);
        EloEstimate backward = Elo.estimate(20, 20, 60);
        assertThat(backward.elo()).isCloseTo(-forward.elo(), within(1e-9));
        assertThat(backward.error()).isCloseTo(forward.error(), within(1e-9));

        Pentanomial pairs = Pentanomial.of(5, 10, 20, 10, 15);
        assertThat(Elo.estimate(pairs.mirrored()).elo())
                .isCloseTo(-Elo.estimate(pairs).elo(), within(1e-9));
        assertThat(Elo.estimate(pairs.mirrored()).error())
                .isCloseTo(Elo.estimate(pairs).error(), within(1e-9));
    }

    @Test
    void moreGamesOfTheSameMixNarrowTheMargin() {
        assertThat(Elo.estimate(600, 200, 200).elo())
                .isCloseTo(Elo.estimate(60, 20, 20).elo(), within(1e-9));
        assertThat(Elo.estimate(600, 200, 200).error())
                .isLessThan(Elo.estimate(60, 20, 20).error() / 3);
    }

    @Test
    void noGamesIsUnknown() {
        assertThat(Elo.estimate(0, 0, 0)).isEqualTo(EloEstimate.UNKNOWN);
        assertThat(Elo.estimate(Pentanomial.EMPTY)).isEqualTo(EloEstimate.UNKNOWN);
        assertThat(EloEstimate.UNKNOWN.elo()).isZero();
        assertThat(EloEstimate.UNKNOWN.error()).isInfinite();
    }

    @Test
    void aPerfectScoreIsInfiniteWithAnInfiniteMargin() {
        assertThat(Elo.estimate(10, 0, 0))
                .isEqualTo(new EloEstimate(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY));
        assertThat(Elo.estimate(0, 0, 10))
                .isEqualTo(new EloEstimate(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY));
        assertThat(Elo.estimate(Pentanomial.of(0, 0, 0, 0, 7)).elo()).isInfinite();
    }

    @Test
    void anIntervalReachingACertainScoreHasNoFiniteMargin() {
        // 9 wins, 1 draw: mu = 0.95, v = 0.0225, mu + 1.96 * sqrt(0.0225 / 10) = 1.043 > 1.
        EloEstimate estimate = Elo.estimate(9, 1, 0);
        assertThat(estimate.elo()).isCloseTo(400 * Math.log10(19), within(1e-9));
        assertThat(estimate.error()).isInfinite();
    }

    @Test
    void allDrawsIsEvenWithNoSpread() {
        // The formula's answer, as cutechess prints it: with no variance there is no margin.
        assertThat(Elo.estimate(0, 12, 0)).isEqualTo(new EloEstimate(0.0, 0.0));
    }

    @Test
    void negativeCountsAreRejected() {
        assertThatThrownBy(() -> Elo.estimate(-1, 0, 3)).hasMessage("wins must not be negative, got -1");
    }

    @Test
    void estimatePrintsWithSignAndMargin() {
        assertThat(new EloEstimate(147.19071, 66.01338)).hasToString("+147.19 ± 66.01");
    }
}
