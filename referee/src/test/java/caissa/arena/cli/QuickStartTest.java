package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.testkit.CommandRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

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

    /**
     * picocli is told not to register its own converters for java.time and java.sql types (they
     * cost start-up time): an option of such a type must bring its converter, or it would refuse
     * every value.
     */
    @Test
    void everyOptionOfATypeWithoutABuiltInConverterHasItsOwn() {
        List<String> without = new ArrayList<>();
        collectArgsWithoutConverter(Main.commandLine(), without);

        assertThat(without).isEmpty();
    }

    private static void collectArgsWithoutConverter(CommandLine command, List<String> without) {
        for (ArgSpec arg : command.getCommandSpec().args()) {
            List<Class<?>> types = new ArrayList<>(List.of(arg.auxiliaryTypes()));
            types.add(arg.type());
            boolean excluded = types.stream().anyMatch(type -> type.getName().matches(Main.UNUSED_CONVERTERS));
            if (excluded && arg.converters().length == 0) {
                without.add(command.getCommandSpec().qualifiedName() + " " + arg);
            }
        }
        for (CommandLine sub : command.getSubcommands().values()) {
            collectArgsWithoutConverter(sub, without);
        }
    }

    /**
     * {@code caissa moves}, which bot authors call from scripts, starts without what made it slow: no
     * annotation proxy (picocli reading {@code @Command} and {@code @Option}: classes generated at
     * run time, which the class-data archive cannot keep), none of the java.time and java.sql classes
     * picocli's own converters load, no JSON.
     */
    @Test
    @Timeout(60)
    void movesStartsWithoutAnnotationProxiesConvertersOrJson(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("classes.log");
        Process process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xlog:class+load=info:file=" + log,
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "moves")
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("out").toFile())
                .start();

        assertThat(process.waitFor()).isZero();
        assertThat(Files.readString(dir.resolve("out"))).contains("26 legal moves");
        List<String> loaded = Files.readAllLines(log).stream()
                .map(line -> line.replaceFirst("^\\S+ (\\S+) .*$", "$1"))
                .toList();
        assertThat(loaded)
                .contains(MovesCommand.class.getName())
                .noneMatch(name -> name.matches(".*\\.\\$Proxy\\d+"))
                .noneMatch(name -> name.startsWith("java.time.") || name.startsWith("java.sql."))
                .noneMatch(name -> name.startsWith("com.fasterxml."));
    }
}
