package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.command.UsageException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A bug is never passed off as the user's mistake: anything but bad input or a file problem is
 * exit code 70 with one line, and the stack trace goes to a file that the line names.
 */
class InternalErrorTest {

    private static final Pattern TRACE_FILE = Pattern.compile("the stack trace is in (\\S+)$");

    @Test
    void anIllegalArgumentExceptionFromTheArenaIsAnInternalErrorNotBadUsage() throws Exception {
        StringWriter err = new StringWriter();

        int exit = Main.ErrorHandler.handle(
                new IllegalArgumentException("a bug deep inside"), "caissa tournament", new PrintWriter(err, true));

        assertThat(exit).isEqualTo(70);
        assertThat(err.toString().lines().toList())
                .hasSize(1)
                .first()
                .asString()
                .startsWith("caissa tournament: internal error (a bug in the arena, please report it): "
                        + "java.lang.IllegalArgumentException: a bug deep inside; the stack trace is in ");
        Path trace = traceFile(err.toString());
        assertThat(Files.readString(trace))
                .contains("java.lang.IllegalArgumentException: a bug deep inside")
                .contains("at caissa.arena.cli.InternalErrorTest");
        Files.delete(trace);
    }

    @Test
    void anErrorInAGameIsAnInternalErrorWithItsTrace() throws Exception {
        StringWriter err = new StringWriter();
        StackOverflowError error = new StackOverflowError();

        int exit = Main.ErrorHandler.handle(
                new ExecutionException("a game failed: " + error, error),
                "caissa tournament",
                new PrintWriter(err, true));

        assertThat(exit).isEqualTo(70);
        assertThat(err.toString().lines().toList())
                .hasSize(1)
                .first()
                .asString()
                .contains("a game failed: java.lang.StackOverflowError");
        Path trace = traceFile(err.toString());
        assertThat(Files.readString(trace)).contains("Caused by: java.lang.StackOverflowError");
        Files.delete(trace);
    }

    @Test
    void badInputStaysExitCodeTwo() {
        StringWriter err = new StringWriter();

        int exit = Main.ErrorHandler.handle(
                new UsageException("--games must be at least 1, got 0"), "caissa validate", new PrintWriter(err, true));

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("caissa validate: --games must be at least 1, got 0" + System.lineSeparator());
    }

    private static Path traceFile(String err) {
        Matcher m = TRACE_FILE.matcher(err.strip());
        assertThat(m.find()).as(err).isTrue();
        Path trace = Path.of(m.group(1));
        assertThat(trace).isRegularFile();
        return trace;
    }
}
