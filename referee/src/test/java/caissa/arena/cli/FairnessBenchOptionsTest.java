package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.command.ExitCodes;
import caissa.arena.testkit.CommandRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The fairness benchmark refuses what it cannot run, with one line that names the option, before it plays anything. */
class FairnessBenchOptionsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            odd games                     | --games 3                                                   | --games must be even and at least 2, got 3
            odd warm-up                   | --warm-up 3                                                 | --warm-up must be even and at least 0, got 3
            fastchess without its engine  | --fastchess /bin/true                                       | --fastchess and --uci-engine go together
            turns too many for the games  | --games 4 --fastchess /bin/true --uci-engine /bin/true --turns 4 | --turns must be at least 1 and leave each turn 2 games, got 4
            no turns                      | --fastchess /bin/true --uci-engine /bin/true --turns 0      | --turns must be at least 1 and leave each turn 2 games, got 0
            no such way to read output    | --pipes sideways                                            | --pipes must be polled, threads or both, got sideways
            both ways, no turns           | --pipes both --turns 0                                      | --turns must be at least 1 and leave each turn 2 games, got 0
            """)
    void badOptionsAreOneLineAndExitCode2(String what, String options, String message) {
        CommandRun run = CommandRun.of(("bench fairness " + options).split(" "));
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).contains(message);
        assertThat(run.out()).isEmpty();
    }
}
