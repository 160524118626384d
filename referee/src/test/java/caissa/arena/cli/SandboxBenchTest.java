package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.testbots.Sandboxes;
import caissa.arena.testkit.CommandRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code caissa bench sandbox}: a figure for every kind of bot start the machine can run, named by what holds the limits. */
class SandboxBenchTest {

    private static List<String> figures(CommandRun run) {
        assertThat(run.exitCode()).as(run.err()).isZero();
        return run.out().lines().filter(l -> l.contains(" median ")).toList();
    }

    @Test
    void withBubblewrapEveryKindIsMeasured() {
        Sandboxes.assumeSandbox();
        List<String> figures = figures(CommandRun.of("bench", "sandbox", "--games", "2", "--warmup", "0"));

        assertThat(figures).hasSize(4);
        assertThat(figures.get(1)).containsPattern("limits only \\((cgroup-v1|cgroup-v2|watchdog)\\)");
    }

    @Test
    void withoutACgroupTheLimitsAreTheWatchdogs() {
        Sandboxes.withCgroups("off", () -> {
            List<String> figures = figures(CommandRun.of("bench", "sandbox", "--games", "2", "--warmup", "0"));

            assertThat(figures).anyMatch(l -> l.contains("limits only (watchdog)"));
        });
    }
}
