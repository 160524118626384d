package caissa.arena.sandbox;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A trial of a means the arena would use for every bot (a user namespace, a filter's loader):
 * the command run once with no input, output or environment, which works where it exits with 0
 * within its time. Asked once per command, at the machine's first look.
 */
final class TrialRun {

    private TrialRun() {}

    /** Whether {@code argv} exits with 0 within {@code seconds}; one that runs longer is killed and counts as failed. */
    static boolean succeeds(List<String> argv, long seconds) {
        ProcessBuilder builder = new ProcessBuilder(argv)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear();
        try {
            Process process = builder.start();
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return false;
            }
            return process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
