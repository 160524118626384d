package caissa.arena.stats;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.stats.Sprt.Decision;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Plays simulated game pairs between engines a known Elo apart and checks that the test
 * reaches the right verdict about as often as alpha and beta promise.
 *
 * <p>Model: each game independent, the stronger engine scoring {@code Elo.toScore(elo)} on
 * average with 30% draws. Each seed runs {@link #RUNS} whole tests. With alpha = beta = 0.05 a
 * true Elo at a bound is decided correctly in about 95% of tests, so 34 of 40 leaves room for
 * chance (Binomial(40, 0.05) exceeds 6 failures with probability about 0.003); further out
 * the test is nearly always right.
 */
class SprtSimulationTest {

    private static final Sprt SPRT = new Sprt(0, 20, 0.05, 0.05);
    private static final int RUNS = 40;
    private static final double DRAW_RATE = 0.3;
    /** Far beyond the few hundred pairs these tests need; reaching it counts as no decision. */
    private static final int MAX_PAIRS = 50_000;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void acceptsH1WhenTheTrueEloIsElo1(long seed) {
        assertThat(count(Decision.H1, 20.0, seed)).isGreaterThanOrEqualTo(34);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void acceptsH0WhenTheTrueEloIsElo0(long seed) {
        assertThat(count(Decision.H0, 0.0, seed)).isGreaterThanOrEqualTo(34);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void nearlyAlwaysAcceptsH1WhenTheTrueEloIsWellAboveElo1(long seed) {
        assertThat(count(Decision.H1, 40.0, seed)).isGreaterThanOrEqualTo(39);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void nearlyAlwaysAcceptsH0WhenTheTrueEloIsWellBelowElo0(long seed) {
        assertThat(count(Decision.H0, -20.0, seed)).isGreaterThanOrEqualTo(39);
    }

    private static int count(Decision wanted, double trueElo, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int hits = 0;
        for (int run = 0; run < RUNS; run++) {
            if (runOneTest(trueElo, random) == wanted) {
                hits++;
            }
        }
        return hits;
    }

    private static Decision runOneTest(double trueElo, SplittableRandom random) {
        double score = Elo.toScore(trueElo);
        double win = score - DRAW_RATE / 2;
        SprtRun test = SprtRun.start(SPRT);
        for (int n = 0; n < MAX_PAIRS; n++) {
            test = test.plusPair(game(win, random), game(win, random));
            Decision decision = test.decision();
            if (decision != Decision.CONTINUE) {
                return decision;
            }
        }
        return Decision.CONTINUE;
    }

    /** The engine's points in one game: 2 for a win, 1 for a draw, 0 for a loss. */
    private static int game(double win, SplittableRandom random) {
        double u = random.nextDouble();
        return u < win ? 2 : u < win + DRAW_RATE ? 1 : 0;
    }
}
