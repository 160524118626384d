package caissa.arena.testkit;

import java.io.IOException;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * A system tool a test needs run once (mount, mkfifo, chattr, …), its output discarded: the one
 * place tests start such a process, so that what "it ran" means (started, ended in time) is
 * decided once. Each test says what a tool that is missing or stuck means for it.
 */
public final class ToolRun {

    private ToolRun() {}

    /**
     * The exit code of {@code command}, its standard error merged into its discarded output; empty
     * when it could not be started or did not end within {@code timeout}.
     */
    public static OptionalInt exitCode(Duration timeout, String... command) throws InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            return OptionalInt.empty();
        }
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            return OptionalInt.empty();
        }
        return OptionalInt.of(process.exitValue());
    }
}
