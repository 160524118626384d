package caissa.arena.bot;

import caissa.arena.linux.ProcessTree;
import caissa.arena.program.BotCommand;
import caissa.arena.sandbox.ArenaNamespaceException;
import caissa.arena.sandbox.ArenaWatcher;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Host;
import caissa.arena.sandbox.Machine;
import caissa.arena.sandbox.Parts;
import caissa.arena.sandbox.SandboxRecord;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * A bot running as an operating-system process, spoken to over pipes: one line per message.
 *
 * <p>It is composed of parts: how it is kept still while it is not to move ({@link Suspension})
 * and how its processes are ended ({@link Ending}), as its command chose them for every bot
 * ({@code Parts}, which its containment carries), and how its output is read ({@link
 * OutputReader}), on a pipe that can be polled where its parts say so. Lines are capped
 * in length and in number of unanswered lines, so a flooding bot costs bounded memory. Standard
 * error is drained continuously (a bot that fills the pipe would otherwise block) into a bounded
 * excerpt. {@link #askToEnd()} and {@link #awaitEnd(long)} end the bot and every process it started.
 */
public final class BotProcess {

    /** Limits that keep a misbehaving bot from costing the referee more than a little memory. */
    public record Limits(int maxLineBytes, int maxPendingLines, int stderrExcerptBytes) {
        public static final Limits DEFAULT = new Limits(1024, 64, 4096);
    }

    /** Starting a bot either works or fails for a reason the operating system gives. */
    public sealed interface Start {
        record Started(BotProcess bot) implements Start {}

        record Failed(String reason) implements Start {}
    }

    /** How a reason begins when the arena's own launch failed (see {@link #launchFailure}). */
    public static final String LAUNCH_FAILED = "the arena's launch failed before its program ran";

    /** How long the readers may take to see the end of a finished bot's output. */
    private static final long READER_WAIT_MILLIS = 200;

    private final Process process;
    /** What holds the bot (its containment, or nothing for a plain process) and chose its parts. */
    private final Holder holder;

    private final ProcessTree tree;
    private final InputWriter stdin;
    private final OutputReader output;
    private final Replies replies;
    private final StderrCapture stderr;
    private final Future<?> stderrReader;
    private final Suspension suspension;
    private final Ending ending;
    private final CpuClock clock;
    /** Told once the bot is ended, so that its host stops counting it as live. */
    private final Consumer<BotProcess> onEnd;
    /** Set when the bot was killed because a write to it passed its deadline. */
    private volatile boolean killedForStuckWrite;
    /** When the last line to the bot began to be written ({@link System#nanoTime()}); a reply read after it is not dated before it. */
    private volatile long lastWriteBegan = System.nanoTime();

    private BotProcess(
            Launch.Started started, ProcessTree tree, Limits limits, Holder holder, Consumer<BotProcess> onEnd) {
        this.process = started.process();
        this.onEnd = onEnd;
        this.holder = holder;
        this.tree = tree;
        this.stdin = new InputWriter(process.getOutputStream(), this::killForStuckWrite);
        this.stderr = new StderrCapture(limits.stderrExcerptBytes());
        BlockingQueue<Reply> queue = new LinkedBlockingQueue<>();
        LineSplitter lines = new LineSplitter(queue, limits.maxLineBytes(), limits.maxPendingLines());
        this.output = started.pipe()
                .<OutputReader>map(pipe -> new OutputReader.Polled(pipe, lines, queue, () -> lastWriteBegan))
                .orElseGet(
                        () -> new OutputReader.Threads(process.getInputStream(), lines, queue, () -> lastWriteBegan));
        this.replies = new Replies(queue, output, process::isAlive);
        this.stderrReader = stderr.readFrom(process.getErrorStream());
        // The parts its command chose for every bot (see Parts), or a plain process's.
        this.suspension = holder.suspension(process);
        this.ending = holder.ending(process, tree);
        this.clock = holder.clock(process);
    }

    /**
     * Starts the command (which must already be resolved, see {@link SampleBots#resolve}) as a
     * plain process, with the extra environment variables on top of the command's own; its
     * output is read as this machine's commands read their bots' ({@link Parts#outputReading}).
     */
    static Start start(BotCommand command, Map<String, String> environment, Limits limits, String name) {
        return start(command, environment, limits, name, Machine.current().outputReading());
    }

    /** As {@link #start(BotCommand, Map, Limits, String)}, its output read as {@code output} says. */
    static Start start(
            BotCommand command, Map<String, String> environment, Limits limits, String name, Host.Output output) {
        return start(command, environment, limits, name, new Holder.Plain(output), bot -> {});
    }

    /** The same, for a host: {@code onEnd} is told when the bot has been ended. */
    static Start startPlain(
            BotCommand command,
            Map<String, String> environment,
            Limits limits,
            String name,
            Host.Output output,
            Consumer<BotProcess> onEnd) {
        return start(command, environment, limits, name, new Holder.Plain(output), onEnd);
    }

    /**
     * Starts the command inside its containment (sandbox and limits, see {@link Containment}),
     * which the bot's end then tears down. {@code onEnd} is told when the bot has been ended.
     * Bots are started through their {@link BotHost}.
     */
    static Start start(
            BotCommand command,
            Map<String, String> environment,
            Limits limits,
            String name,
            Containment containment,
            Consumer<BotProcess> onEnd) {
        return start(command, environment, limits, name, new Holder.Contained(containment), onEnd);
    }

    private static Start start(
            BotCommand command,
            Map<String, String> environment,
            Limits limits,
            String name,
            Holder holder,
            Consumer<BotProcess> onEnd) {
        ProcessTree tree = new ProcessTree();
        Launch.Started started;
        try {
            started = Launch.start(command, environment, holder, tree.markerValue());
        } catch (IOException e) {
            holder.close();
            return new Start.Failed(e.getMessage());
        }
        tree.setRoot(started.process().toHandle());
        // Told at once: an arena killed from now on leaves this bot to its watcher, which ends it.
        ArenaWatcher.botStarted(started.process().pid());
        tree.notePipes();
        holder.watch(started.process().toHandle());
        return new Start.Started(new BotProcess(started, tree, limits, holder, onEnd));
    }

    /**
     * Writes one line, on the caller's thread, until the deadline ({@link System#nanoTime()}
     * scale). A bot that does not read its input cannot block the caller much past the
     * deadline: it is killed then (see {@link InputWriter}), and the line counts as not delivered.
     */
    public Delivery send(String line, long deadlineNanos) {
        lastWriteBegan = System.nanoTime();
        return stdin.write(line, deadlineNanos);
    }

    /** Kills the bot and whatever holds its input open, so that a write stuck in its full pipe returns. */
    private void killForStuckWrite() {
        killedForStuckWrite = true;
        ending.killAll();
        // With a cgroup too: a process moved out of the group (root can) may still hold the pipe open.
        tree.pipeHolders().forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * Waits until the deadline ({@link System#nanoTime()} scale) for the bot's next reply. A bot
     * that exits counts as having closed its output even when a process it started still holds
     * that output open: the wait ends then, not at the deadline.
     */
    public Reply read(long deadlineNanos) {
        return replies.read(deadlineNanos);
    }

    /** The system property that, set to {@code threads}, has bots' output read on threads of their own rather than polled. */
    public static final String PIPES_SWITCH = Parts.PIPES_SWITCH;

    /** How bots' output is read on this machine, as its commands' parts choose it: "polled" by the thread that waits for a reply, or on "threads" of their own. */
    public static String outputReading() {
        return Machine.current().outputReading().word();
    }

    /** Whether the bot's output is read by the thread that waits for it (see {@link SelectablePipe}), not on a thread of its own. */
    boolean polled() {
        return output instanceof OutputReader.Polled;
    }

    /** A reply the bot wrote without being asked (or its end of output, or its exit), if one is waiting. */
    public Optional<Reply> unasked() {
        return replies.unasked();
    }

    /** The bot's exit status, waiting at most {@code wait} for it to exit. */
    public Optional<Integer> exitStatus(Duration wait) {
        try {
            if (process.waitFor(wait.toNanos(), TimeUnit.NANOSECONDS)) {
                return Optional.of(process.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Optional.empty();
    }

    /**
     * Why the arena's own launch layer (the launcher, bubblewrap, setpriv) ended before the bot's
     * program ran, once it has ended, waiting at most {@code wait} for that: its own error line
     * (such as {@code bwrap: Can't mkdir ...}) with its exit status. Empty when the bot's program
     * was reached (its failure is its own), while the launch still runs, and for a plain process.
     * Everything on standard error then is the launch's: the bot wrote nothing.
     *
     * @throws caissa.arena.sandbox.ArenaNamespaceException when the kernel refused the sandbox a namespace
     */
    public Optional<String> launchFailure(Duration wait) {
        Optional<Integer> status = holder.launchEnded(() -> exitStatus(wait));
        if (status.isEmpty()) {
            return Optional.empty();
        }
        try {
            // The launch's processes are gone: its error lines are at most a moment from the reader.
            stderrReader.get(wait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // What was read so far.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        String said = stderr.excerpt()
                .head()
                .lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .findFirst()
                .map(line -> line + " ")
                .orElse("");
        // A namespace the kernel refused is the machine's failure: the run stops, no bot is charged.
        Optional<ArenaNamespaceException> refused = ArenaNamespaceException.of(said);
        if (refused.isPresent()) {
            throw refused.get();
        }
        return Optional.of(LAUNCH_FAILED + ": " + said + "(exit status " + status.get() + ")");
    }

    /** The containment the bot runs in, if any: its record for the log, its cgroup for freezing and CPU time. */
    public Optional<Containment> containment() {
        return holder.containment();
    }

    /**
     * The resource limit the bot went over, in words with its figure, if it did; read while its
     * processes are still there (before {@link #awaitEnd}).
     */
    public Optional<String> limitHit() {
        return holder.limitHit(process);
    }

    /** CPU time (user + system) the bot has used so far, in nanoseconds: its cgroup's, else its processes' (see {@link CpuClock}). */
    public long cpuNanos() {
        return clock.cpuNanos();
    }

    /**
     * How long, in all, the bot's main thread has been ready to run but waiting for a core, in
     * nanoseconds: time the machine, not the bot, spent. Only in a sandbox with a cgroup (see
     * {@link CpuClock.OfSandboxedCgroup}, which says why); -1 otherwise, or while the sandboxed
     * bot has not yet started.
     */
    public long waitedNanos() {
        return clock.waitedNanos();
    }

    /** The bot's own process (not its sandbox's): -1 while a sandboxed bot has not started yet. */
    long botPid() {
        return holder.wrapping().bot(process.pid());
    }

    /** Stops the bot and every process it started from getting CPU until {@link #resume()} (see {@link Suspension}). */
    public void suspend() {
        suspension.suspend();
    }

    /** Lets a suspended bot run again; returns once that is under way. */
    public void resume() {
        suspension.resume();
    }

    /** What held the bot in its game, for the log: its containment's record with the parts chosen here; empty for a plain process. */
    public Optional<SandboxRecord> sandboxRecord() {
        return holder.record(suspension.word(), ending.word(), output.word());
    }

    public StderrExcerpt stderr() {
        return stderr.excerpt();
    }

    /**
     * Ends the bot, first half: note what its end needs to see while it runs, say {@code end} if
     * it still runs, close its input. {@link #awaitEnd} is the second: a grace period to exit, then
     * the bot and every process it started are terminated. Two halves, so that both bots of a game
     * share one grace.
     */
    public void askToEnd() {
        ending.beforeEnd();
        // Neither waits: a bot that does not read its input holds them up until it is killed.
        stdin.endAndClose(process.isAlive() ? "end" : null);
        output.readToEnd();
    }

    /** Ends the bot, second half: wait for its exit until the deadline, then kill what is left. */
    public ShutdownReport awaitEnd(long deadlineNanos) {
        Ending.Ended ended = ending.awaitEnd(deadlineNanos);
        int escaped = joinReaders();
        Optional<Integer> exitCode = process.isAlive() ? Optional.empty() : Optional.of(process.exitValue());
        holder.close(ended.released());
        clock.close();
        output.close();
        ArenaWatcher.botEnded(process.pid());
        onEnd.accept(this);
        // A bot killed for a stuck write did not exit by itself: its exit was the arena's doing.
        return new ShutdownReport(
                ended.exited() && !killedForStuckWrite,
                exitCode,
                ended.leftBehind() + escaped,
                !ended.exited() || killedForStuckWrite);
    }

    /** Kills every process of the bot now: the arena is stopping. */
    void kill() {
        ending.killAll();
    }

    /**
     * Waits for the readers to see the end of the bot's output and for the writer to close its
     * input. If they do not, a process that escaped every search (a new session, a cleared
     * environment) still holds the bot's pipes: those holders are found and killed, so that no
     * process and no reader thread outlives the game. Returns how many such processes there were.
     */
    private int joinReaders() {
        join(READER_WAIT_MILLIS);
        if (output.readToEnd().isDone() && stderrReader.isDone() && !stdin.busy()) {
            return 0;
        }
        List<ProcessHandle> holders = tree.pipeHolders();
        ProcessTree.kill(holders, Duration.ZERO, Duration.ofSeconds(5));
        join(1000);
        return holders.size();
    }

    private void join(long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        try {
            for (Future<?> reader : List.of(output.readToEnd(), stderrReader)) {
                try {
                    reader.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (TimeoutException | ExecutionException e) {
                    // Still reading: a process that holds the pipe is found and killed by the caller.
                }
            }
            stdin.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
