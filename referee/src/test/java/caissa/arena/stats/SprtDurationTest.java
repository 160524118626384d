package caissa.arena.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The length {@code caissa sprt} predicts against seeded simulated tests: the mean number of
 * games under each hypothesis within 15% (the prediction ignores overshoot, and 300 tests leave
 * a standard error of about 5%), and the 95% point passed by at least 92% of tests.
 */
class SprtDurationTest {

    private static final int RUNS = 300;

    @ParameterizedTest(name = "elo0={0} elo1={1} draws {2}, seed {3}")
    @CsvSource({"0, 10, 0.3, 1", "-10, 0, 0.5, 2", "0, 25, 0.1, 3"})
    void predictsTheLengthOfSimulatedTests(double elo0, double elo1, double drawRatio, long seed) {
        Sprt sprt = new Sprt(elo0, elo1, 0.05, 0.05);
        SprtDuration predicted = SprtDuration.of(sprt, drawRatio);
        SimulatedSprt simulation = new SimulatedSprt(sprt, drawRatio, 1_000_000);
        SplittableRandom random = new SplittableRandom(seed);
        for (double truth : new double[] {elo0, elo1}) {
            double expected = truth == elo0 ? predicted.expectedGamesH0() : predicted.expectedGamesH1();
            long total = 0;
            int within95 = 0;
            for (int i = 0; i < RUNS; i++) {
                long games = simulation.run(truth, random).pairs().games();
                total += games;
                within95 += games <= predicted.games95() ? 1 : 0;
            }
            assertThat((double) total / RUNS)
                    .as("mean games at %s Elo", truth)
                    .isBetween(0.85 * expected, 1.15 * expected);
            assertThat(within95).as("tests within games95 at %s Elo", truth).isGreaterThanOrEqualTo(RUNS * 92 / 100);
        }
    }

    @ParameterizedTest(name = "draw ratio {0}")
    @CsvSource({"-0.1", "1", "0.9999"})
    void refusesADrawRatioThatLeavesNoRoomForTheHypotheses(double drawRatio) {
        assertThatThrownBy(() -> SprtDuration.of(new Sprt(0, 10, 0.05, 0.05), drawRatio))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("draw ratio");
    }
}
