package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * A command line that names one subcommand is built with that one only, and --version is printed
 * without building one (both for start-up time): what they print must be what the whole command
 * line prints.
 */
class QuickStartTest {

    @ParameterizedTest
    @ValueSource(strings = {"--version", "-V"})
    void theVersionIsWhatTheWholeCommandLinePrints(String flag) {
        StringWriter whole = new StringWriter();
        Main.commandLine().printVersionHelp(new PrintWriter(whole, true));

        CommandRun run = CommandRun.of(flag);

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo(whole.toString()).startsWith("caissa-arena ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"moves", "moves --position=nonsense", "moves --bogus", "perft --help", "moves -V"})
    void aSubcommandAloneBehavesAsInTheWholeCommandLine(String line) {
        String[] args = line.split(" ");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine whole = Main.commandLine();
        whole.setOut(new PrintWriter(out, true));
        whole.setErr(new PrintWriter(err, true));
        whole.setExecutionExceptionHandler(new Main.ErrorHandler());
        whole.setParameterExceptionHandler(new Main.UsageErrorHandler());
        int exit = whole.execute(args);

        CommandRun alone = CommandRun.of(args);

        assertThat(Main.commandLine(args).getSubcommands()).containsOnlyKeys(args[0]);
        assertThat(alone.exitCode()).isEqualTo(exit);
        assertThat(alone.out()).isEqualTo(out.toString());
        assertThat(alone.err()).isEqualTo(err.toString());
    }
}
