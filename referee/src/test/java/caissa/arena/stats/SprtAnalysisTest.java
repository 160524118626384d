package caissa.arena.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Elo after an SPRT stops, over seeded simulated tests: the estimate corrected for the
 * stopping rule lies closer to the truth on average than the plain one, and its interval holds
 * the truth about 95% of the time, as fishtest's analysis of its own sprt.py shows.
 */
class SprtAnalysisTest {

    private static final Sprt SPRT = new Sprt(0, 10, 0.05, 0.05);
    private static final SimulatedSprt SIMULATION = new SimulatedSprt(SPRT, 0.3, 100_000);
    private static final int RUNS = 150;

    @ParameterizedTest(name = "true Elo {0}, seed {1}")
    @CsvSource({"0, 1", "10, 2", "15, 3", "-5, 4"})
    void theCorrectedEstimateIsCloserToTheTruthThanTheRawOne(double truth, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double raw = 0;
        double corrected = 0;
        int covered = 0;
        for (int i = 0; i < RUNS; i++) {
            SimulatedSprt.Run run = SIMULATION.run(truth, random);
            raw += Elo.estimate(run.pairs()).elo();
            SprtAnalysis.Interval interval = SprtAnalysis.corrected(SPRT, run.pairs());
            corrected += interval.elo();
            covered += interval.low() <= truth && truth <= interval.high() ? 1 : 0;
        }
        double rawBias = Math.abs(raw / RUNS - truth);
        double correctedBias = Math.abs(corrected / RUNS - truth);
        assertThat(correctedBias).isLessThan(rawBias);
        // Binomial(150, 0.95) falls below 133 with probability about 0.005.
        assertThat(covered).isGreaterThanOrEqualTo(133);
    }

    @ParameterizedTest(name = "{0} pairs")
    @CsvSource({"100", "2000"})
    void aTestWhoseGamesRanOutIsCorrectedLittle(int pairs) {
        // No bound crossed: the stopping rule hardly shaped the result, so the two estimates agree.
        Pentanomial counts = Pentanomial.of(pairs / 10, pairs / 5, pairs * 2 / 5, pairs / 5, pairs / 10);
        assertThat(SprtAnalysis.corrected(new Sprt(-200, 200, 0.05, 0.05), counts)
                        .elo())
                .isCloseTo(Elo.estimate(counts).elo(), within(1.0));
    }

    /**
     * As fishtest's sprt.set_state does, an LLR past a bound is put back on it at the time the test
     * reached it at its pace: the LLR grows in proportion to the pairs at the same frequencies, so
     * a test twice as long with the same results crossed at the same time and says the same.
     */
    @ParameterizedTest(name = "{0} times the pairs")
    @CsvSource({"2", "5"})
    void aTestPastItsBoundIsJudgedWhereItCrossedItNotWhereItStopped(int times) {
        Sprt sprt = new Sprt(0, 10, 0.05, 0.05);
        Pentanomial once = Pentanomial.of(20, 40, 80, 80, 60);
        Pentanomial more = Pentanomial.of(20L * times, 40L * times, 80L * times, 80L * times, 60L * times);
        assertThat(sprt.llr(once)).isGreaterThan(sprt.upperBound());

        SprtAnalysis.Interval first = SprtAnalysis.corrected(sprt, once);
        SprtAnalysis.Interval longer = SprtAnalysis.corrected(sprt, more);
        assertThat(longer.elo()).isCloseTo(first.elo(), within(1e-4));
        assertThat(longer.low()).isCloseTo(first.low(), within(1e-4));
        assertThat(first.elo()).isLessThan(Elo.estimate(once).elo());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"10, 20, 40, 20, 10", "5, 10, 40, 30, 15", "0, 0, 50, 0, 0"})
    void normalizedEloIsTheScoreInUnitsOfItsSpread(long p0, long p1, long p2, long p3, long p4) {
        Pentanomial pairs = Pentanomial.of(p0, p1, p2, p3, p4);
        SprtAnalysis.Interval nelo = SprtAnalysis.normalized(pairs);
        double n = pairs.pairs();
        double mean = (p1 * 0.25 + p2 * 0.5 + p3 * 0.75 + p4) / n;
        double variance = (p0 * mean * mean
                        + p1 * Math.pow(0.25 - mean, 2)
                        + p2 * Math.pow(0.5 - mean, 2)
                        + p3 * Math.pow(0.75 - mean, 2)
                        + p4 * Math.pow(1 - mean, 2))
                / n;
        if (variance == 0) {
            assertThat(nelo.elo()).isZero();
            return;
        }
        assertThat(nelo.elo()).isCloseTo((mean - 0.5) / Math.sqrt(2 * variance) * 800 / Math.log(10), within(1e-9));
        // fishtest's interval: the constant-width form at an even score, wider away from it when
        // the pair scores are skewed toward the leader (fishtest's own figures: SprtReferenceTest).
        double constantHalf = 1.959964 / Math.sqrt(2 * n) * 800 / Math.log(10);
        if (mean == 0.5) {
            assertThat(nelo.high() - nelo.elo()).isCloseTo(constantHalf, within(1e-4));
        } else {
            assertThat(nelo.high() - nelo.elo()).isGreaterThan(constantHalf);
        }
        assertThat(nelo.elo() - nelo.low()).isCloseTo(nelo.high() - nelo.elo(), within(1e-9));
    }
}
