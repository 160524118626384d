package caissa.arena.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CI guide's recipe, as written there (its --sprt and --max-games), over seeded simulated
 * matches: an unchanged engine fails the job (H0 accepted; the cap passes) no more often than the
 * false-alarm rate the CI guide states, and a real regression fails it most of the time.
 */
class CiRecipeTest {

    private static final Path README = Path.of("..", "docs", "ci-guide.md");
    private static final int RUNS = 2000;

    /** The recipe's test and its cap in pairs, read from the CI guide's recipe. */
    private static SimulatedSprt recipe(double drawRatio) throws IOException {
        String readme = Files.readString(README);
        int start = readme.indexOf("- name: Match (fails the build on a regression)");
        assertThat(start).as("the CI guide's recipe").isNotNegative();
        String step = readme.substring(start, readme.indexOf("```", start));
        Matcher sprt = Pattern.compile("--sprt (\\S+)").matcher(step);
        Matcher cap = Pattern.compile("--max-games (\\d+)").matcher(step);
        assertThat(sprt.find() && cap.find())
                .as("--sprt and --max-games in:\n" + step)
                .isTrue();
        assertThat(step).contains("[ \"$status\" -eq 0 ] || [ \"$status\" -eq 3 ]");
        return new SimulatedSprt(Sprt.parse(sprt.group(1)), drawRatio, Integer.parseInt(cap.group(1)) / 2);
    }

    /**
     * The matrix recipe's fixed-length match, read from the CI guide: the shards' --sprt and
     * --games, and a judge step that passes on 0 and 3.
     */
    private static SimulatedSprt matrixRecipe(double drawRatio) throws IOException {
        String guide = Files.readString(README);
        int start = guide.indexOf("## A match split over a matrix");
        assertThat(start).as("the CI guide's matrix recipe").isNotNegative();
        String recipe = guide.substring(start, guide.indexOf("```", guide.indexOf("```yaml", start) + 7));
        Matcher sprt = Pattern.compile("--sprt (\\S+)").matcher(recipe);
        Matcher games = Pattern.compile("--games (\\d+)").matcher(recipe);
        assertThat(sprt.find() && games.find())
                .as("--sprt and --games in:\n" + recipe)
                .isTrue();
        assertThat(recipe)
                .contains("--shard auto", "arena/caissa merge", "[ \"$status\" -eq 0 ] || [ \"$status\" -eq 3 ]");
        return new SimulatedSprt(
                Sprt.parse(sprt.group(1)),
                drawRatio,
                Integer.parseInt(games.group(1)) / 2,
                SimulatedSprt.Stopping.FIXED);
    }

    @ParameterizedTest(name = "draw ratio {0}")
    @CsvSource({"0.1, 11", "0.3, 12", "0.6, 13"})
    void theMatrixRecipeFailsAnUnchangedEngineNoMoreOftenThanTheStatedRate(double drawRatio, long seed)
            throws IOException {
        assertThat(Files.readString(README)).contains("**the matrix recipe's false-alarm rate is at most 5%**");
        assertThat(failureRate(matrixRecipe(drawRatio), 0.0, seed)).isLessThanOrEqualTo(0.05);
    }

    @ParameterizedTest(name = "draw ratio {0}")
    @CsvSource({"0.1, 14", "0.3, 15", "0.6, 16"})
    void theMatrixRecipeFailsMostRunsOfA40EloRegression(double drawRatio, long seed) throws IOException {
        assertThat(failureRate(matrixRecipe(drawRatio), -40.0, seed)).isGreaterThanOrEqualTo(0.75);
    }

    private static double failureRate(SimulatedSprt recipe, double trueElo, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int failed = 0;
        for (int i = 0; i < RUNS; i++) {
            failed += recipe.run(trueElo, random).decision() == Sprt.Decision.H0 ? 1 : 0;
        }
        return failed / (double) RUNS;
    }

    @ParameterizedTest(name = "draw ratio {0}")
    @CsvSource({"0.1, 1", "0.3, 2", "0.6, 3"})
    void anUnchangedEngineFailsNoMoreOftenThanTheStatedFalseAlarmRate(double drawRatio, long seed) throws IOException {
        String readme = Files.readString(README);
        assertThat(readme).contains("**the recipe's false-alarm rate is at\nmost 5%**");
        assertThat(failureRate(recipe(drawRatio), 0.0, seed)).isLessThanOrEqualTo(0.05);
    }

    @ParameterizedTest(name = "draw ratio {0}")
    @CsvSource({"0.1, 4", "0.3, 5", "0.6, 6"})
    void aRegressionOf40EloFailsMostRuns(double drawRatio, long seed) throws IOException {
        assertThat(failureRate(recipe(drawRatio), -40.0, seed)).isGreaterThanOrEqualTo(0.8);
    }
}
