package caissa.arena.bot;

import caissa.arena.program.BotCommand;
import caissa.arena.program.BotEnvironment;
import caissa.arena.program.ProgramLookup;
import caissa.arena.sandbox.BotCgroup;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Portable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntSupplier;

/**
 * A bot running as an operating-system process, spoken to over pipes: one line per message.
 *
 * <p>A reader thread turns standard output into {@link Reply} values on a queue that the game
 * polls with a deadline, so a silent bot never blocks the referee. Lines are capped in length
 * and in number of unanswered lines, so a flooding bot costs bounded memory. Standard error is
 * drained continuously (a bot that fills the pipe would otherwise block) into a bounded excerpt.
 * {@link #askToEnd()} and {@link #awaitEnd(long)} end the bot and every process it started.
 */
public final class BotProcess {

    /** Limits that keep a misbehaving bot from costing the referee more than a little memory. */
    public record Limits(int maxLineBytes, int maxPendingLines, int stderrExcerptBytes) {
        public static final Limits DEFAULT = new Limits(1024, 64, 4096);
    }

    /** Starting a bot either works or fails for a reason the operating system gives. */
    public sealed interface Start {
        record Started(BotProcess bot) implements Start {
        }

        record Failed(String reason) implements Start {
        }
    }

    /**
     * Bots still running, so that an interrupted arena (Ctrl-C, SIGTERM) takes them down with it
     * instead of leaving them to run on. SIGKILL cannot be caught: its bots see their input close.
     */
    private static final Set<BotProcess> LIVE = ConcurrentHashMap.newKeySet();

