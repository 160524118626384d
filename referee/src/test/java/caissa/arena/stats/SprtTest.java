package caissa.arena.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import caissa.arena.stats.Sprt.Decision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SprtTest {

    private static final Sprt ZERO_TEN = new Sprt(0, 10, 0.05, 0.05);

    // ln(0.05 / 0.95) = -ln 19 = -2.944439; ln(0.95 / 0.05) = ln 19.
    @Test
    void waldBoundsForFivePercentErrorsAreLogNineteen() {
        assertThat(ZERO_TEN.lowerBound()).isCloseTo(-2.944439, within(1e-6));
        assertThat(ZERO_TEN.upperBound()).isCloseTo(2.944439, within(1e-6));
        assertThat(ZERO_TEN.upperBound()).isCloseTo(Math.log(19), within(1e-15));
    }

    // alpha = 0.05, beta = 0.10: ln(0.10 / 0.95) = -2.251292, ln(0.90 / 0.05) = ln 18 = 2.890372.
    @Test
    void unequalErrorRatesGiveUnequalBounds() {
        Sprt sprt = new Sprt(0, 5, 0.05, 0.10);
        assertThat(sprt.lowerBound()).isCloseTo(-2.251292, within(1e-6));
        assertThat(sprt.upperBound()).isCloseTo(2.890372, within(1e-6));
    }

    /*
     * Published: fastchess app/tests/sprt_test.cpp, "logistic pentanomial 1" and "2" (two decimals;
     * its Stats(ll, ld, wl, dd, wd, ww), wl and dd sharing our bucket 2). The longer digits come
     * from an independent Python replica of fishtest's LLRcalc.LLR_logistic using scipy's brentq
     * (same 1e-3 stand-in for empty buckets); it reproduces both published values.
     */
    @ParameterizedTest(name = "[{0},{1}] {2} {3} {4} {5} {6}: LLR {7}")
    @CsvSource({
        "0.5, 2.5, 223, 9863,  21279, 10037, 246, -3.0741264395889707",
        "0,   2,   871, 26175, 55983, 26678, 821, -4.9786728634511785",
    })
    void llrMatchesFastchessPublishedValues(
            double elo0, double elo1, long p0, long p1, long p2, long p3, long p4, double llr) {
        Sprt sprt = new Sprt(elo0, elo1, 0.05, 0.05);
        double actual = sprt.llr(new long[] {p0, p1, p2, p3, p4});
        assertThat(actual).isCloseTo(Math.round(llr * 100) / 100.0, within(0.005));
        assertThat(actual).isCloseTo(llr, within(1e-9));
    }

    // The pentanomial of fishtest's stat_util.py self-test, [-3, 1]; reference from the same Python replica.
    @Test
    void llrMatchesFishtestOnItsSelfTestData() {
        assertThat(new Sprt(-3, 1, 0.05, 0.05).llr(new long[] {10789, 19328, 33806, 19402, 10543}))
                .isCloseTo(2.1310678117940807, within(1e-9));
    }

    /*
     * A second, closed-form check: Van den Bergh's GSPRT approximation (fishtest LLRcalc.LLR_alt2),
     * LLR ~ N (s1 - s0)(2 mu - s0 - s1) / (2 var) with mu and var the per-pair mean and variance of
     * the pair score k/4. For [10789, 19328, 33806, 19402, 10543] (N = 93868) and [-3, 1]:
     * s0 = 0.4956825, s1 = 0.5014391, mu = 0.4990919, var = 0.0851680 -> 2.13124.
     * It differs from the exact value only in higher-order terms.
     */
    @Test
    void llrAgreesWithTheBrownianApproximationOnLargeSamples() {
        assertThat(new Sprt(-3, 1, 0.05, 0.05).llr(new long[] {10789, 19328, 33806, 19402, 10543}))
                .isCloseTo(2.13124, within(1e-3));
    }

    // fastchess "logistic trinomial 1" and "2": Stats(wins, losses, draws); here counts are (L, D, W).
    @ParameterizedTest(name = "trinomial [{0},{1}] L {2} D {3} W {4}: LLR {5}")
    @CsvSource({
        "0.5, 2.5, 21184, 40708,  21404, -1.5718887926895335",
        "0,   2,   57030, 106593, 57433, -2.593024163515719",
    })
    void theSameMachineryMatchesFastchessOnSingleGames(
            double elo0, double elo1, long losses, long draws, long wins, double llr) {
        double actual = Sprt.llr(
                new double[] {0, 0.5, 1}, new long[] {losses, draws, wins}, Elo.toScore(elo0), Elo.toScore(elo1));
        assertThat(actual).isCloseTo(llr, within(1e-9));
    }

    /*
     * By hand: with only two outcomes (loss 0, win 1) the only distribution with mean s is
     * P(win) = s, so LLR = w ln(s1/s0) + l ln((1-s1)/(1-s0)).
     * 60 wins, 40 losses, s0 = 0.5, s1 = 0.6: 60 ln 1.2 + 40 ln 0.8 = 10.93929 - 8.92574 = 2.01355.
     */
    @Test
    void withTwoOutcomesTheLlrIsTheClassicalOne() {
        assertThat(Sprt.llr(new double[] {0, 1}, new long[] {40, 60}, 0.5, 0.6))
                .isCloseTo(2.0135513550688877, within(1e-12));
    }

    @Test
    void noPairsYetIsNoEvidence() {
        assertThat(ZERO_TEN.llr(Pentanomial.EMPTY)).isZero();
        assertThat(ZERO_TEN.decision(Pentanomial.EMPTY)).isEqualTo(Decision.CONTINUE);
    }

    @Test
    void llrSignFollowsTheObservedScore() {
        // Scores well above elo1's 0.514 favour H1, well below elo0's 0.5 favour H0.
        assertThat(ZERO_TEN.llr(new long[] {10, 20, 40, 30, 20})).isPositive();
        assertThat(ZERO_TEN.llr(new long[] {20, 30, 40, 20, 10})).isNegative();
    }

    @Test
    void aBetterPairNeverLowersTheLlr() {
        long[] counts = {30, 60, 100, 60, 30};
        Pentanomial base = Pentanomial.of(counts);
        for (int k = 0; k < 4; k++) {
            assertThat(ZERO_TEN.llr(base.plusPair(k + 1)))
                    .as("pair of %d vs %d points", k + 1, k)
                    .isGreaterThan(ZERO_TEN.llr(base.plusPair(k)));
        }
    }

    @Test
    void llrGrowsWithTheNumberOfPairsAtAFixedMix() {
        long[] counts = {10, 20, 40, 30, 20};
        long[] tenfold = {100, 200, 400, 300, 200};
        assertThat(ZERO_TEN.llr(tenfold)).isCloseTo(10 * ZERO_TEN.llr(counts), within(0.01 * ZERO_TEN.llr(tenfold)));
    }

    /*
     * Seen from the other engine, every pair k becomes 4 - k and "at least elo1 stronger" becomes
     * "at most -elo1": the test of [-elo1, -elo0] on mirrored pairs is the same test, LLR negated.
     */
    @Test
    void mirroringThePairsAndTheHypothesesNegatesTheLlr() {
        Pentanomial pairs = Pentanomial.of(7, 31, 64, 40, 9);
        Sprt mirrored = new Sprt(-10, 0, 0.05, 0.05);
        assertThat(mirrored.llr(pairs.mirrored())).isCloseTo(-ZERO_TEN.llr(pairs), within(1e-9));
    }

    @Test
    void decisionComparesTheLlrWithTheBounds() {
        // Pairs all won: the generalized LLR grows slowly while four buckets stay empty (each
        // stands in as 1e-3). For [0, 10] (bound ln 19 = 2.9444) 103 pairs give 2.92198 and
        // 104 give 2.95034 (Python replica of fishtest), so the test stops exactly at pair 104;
        // for [0, 5] 104 pairs give only 1.48594.
        assertThat(ZERO_TEN.llr(new long[] {0, 0, 0, 0, 103})).isCloseTo(2.9219763906810057, within(1e-9));
        assertThat(ZERO_TEN.llr(new long[] {0, 0, 0, 0, 104})).isCloseTo(2.950344550755084, within(1e-9));
        assertThat(ZERO_TEN.decision(new long[] {0, 0, 0, 0, 103})).isEqualTo(Decision.CONTINUE);
        assertThat(ZERO_TEN.decision(new long[] {0, 0, 0, 0, 104})).isEqualTo(Decision.H1);
        assertThat(new Sprt(0, 5, 0.05, 0.05).llr(new long[] {0, 0, 0, 0, 104}))
                .isCloseTo(1.4859395685254373, within(1e-9));
        assertThat(ZERO_TEN.decision(new long[] {104, 0, 0, 0, 0})).isEqualTo(Decision.H0);
        assertThat(ZERO_TEN.decision(new long[] {1, 2, 3, 2, 1})).isEqualTo(Decision.CONTINUE);
    }

    @Test
    void rejectsInconsistentParameters() {
        assertThatThrownBy(() -> new Sprt(5, 5, 0.05, 0.05)).hasMessage("SPRT: elo0 (5) must be less than elo1 (5)");
        assertThatThrownBy(() -> new Sprt(0, 5, 0, 0.05))
                .hasMessage("SPRT: alpha must be between 0 and 1 (exclusive), got 0");
        assertThatThrownBy(() -> new Sprt(0, 5, 0.05, Double.NaN))
                .hasMessage("SPRT: beta must be between 0 and 1 (exclusive), got NaN");
        assertThatThrownBy(() -> new Sprt(0, 5, 0.6, 0.5))
                .hasMessage("SPRT: alpha + beta must be less than 1, got 0.6 + 0.5");
        assertThatThrownBy(() -> new Sprt(0, 5000, 0.05, 0.05))
                .hasMessage("SPRT: elo1 must be between -4000 and 4000, got 5000");
        assertThatThrownBy(() -> ZERO_TEN.llr(new long[] {1, 2, 3})).hasMessageContaining("5 counts");
    }
}
