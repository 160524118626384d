package caissa.arena.testbots;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Starts a command that a test interrupts with SIGINT as a user's Ctrl-C would. A build run as a
 * background job of a non-interactive shell ({@code mvn verify &} in a script, some CI runners)
 * inherits SIGINT as ignored, every process it starts inherits that too, and a JVM keeps an
 * ignored SIGINT ignored: the arena would never see the signal the test sends. A command typed in
 * a terminal gets SIGINT with its default action, so the test gives its child that, through
 * coreutils' {@code env --default-signal=INT}, which resets it and then runs the command in its
 * place (same process id).
 */
public final class Interruptible {

    private Interruptible() {}

    /** {@code argv}, run with SIGINT at its default action however the build was started. */
    public static List<String> command(List<String> argv) {
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT"));
        command.addAll(argv);
        return command;
    }

    /** What an interrupted arena printed (standard output and error, in order) and its exit status. */
    public record Run(List<String> lines, int exit) {
        /** Every line, for an assertion's description. */
        public String text() {
            return String.join("\n", lines);
        }
    }

    /**
     * Runs the arena ({@code caissa ARGS...} on this test's class path) in a process of its own,
     * sends it SIGINT, as Ctrl-C would, once it prints a line {@code when} accepts, and waits for
     * its end (a minute at most).
     */
    public static Run arena(List<String> args, Predicate<String> when) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // As the launcher (./caissa) runs the arena: the client compiler alone.
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                "caissa.arena.cli.Main"));
        argv.addAll(args);
        Process process =
                new ProcessBuilder(command(argv)).redirectErrorStream(true).start();
        List<String> seen = new ArrayList<>();
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                seen.add(line);
                if (when.test(line)
                        && new ProcessBuilder("kill", "-INT", Long.toString(process.pid()))
                                        .start()
                                        .waitFor()
                                != 0) {
                    throw new IllegalStateException("could not send SIGINT to the arena");
                }
            }
        }
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(
                    "the arena did not end within a minute of SIGINT:\n" + String.join("\n", seen));
        }
        return new Run(List.copyOf(seen), process.exitValue());
    }
}
