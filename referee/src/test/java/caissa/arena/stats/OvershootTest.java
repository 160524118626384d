package caissa.arena.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The overshoot correction of a sequential test, as fishtest applies it: its bookkeeping on a
 * given LLR path, and over seeded simulated tests that it keeps the error rates within alpha and
 * beta while the tests stop sooner.
 */
class OvershootTest {

    private static final Sprt SPRT = new Sprt(0, 20, 0.05, 0.05);

    @Test
    void eachNewHighOrLowAddsItsHeightAndTheExpectedOvershootIsHalfTheMeanSquareOverTheMean() {
        Overshoot overshoot = Overshoot.NONE;
        for (double llr : new double[] {0.5, 0.3, 0.9, -0.2, 0.1, -0.8}) {
            overshoot = overshoot.after(llr);
        }
        // Highs: 0 -> 0.5 -> 0.9, heights 0.5 and 0.4. Lows: 0 -> -0.2 -> -0.8, heights 0.2 and 0.6.
        assertThat(overshoot.aboveUpper()).isCloseTo((0.25 + 0.16) / 0.9 / 2, within(1e-12));
        assertThat(overshoot.belowLower()).isCloseTo((0.04 + 0.36) / 0.8 / 2, within(1e-12));
        assertThat(Overshoot.NONE.aboveUpper()).isZero();
        assertThat(Overshoot.NONE.after(0.4).belowLower()).isZero();
    }

    @Test
    void aRunStopsAtWaldsBoundsMovedInwardByTheExpectedOvershoot() {
        SprtRun run = SprtRun.start(SPRT).plusPair(2, 1).plusPair(2, 2).plusPair(0, 1);
        Overshoot expected = Overshoot.NONE;
        Pentanomial pairs = Pentanomial.EMPTY.plusPair(3);
        expected = expected.after(SPRT.llr(pairs));
        pairs = pairs.plusPair(4);
        expected = expected.after(SPRT.llr(pairs));
        pairs = pairs.plusPair(1);
        expected = expected.after(SPRT.llr(pairs));

        assertThat(run.overshoot()).isEqualTo(expected);
        assertThat(run.upperBound()).isEqualTo(SPRT.upperBound() - expected.aboveUpper());
        assertThat(run.lowerBound()).isEqualTo(SPRT.lowerBound() + expected.belowLower());
    }

    /**
     * 2,000 seeded tests at each hypothesis: the share that decides wrongly is the error rate.
     * Binomial(2000, 0.05) exceeds 125 with probability about 0.005, so a rate above 125 / 2000
     * is one the correction made too high, not chance.
     */
    @ParameterizedTest(name = "draw ratio {0}, true Elo {1}")
    @CsvSource({"0.3, 0, 1", "0.3, 20, 2", "0.6, 0, 3", "0.6, 20, 4"})
    void withTheCorrectionTheErrorRatesStayWithinAlphaAndBeta(double drawRatio, double truth, long seed) {
        SimulatedSprt simulation = new SimulatedSprt(SPRT, drawRatio, 1_000_000);
        Sprt.Decision wrong = truth == SPRT.elo0() ? Sprt.Decision.H1 : Sprt.Decision.H0;
        SplittableRandom random = new SplittableRandom(seed);
        int wrongly = 0;
        for (int i = 0; i < 2000; i++) {
            wrongly += simulation.run(truth, random).decision() == wrong ? 1 : 0;
        }
        assertThat(wrongly).isLessThanOrEqualTo(125);
    }

    @ParameterizedTest(name = "true Elo {0}")
    @CsvSource({"0, 5", "10, 6", "20, 7"})
    void onTheSameGamesATestStopsNoLaterWithTheCorrectionAndSoonerOnAverage(double truth, long seed) {
        SimulatedSprt corrected = new SimulatedSprt(SPRT, 0.3, 1_000_000, SimulatedSprt.Stopping.MATCH);
        SimulatedSprt wald = new SimulatedSprt(SPRT, 0.3, 1_000_000, SimulatedSprt.Stopping.WALD);
        SplittableRandom seeds = new SplittableRandom(seed);
        long correctedPairs = 0;
        long waldPairs = 0;
        for (int i = 0; i < 200; i++) {
            long games = seeds.nextLong();
            long sooner =
                    corrected.run(truth, new SplittableRandom(games)).pairs().pairs();
            long later = wald.run(truth, new SplittableRandom(games)).pairs().pairs();
            assertThat(sooner).isLessThanOrEqualTo(later);
            correctedPairs += sooner;
            waldPairs += later;
        }
        assertThat(correctedPairs).isLessThan(waldPairs);
    }
}
