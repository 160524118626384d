package caissa.arena.bot;

import caissa.arena.linux.ProcessTree;
import caissa.arena.program.BotCommand;
import caissa.arena.sandbox.ArenaWatcher;
import caissa.arena.sandbox.Containment;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A program run once on a submission, its build, started and ended by the same parts as a bot:
 * started by the launch its containment prepared ({@link Launch}: the same sandbox, user, limits
 * and clean environment), and ended by its command's {@link Ending}, so that nothing it started
 * (a daemon in a session of its own, a child that ignores SIGTERM) outlives it, as nothing a bot
 * starts outlives its game. It is not a bot: it speaks no protocol, its input is closed, its
 * output and error go together to one stream, and it has a time limit of its own rather than a
 * clock.
 */
public final class ToolProcess {

    /** How long the output's reader may take to see the end once every process is gone. */
    private static final long READER_WAIT_MILLIS = 200;

    /** How a run ended. */
    public sealed interface Ran {
        /** It exited by itself within its time limit, with this status. */
        record Exited(int status) implements Ran {}

        /** It ran past its time limit and was ended, with the status of that end where it was seen. */
        record OutOfTime(Optional<Integer> status) implements Ran {}

        /** It could not be started: the operating system's reason. */
        record NotStarted(String reason) implements Ran {}
    }

    private ToolProcess() {}

    /**
     * Runs {@code command} (resolved, with its working folder) inside {@code containment}, which
     * the caller prepared and closes, for at most {@code timeLimit}, copying what it writes to
     * {@code output}. Returns once it and every process it started are gone.
     */
    public static Ran run(BotCommand command, Containment containment, Duration timeLimit, OutputStream output) {
        long deadline = System.nanoTime() + timeLimit.toNanos();
        ProcessTree tree = new ProcessTree();
        // Held as a bot is: the same parts, chosen once by its command (see Holder).
        Holder holder = new Holder.Contained(containment);
        Process process;
        try {
            process = Launch.startTool(command, holder, tree.markerValue());
        } catch (IOException e) {
            return new Ran.NotStarted(e.getMessage());
        }
        tree.setRoot(process.toHandle());
        // Told at once, as for a bot: an arena killed from now on leaves the build to its watcher.
        ArenaWatcher.botStarted(process.pid());
        tree.notePipes();
        containment.watch(process.toHandle());
        Ending ending = holder.ending(process, tree);
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // It reads nothing: an input already closed is as good.
        }
        Future<?> reader = PipeThreads.run(() -> copy(process.getInputStream(), output));
        boolean exited = awaitExit(process, deadline);
        ending.beforeEnd();
        // No grace: a program that exited is done, and one past its time limit has had its time.
        ending.awaitEnd(System.nanoTime());
        // What the ending could no longer see once the program had exited (a sandbox's init, noted
        // only while the program runs, that has not yet finished killing what was left inside):
        // whatever still carries the program's marker goes too, and is waited for.
        ProcessTree.kill(tree.aliveDescendants(), Duration.ZERO, Duration.ofSeconds(5));
        joinReader(reader, tree);
        ArenaWatcher.botEnded(process.pid());
        if (exited) {
            return new Ran.Exited(process.exitValue());
        }
        return new Ran.OutOfTime(
                awaitExit(process, System.nanoTime()) ? Optional.of(process.exitValue()) : Optional.empty());
    }

    private static boolean awaitExit(Process process, long deadlineNanos) {
        try {
            return process.waitFor(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            // Stopped from outside: the program is ended as one out of time, and the flag kept.
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void copy(InputStream from, OutputStream to) {
        try (from) {
            from.transferTo(to);
        } catch (IOException e) {
            // The pipe went with the process: what was read is kept.
        }
    }

    /**
     * Waits for the reader to see the end of the output. A process that escaped every search (a new
     * session, a cleared environment) may still hold the pipe: the holders are found and killed,
     * as after a bot's game, so that the run does not wait for them.
     */
    private static void joinReader(Future<?> reader, ProcessTree tree) {
        if (join(reader, READER_WAIT_MILLIS)) {
            return;
        }
        ProcessTree.kill(tree.pipeHolders(), Duration.ZERO, Duration.ofSeconds(5));
        join(reader, 1000);
    }

    private static boolean join(Future<?> reader, long millis) {
        try {
            reader.get(millis, TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return reader.isDone();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
