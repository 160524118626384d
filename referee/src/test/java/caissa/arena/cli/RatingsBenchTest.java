package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.testkit.CommandRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code caissa bench ratings}: a coverage line for every simulated field, the same for the same
 * seed. The coverage itself is the benchmark's figure to read (its full run takes minutes); here
 * a few fields show the harness runs and depends on nothing but its seed.
 */
class RatingsBenchTest {

    private static List<String> lines(CommandRun run) {
        assertThat(run.exitCode()).as(run.err()).isZero();
        return run.out().lines().filter(l -> l.contains(" coverage ")).toList();
    }

    @Test
    void everyFieldHasACoverageAndTheSameSeedGivesTheSameFigures() {
        List<String> first = lines(CommandRun.of("bench", "ratings", "--fields", "3", "--seed", "7"));
        List<String> again = lines(CommandRun.of("bench", "ratings", "--fields", "3", "--seed", "7"));

        assertThat(first).hasSize(7).allMatch(l -> l.matches(".*coverage +\\d+\\.\\d%  mean width .*"));
        assertThat(again).isEqualTo(first);
    }

    @Test
    void aNegativePriorOrNoFieldsIsExitCode2() {
        CommandRun none = CommandRun.of("bench", "ratings", "--fields", "0");
        CommandRun prior = CommandRun.of("bench", "ratings", "--prior", "-1");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.errLines()).containsExactly("caissa bench ratings: --fields must be at least 1, got 0");
        assertThat(prior.exitCode()).isEqualTo(2);
        assertThat(prior.errLines()).containsExactly("caissa bench ratings: --prior must be 0 to 1000, got -1.0");
    }
}