    /** Set once the arena itself is being stopped: games cut short by that are not results. */
    private static volatile boolean arenaStopping;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(BotProcess::killAllLive, "kill-bots"));
    }

    /** How often a wait for a reply checks whether the bot is still running. */
    private static final long EXIT_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** After a bot exits, how long its last line may take to come through the pipe. */
    private static final long LAST_WORDS_MILLIS = 50;
    /** How long the readers may take to see the end of a finished bot's output. */
    private static final long READER_WAIT_MILLIS = 200;
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    private final Process process;
    /** The sandbox and limits the bot runs in; null for a plain process. */
    private final Containment containment;
    /** In a sandbox: the most of the bot's processes besides itself seen running from when it was told to end. */
    private int seenAtEnd;
    private final InputWriter stdin;
    private final ProcessTree tree;
    private final Limits limits;
    private final BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();
    private final StderrCapture stderr;
    /**
     * Standard output read by the thread that waits for a reply (see {@link SelectablePipe});
     * null where it is read on a pooled thread instead ({@link #stdoutReader}).
     */
    private PolledOutput output;
    /**
     * The reader of standard output on a pooled thread: from the start where output is not
     * polled, else from the end of the game ({@link #askToEnd}); null until then. The reader of
     * standard error, from the start.
     */
    private volatile Future<?> stdoutReader;
    private Future<?> stderrReader;
    /** Set when the bot was killed because a write to it passed its deadline. */
    private volatile boolean killedForStuckWrite;
    private boolean suspended;
    /** Whether the sandbox's own processes have been taken out of the freezer (see {@link BotCgroup#exemptFromFreezing}). */
    private boolean sandboxExempted;
    /** Suspended through the cgroup's freezer rather than by a signal. */
    private boolean frozen;
    /** See {@link #groupLeader}: 0 until found. */
    private long groupLeader;
    /** The bot's main thread's wait for a core, opened once the bot is found (see {@link #waitedNanos}). */
    private RunQueueWait mainThreadWait;
    /** When the last line to the bot began to be written ({@link System#nanoTime()}); a reply read after it is not dated before it. */
    private volatile long lastWriteBegan = System.nanoTime();

    private BotProcess(Process process, ProcessTree tree, Limits limits, String name, Containment containment) {
        this.process = process;
        this.containment = containment;
        this.stdin = new InputWriter(process.getOutputStream(), this::killForStuckWrite);
        this.tree = tree;
        this.limits = limits;
        this.stderr = new StderrCapture(limits.stderrExcerptBytes());
    }

    /**
     * Starts the command (which must already be resolved, see {@link SampleBots#resolve}) with
     * the extra environment variables on top of the command's own.
     */
    public static Start start(BotCommand command, Map<String, String> environment, Limits limits, String name) {
        return start(command, environment, limits, name, null);
    }

    /**
     * Starts the command inside its containment (sandbox and limits, see {@link Containment}),
     * which the bot's end then tears down; null for a plain process.
     */
    public static Start start(BotCommand command, Map<String, String> environment, Limits limits, String name,
            Containment containment) {
        ProcessTree tree = new ProcessTree();
        ProcessBuilder builder = new ProcessBuilder(containment == null ? inOwnSession(command)
                : containment.ownSession() ? containment.argv()
                : inOwnSession(new BotCommand(containment.argv(), command.workingDir(), command.env())));
        command.workingDir().ifPresent(dir -> builder.directory(dir.toFile()));
        // Nothing of the arena's environment but the few variables every program needs: it holds secrets.
        builder.environment().clear();
        builder.environment().putAll(BotEnvironment.base(System.getenv()));
        if (containment == null || !containment.sandboxed()) {
            builder.environment().putAll(environment);
            builder.environment().putAll(command.env());
        }
        // In a sandbox the bot's own variables are set inside it, after the change of user (see
        // Bubblewrap): what starts the sandbox runs with the arena's privileges and must not get them.
        builder.environment().put(ProcessTree.MARKER_VARIABLE, tree.markerValue());
        Optional<SelectablePipe> pipe = SelectablePipe.open();
        pipe.ifPresent(p -> builder.redirectOutput(p.childEnd()));
        Process process;
        try {
            process = builder.start();
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            pipe.ifPresent(SelectablePipe::close);
            if (containment != null) {
                containment.close();
            }
            return new Start.Failed(startFailureReason(e));
        } finally {
            // The child has its copy: the end of output comes when its copies close.
            pipe.ifPresent(SelectablePipe::closeWritingEnd);
        }
        tree.setRoot(process.toHandle());
        tree.notePipes();
        if (containment != null) {
            containment.watch(process.toHandle());
        }
        BotProcess bot = new BotProcess(process, tree, limits, name, containment);
        LIVE.add(bot);
        LineSplitter lines = new LineSplitter(bot.replies, limits.maxLineBytes(), limits.maxPendingLines());
        if (pipe.isPresent()) {
            bot.output = PolledOutput.of(pipe.get(), lines, () -> bot.lastWriteBegan);
        } else {
            bot.stdoutReader = PipeThreads.run(() -> bot.readLines(process.getInputStream(), lines));
        }
        bot.stderrReader = PipeThreads.run(() -> bot.drain(process.getErrorStream()));
        return new Start.Started(bot);
    }

    /**
     * The command run through {@code setsid}, so that the bot leads a session and process group of
     * its own: a Ctrl-C on the arena's terminal reaches the arena, which stops the games, and not
     * the bots; and the bot with everything it started can be stopped and continued as a group.
     * A child of the arena is never a group leader, so setsid executes the bot in place and the
     * process started is the bot itself.
     */
    private static List<String> inOwnSession(BotCommand command) {
        List<String> argv = command.argv();
        // A program that cannot be run is left to Java, whose error names it (setsid would start and fail).
        if (Portable.on() || !Files.isExecutable(SETSID)
                || !(ProgramLookup.find(argv.get(0), command.workingDir()) instanceof ProgramLookup.Found.Startable)) {
            return argv;
        }
        List<String> wrapped = new ArrayList<>(argv.size() + 1);
        wrapped.add(SETSID.toString());
        wrapped.addAll(argv);
        return wrapped;
    }

    /** Java says {@code Cannot run program "x": error=2, No such file or directory}: keep the OS's part. */
    private static String startFailureReason(Exception e) {
        String message = String.valueOf(e.getMessage());
        Throwable cause = e.getCause();
        if (cause != null && cause.getMessage() != null) {
            String os = cause.getMessage().replaceFirst("^error=\\d+, ", "");
            return message.replaceFirst(":.*$", "") + ": " + os;
        }
        return message;
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

    /**
     * Kills the bot and everything of it that could hold its input open, so that a write stuck
     * in its full pipe returns: its cgroup when it has one (every process, however it forked),
     * otherwise its process tree and whatever holds its pipes.
     */
    private void killForStuckWrite() {
        killedForStuckWrite = true;
        if (cgroup().isPresent()) {
            containment.killAll();
        } else {
            killTree();
        }
        // With a cgroup too: a process moved out of the group (root can) may still hold the pipe open.
        tree.pipeHolders().forEach(ProcessHandle::destroyForcibly);
    }

    /** Kills the bot and the processes of its tree that can still be followed from it. */
    private void killTree() {
        List<ProcessHandle> all = new ArrayList<>(tree.aliveDescendants());
        all.add(process.toHandle());
        all.forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * Waits until the deadline ({@link System#nanoTime()} scale) for the bot's next reply. A bot
     * that exits counts as having closed its output even when a process it started still holds
     * that output open: the wait ends then, not at the deadline.
     */
    public Reply read(long deadlineNanos) {
        try {
            while (true) {
                long left = deadlineNanos - System.nanoTime();
                Reply reply = next(Math.max(0, Math.min(left, EXIT_CHECK_NANOS)));
                if (reply != null) {
                    keepTerminal(reply);
                    return reply;
                }
                if (!process.isAlive()) {
                    return exited();
                }
                if (deadlineNanos - System.nanoTime() <= 0) {
                    return Reply.TIMEOUT;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Reply.INTERRUPTED;
        }
    }

    /**
     * The next reply, waiting up to {@code nanos} for it: null if none came. Where the output is
     * polled, this thread reads it meanwhile.
     */
    private Reply next(long nanos) throws InterruptedException {
        if (output == null) {
            return replies.poll(nanos, TimeUnit.NANOSECONDS);
        }
        long deadline = System.nanoTime() + nanos;
        while (true) {
            Reply reply = replies.poll();
            if (reply != null) {
                return reply;
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            long left = deadline - System.nanoTime();
            if (left <= 0 || output.ended()) {
                output.pull(0);
                reply = replies.poll();
                if (reply == null && left > 0) {
                    // Closed under us (the arena's end): nothing more will come.
                    TimeUnit.NANOSECONDS.sleep(left);
                }
                return reply;
            }
            output.pull(left);
        }
    }

    /** How bots' output is read in this JVM: "polled" by the thread that waits for a reply, or on "threads" of their own. */
    public static String outputReading() {
        return SelectablePipe.inUse() ? "polled" : "threads";
    }

    /** Whether the bot's output is read by the thread that waits for it (see {@link SelectablePipe}), not on a thread of its own. */
    boolean polled() {
        return output != null;
    }

    /** The bot has exited: take a line still on its way, else report its output as closed, for good. */
    private Reply exited() throws InterruptedException {
        Reply last = next(TimeUnit.MILLISECONDS.toNanos(LAST_WORDS_MILLIS));
        if (last != null) {
            keepTerminal(last);
            return last;
        }
        replies.add(Reply.CLOSED);
        return Reply.CLOSED;
    }

    /** A reply the bot wrote without being asked (or its end of output, or its exit), if one is waiting. */
    public Optional<Reply> unasked() {
        if (output != null) {
            output.pull(0);
        }
        Reply next = replies.peek();
        if (next == null && !process.isAlive()) {
            try {
                return Optional.of(exited());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of(Reply.CLOSED);
            }
        }
        return next == null ? Optional.empty() : Optional.of(take());
    }

    private Reply take() {
        Reply reply = replies.poll();
        keepTerminal(reply);
        return reply;
    }

    /** End of output, an over-long line and a flood end the stream: keep saying so. */
    private void keepTerminal(Reply reply) {
        if (!(reply instanceof Reply.Line) && replies.isEmpty()) {
            replies.add(reply);
        }
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



    /** The containment the bot runs in, if any: its record for the log, its cgroup for freezing and CPU time. */
    public Optional<Containment> containment() {
        return Optional.ofNullable(containment);
    }

    /**
     * The resource limit the bot went over, in words with its figure, if it did; read while its
     * processes are still there (before {@link #awaitEnd}).
     */
    public Optional<String> limitHit() {
        if (containment == null) {
            return Optional.empty();
        }
        Optional<Integer> code = process.isAlive() ? Optional.empty() : Optional.of(process.exitValue());
        return containment.limitHit(code);
    }

    /**
     * CPU time (user + system) the bot has used so far, in nanoseconds (see {@link ProcessCpu}
     * for what it counts).
     */
    public long cpuNanos() {
        // The bot's cgroup counts every process it has, in or out of a sandbox.
        Optional<BotCgroup> group = cgroup();
        if (group.isPresent()) {
            OptionalLong used = group.get().cpuTimeNanos();
            if (used.isPresent()) {
                return used.getAsLong();
            }
        }
        return ProcessCpu.nanos(process.pid());
    }

    /**
     * How long, in all, the bot's main thread has been ready to run but waiting for a core, in
     * nanoseconds: time the machine, not the bot, spent. Only in a sandbox with a cgroup: the
     * cgroup's CPU time bounds what the game excuses (a bot cannot make its main thread wait on
     * its own children and have that excused while they work), and the sandbox leaves it no
     * helper outside the cgroup (no network, no other processes) to think while its main thread
     * is made to wait. -1 otherwise, or while the sandboxed bot has not yet started.
     */
    public long waitedNanos() {
        if (cgroup().isEmpty() || !containment.sandboxed()) {
            return -1;
        }
        if (mainThreadWait == null) {
            long pid = botPid();
            if (pid < 0) {
                return -1;
            }
            mainThreadWait = RunQueueWait.ofMainThread(pid);
        }
        return mainThreadWait.nanos();
    }

    /** The bot's own process (not its sandbox's): -1 while a sandboxed bot has not started yet. */
    long botPid() {
        return containment != null && containment.sandboxed() ? sandboxedBot() : process.pid();
    }

    /** The bot in its sandbox: the only child of the sandbox's init, itself bubblewrap's only child; -1 if not (yet) so. */
    private long sandboxedBot() {
        List<Long> wrappers = sandboxProcesses();
        if (wrappers.isEmpty()) {
            return -1;
        }
        List<Long> bot = ProcessCpu.children(wrappers.get(1));
        return bot.size() == 1 ? bot.get(0) : -1;
    }

    /**
     * Stops the bot and every process it started from getting CPU until {@link #resume()}: its
     * cgroup's freezer, or else a SIGSTOP to the process group that holds it (see {@link
     * #groupLeader}). Does nothing when it has no group of its own (no {@code setsid} on this
     * system): the signal would reach the arena.
     */
    public void suspend() {
        // A cgroup freezes the whole tree, sandboxed or not.
        Optional<BotCgroup> group = cgroup();
        if (!suspended && process.isAlive() && group.isPresent()) {
            // Not waiting for the whole tree to stop: a bot that forks without pause would make the
            // game wait, and a freeze that timed out would leave it half frozen with no thaw to come.
            if (!sandboxExempted && containment.sandboxed()) {
                // Once, before the first freeze: the sandbox's own processes need no freezing.
                sandboxExempted = true;
                group.get().exemptFromFreezing(sandboxProcesses());
            }
            suspended = group.get().startFreezing();
            frozen = suspended;
            return;
        }
        long leader = groupLeader();
        if (!suspended && process.isAlive() && leader > 0) {
            suspended = Signals.shared().map(signals -> signals.stop(leader)).orElse(false);
        }
    }

    /**
     * bubblewrap's outer process (the one started) and the sandbox's init, its only child; empty
     * when the init cannot be told (no /proc, or it has not started yet).
     */
    private List<Long> sandboxProcesses() {
        long outer = process.pid();
        List<Long> children = ProcessCpu.children(outer);
        return children.size() == 1 ? List.of(outer, children.get(0)) : List.of();
    }

    /** Lets a suspended bot run again; returns once the signal is sent. */
    public void resume() {
        if (suspended && frozen) {
            cgroup().ifPresent(BotCgroup::thaw);
            suspended = false;
            frozen = false;
            return;
        }
        if (suspended) {
            Signals.shared().ifPresent(signals -> signals.resume(groupLeader));
            suspended = false;
        }
    }

    /**
     * The process whose group holds the bot and all it started, to be stopped and continued by
     * signals: in a sandbox its init, which bubblewrap's {@code --new-session} makes lead a
     * session and group of its own, with the bot in it; outside one the process started. Found
     * once (the bot has its group by its first reply), -1 when there is no such group.
     */
    private long groupLeader() {
        if (groupLeader == 0) {
            List<Long> wrappers = containment != null && containment.sandboxed() ? sandboxProcesses() : List.of();
            long pid = containment != null && containment.sandboxed() ? (wrappers.isEmpty() ? -1 : wrappers.get(1))
                    : process.pid();
            if (pid < 0) {
                return -1;
            }
            groupLeader = ProcessCpu.processGroup(pid) == pid ? pid : -1;
        }
        return groupLeader;
    }

    /**
     * What held the bot in its game, for the log: its containment's record with how it was
     * suspended (none where it led no group of its own), ended and read; empty for a plain process.
     */
    public Optional<caissa.arena.sandbox.SandboxRecord> sandboxRecord() {
        return containment().map(held -> {
            caissa.arena.sandbox.SandboxRecord record = held.record();
            // A group leader never looked for (suspension was off) is not known to be missing.
            String suspendBy = record.suspendBy().equals("signals") && groupLeader < 0 ? "none" : record.suspendBy();
            return record.with(suspendBy, record.endBy(), polled() ? "polled" : "threads");
        });
    }

    public StderrExcerpt stderr() {
        return stderr.excerpt();
    }

    /**
     * Ends the bot, first half: remember its children, say {@code end} if it still runs, close its
     * input. {@link #awaitEnd} is the second: a grace period to exit, then the bot and every
     * process it started are terminated. Two halves, so that both bots of a game share one grace.
     */
    public void askToEnd() {
        if (cgroup().isPresent()) {
            // The cgroup holds every process of the bot, however it forked or detached: counting
            // its members replaces the scans of the process table, which cost milliseconds.
            // Before 'end': a sandboxed bot that then exits at once takes all in its sandbox along.
            seenAtEnd = containment.sandboxed() ? othersInCgroup() : 0;
        } else {
            // Children are re-parented when the bot exits: note them while they are still its own.
            tree.snapshot();
            if (containment != null && containment.sandboxed()) {
                seenAtEnd = Math.max(0, tree.runningDescendantsExcept("bwrap") - 1);
            }
        }
        // Neither waits: a bot that does not read its input holds them up until it is killed.
        stdin.endAndClose(process.isAlive() ? "end" : null);
        stdoutReader();
    }

    /** The reader of standard output on a pooled thread; where output is polled, started now, for the end of the game. */
    private synchronized Future<?> stdoutReader() {
        if (stdoutReader == null) {
            stdoutReader = PipeThreads.run(output::drainToEnd);
        }
        return stdoutReader;
    }

    /** Ends the bot, second half: wait for its exit until the deadline, then kill what is left. */
    public ShutdownReport awaitEnd(long deadlineNanos) {
        ShutdownReport report = cgroup().isPresent() ? awaitEndInCgroup(deadlineNanos) : awaitEndByProcessTree(deadlineNanos);
        if (containment != null) {
            containment.close();
        }
        if (mainThreadWait != null) {
            mainThreadWait.close();
        }
        if (output != null) {
            output.close();
        }
        LIVE.remove(this);
        if (killedForStuckWrite) {
            // Its exit was the arena's doing, not its own.
            return new ShutdownReport(false, report.exitCode(), report.leftoverProcesses(), true);
        }
        return report;
    }

    private Optional<BotCgroup> cgroup() {
        return containment == null ? Optional.empty() : containment.cgroup();
    }

    /**
     * The bot's processes in its cgroup other than itself and the sandbox's own (bubblewrap's
     * outer process and the sandbox's init): those it started and left running.
     */
    private int othersInCgroup() {
        int wrappers = containment.sandboxed() ? 2 : 0;
        return Math.max(0, cgroup().orElseThrow().pids().size() - 1 - wrappers);
    }

    /**
     * Waits for the bot's exit until the deadline. In a sandbox, whose processes all die with the
     * bot, what it leaves running can only be seen while it still runs: {@code othersRunning} is
     * looked at until it exits, and the most seen is kept in {@link #seenAtEnd}. A child still
     * running at 'end' or after counts, even if it was about to exit too.
     */
    private boolean awaitExit(long deadlineNanos, boolean sandboxed, IntSupplier othersRunning) {
        try {
            if (!sandboxed) {
                return process.waitFor(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            boolean exited;
            while (!(exited = process.waitFor(Math.min(10_000_000L, Math.max(0, deadlineNanos - System.nanoTime())),
                    TimeUnit.NANOSECONDS)) && deadlineNanos - System.nanoTime() > 0) {
                seenAtEnd = Math.max(seenAtEnd, othersRunning.getAsInt());
            }
            return exited;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private ShutdownReport awaitEndInCgroup(long deadlineNanos) {
        boolean sandboxed = containment.sandboxed();
        boolean exited = awaitExit(deadlineNanos, sandboxed, this::othersInCgroup);
        int leftBehind;
        if (exited) {
            // Without a sandbox, what is still in the group after the bot's exit is what it left behind.
            int killed = containment.killLeftovers();
            leftBehind = sandboxed ? seenAtEnd : killed;
        } else {
            leftBehind = othersInCgroup();
            containment.killAll();
        }
        int escaped = joinReaders();
        Optional<Integer> exitCode = process.isAlive() ? Optional.empty() : Optional.of(process.exitValue());
        return new ShutdownReport(exited, exitCode, leftBehind + escaped, !exited);
    }

    private ShutdownReport awaitEndByProcessTree(long deadlineNanos) {
        boolean sandboxed = containment != null && containment.sandboxed();
        // Beside the bot in the tree: the sandbox's init, which is bwrap too.
        boolean exited = awaitExit(deadlineNanos, sandboxed, () -> tree.runningDescendantsExcept("bwrap") - 1);
        List<ProcessHandle> leftovers = tree.aliveDescendants();
        // After a sandboxed bot's exit, what is still there is its sandbox's own processes dying
        // with it; what it left behind was counted while it ran.
        int leftBehind = sandboxed && exited ? seenAtEnd : leftovers.size();
        if (!exited) {
            ProcessTree.kill(List.of(process.toHandle()), Duration.ofMillis(100), Duration.ofSeconds(5));
        }
        ProcessTree.kill(leftovers, Duration.ofMillis(100), Duration.ofSeconds(5));
        // Children started in the last moments before the kill; a bot that exited by itself and
        // left nothing running cannot have any (a scan of the process table costs milliseconds).
        List<ProcessHandle> late = exited && leftovers.isEmpty() ? List.of() : tree.aliveDescendants();
        ProcessTree.kill(late, Duration.ZERO, Duration.ofSeconds(5));
        int escaped = joinReaders();
        Optional<Integer> exitCode = process.isAlive() ? Optional.empty() : Optional.of(process.exitValue());
        return new ShutdownReport(exited, exitCode, leftBehind + late.size() + escaped, !exited);
    }

    /**
     * Whether the arena is being stopped (Ctrl-C, SIGTERM). The bots are killed then, so a game
     * ending now ended because of it, not because of a bot: it must not be recorded as a result.
     */
    public static boolean arenaStopping() {
        return arenaStopping;
    }

    private static void killAllLive() {
        arenaStopping = true;
        for (BotProcess bot : LIVE) {
            bot.killTree();
            if (bot.containment != null) {
                bot.containment.killAll();
            }
        }
        // Let the games notice and wind down (their threads check arenaStopping before recording
        // anything), so that the JVM does not halt in the middle of their bookkeeping.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (!LIVE.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Waits for the readers to see the end of the bot's output and for the writer to close its
     * input. If they do not, a process that
     * escaped both searches (a new session, a cleared environment) still holds the bot's pipes:
     * those holders are found and killed, so that no process and no reader thread outlives the
     * game. Returns how many such processes there were.
     */
    private int joinReaders() {
        join(READER_WAIT_MILLIS);
        if (stdoutReader().isDone() && stderrReader.isDone() && !stdin.busy()) {
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
            for (Future<?> reader : List.of(stdoutReader(), stderrReader)) {
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

    private void readLines(InputStream in, LineSplitter lines) {
        byte[] buffer = new byte[8192];
        try (RunQueueWait waited = RunQueueWait.ofCurrentThread()) {
            int n;
            while (true) {
                // Read just before blocking, so that what the figure gains is the wait after this wake.
                long reading = System.nanoTime();
                long waitedBefore = waited.nanos();
                if ((n = in.read(buffer)) <= 0) {
                    break;
                }
                long read = System.nanoTime();
                long waitedAfter = waited.nanos();
                long now = receivedAt(reading, read, lastWriteBegan, waitedBefore, waitedAfter);
                if (!lines.accept(buffer, n, now)) {
                    return;
                }
            }
        } catch (IOException e) {
            // The stream was closed under us at shutdown: the same as the end of output.
        }
        lines.closed();
    }

    /**
     * When a reply came that a wait which began at {@code reading} saw at {@code read}, the line
     * it may answer having begun to be written at {@code writeBegan}: see below, never before the
     * wait began, nor before that line when it began during the wait.
     */
    static long receivedAt(long reading, long read, long writeBegan, long waitedBefore, long waitedAfter) {
        // A write that began after the line was read cannot be what the line answers.
        return receivedAt(read, writeBegan - read <= 0 ? Math.max(reading, writeBegan) : reading, waitedBefore, waitedAfter);
    }

    /**
     * When a reply came: now, less the time this reader, woken by the bot's line, then waited
     * for a core (the arena's delay, not the bot's; on a busy machine it can pass a
     * millisecond), but never before {@code notBefore}: the read began, or the line that the
     * reply may answer began to be written (a wait of the reader before it blocked in the read
     * counts too, and must not date a reply before its question).
     */
    static long receivedAt(long now, long notBefore, long waitedBefore, long waitedAfter) {
        if (waitedBefore < 0 || waitedAfter < waitedBefore) {
            return now;
        }
        return Math.min(now, Math.max(notBefore, now - (waitedAfter - waitedBefore)));
    }

    private void drain(InputStream in) {
        byte[] buffer = new byte[64 * 1024];
        try {
            int n;
            while ((n = in.read(buffer)) > 0) {
                stderr.append(buffer, n);
            }
        } catch (IOException e) {
            // Closed at shutdown.
        }
    }

}
