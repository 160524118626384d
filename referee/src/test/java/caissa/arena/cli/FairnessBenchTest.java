package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.command.ExitCodes;
import caissa.arena.testkit.CommandRun;
import org.junit.jupiter.api.Test;

/** {@code caissa bench fairness}: its games are gone when it ends, so it names each irregular one with the reason. */
class FairnessBenchTest {

    @Test
    void eachIrregularGameIsNamedWithItsReason() {
        CommandRun run = CommandRun.of(
                "bench",
                "fairness",
                "--games",
                "2",
                "--times-cores",
                "1",
                "--warm-up",
                "0",
                "--bot",
                "/bin/sh -c 'read line; exit 3'");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("harness forfeits 0 (other irregular 2)");
        assertThat(run.out().lines().filter(line -> line.startsWith("  irregular game ")))
                .containsExactly(
                        "  irregular game 0001.json: crash (white): one (white) exited with status 3 before the game was over",
                        "  irregular game 0002.json: crash (white): two (white) exited with status 3 before the game was over");
    }
}
