package caissa.arena.bot;

import caissa.arena.linux.BotCgroup;
import caissa.arena.program.BotEnvironment;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Host;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * What the process the arena starts wraps around the bot's own: nothing, the process started is
 * the bot ({@link Bare}), or a bubblewrap sandbox, whose outer process and init come before the
 * bot and whose processes all die with it ({@link Sandbox}). It follows from the command's launch,
 * so it is chosen once for a bot (see {@link Holder}), and the other parts ask it instead of each
 * testing whether the bot is sandboxed.
 */
sealed interface Wrapping permits Wrapping.Bare, Wrapping.Sandbox {

    /** The wrapping of bots that the command's launch, {@code launcher}, starts. */
    static Wrapping of(Host.Launcher launcher) {
        return switch (launcher) {
            case BWRAP -> new Sandbox();
            case NONE -> new Bare();
        };
    }

    /** The bot's own process, found from the one started: -1 while it cannot be told yet. */
    long bot(long started);

    /** The process whose group holds the bot and all it started, if it leads one: -1 while it cannot be told yet. */
    long groupLeader(long started);

    /** Before the first freeze of the bot's cgroup: the wrapping's own processes need no freezing. */
    void exemptFromFreezing(BotCgroup group, long started);

    /** The clock of a bot whose cgroup holds it (see {@link CpuClock}): the wait for a core is excused in a sandbox alone. */
    CpuClock cgroupClock(Containment containment, long started);

    /**
     * The init of the sandbox's PID namespace, found from the process started while it runs;
     * empty where there is none (a bare bot) or it cannot be told yet. Once it is seen gone,
     * the kernel has reaped every process of the namespace.
     */
    Optional<ProcessHandle> namespaceInit(long started);

    /** How many processes of the bot's cgroup are the wrapping's, not the bot's. */
    int ownProcesses();

    /** Before the bot is told to end: what it started that is running now, where that cannot be seen after its exit. */
    int othersBeforeEnd(IntSupplier othersRunning);

    /**
     * Waits for the bot's exit until the deadline ({@link System#nanoTime()} scale). Where what
     * the bot leaves running can be seen only while it runs, {@code othersRunning} is looked at
     * until it exits, and the most seen, with {@code most[0]}, is kept in {@code most[0]}.
     */
    boolean awaitExit(Process process, long deadlineNanos, IntSupplier othersRunning, int[] most);

    /** What a bot that exited by itself left running: seen while it ran, or found in its cgroup after its exit. */
    int leftBehind(int seenWhileRunning, int foundAfterExit);

    /**
     * The environment the process started begins with, from the arena's ({@code arena}): a bare
     * bot's few variables every program needs ({@link BotEnvironment}); a sandbox's outer process
     * and init nothing of the arena's, since a bot can read its init's environment where both
     * run as the same user (an ordinary user's arena), and the bot's own is set inside.
     */
    Map<String, String> base(Map<String, String> arena);

    /**
     * Adds the run's variables and the bot's own to the environment of the process started,
     * where that process is the bot; a sandbox sets them inside, after its change of user.
     */
    void addVariables(Map<String, String> started, Map<String, String> run, Map<String, String> own);

    /** Waits for the process's exit until the deadline; false when it still runs. */
    static boolean waitFor(Process process, long deadlineNanos) {
        try {
            return process.waitFor(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The process started is the bot itself (a plain process, behind its launch script or alone). */
    record Bare() implements Wrapping {
        @Override
        public Optional<ProcessHandle> namespaceInit(long started) {
            return Optional.empty();
        }

        @Override
        public long bot(long started) {
            return started;
        }

        @Override
        public long groupLeader(long started) {
            return started;
        }

        @Override
        public void exemptFromFreezing(BotCgroup group, long started) {}

        @Override
        public CpuClock cgroupClock(Containment containment, long started) {
            return new CpuClock.OfCgroup(containment, started);
        }

        @Override
        public int ownProcesses() {
            return 0;
        }

        @Override
        public int othersBeforeEnd(IntSupplier othersRunning) {
            return 0;
        }

        @Override
        public boolean awaitExit(Process process, long deadlineNanos, IntSupplier othersRunning, int[] most) {
            return waitFor(process, deadlineNanos);
        }

        @Override
        public int leftBehind(int seenWhileRunning, int foundAfterExit) {
            // What is still in the group after the bot's exit is what it left behind.
            return foundAfterExit;
        }

        @Override
        public Map<String, String> base(Map<String, String> arena) {
            return BotEnvironment.base(arena);
        }

        @Override
        public void addVariables(Map<String, String> started, Map<String, String> run, Map<String, String> own) {
            started.putAll(run);
            started.putAll(own);
        }
    }

    /**
     * bubblewrap's outer process, the sandbox's init (process 1 of its PID namespace, the leader
     * of its session and group), then the bot (see {@link SandboxProcesses}). Every process of
     * the sandbox dies with the bot.
     */
    record Sandbox() implements Wrapping {
        @Override
        public long bot(long started) {
            return SandboxProcesses.bot(started);
        }

        @Override
        public Optional<ProcessHandle> namespaceInit(long started) {
            long init = SandboxProcesses.init(started);
            return init < 0 ? Optional.empty() : ProcessHandle.of(init);
        }

        @Override
        public long groupLeader(long started) {
            return SandboxProcesses.init(started);
        }

        @Override
        public void exemptFromFreezing(BotCgroup group, long started) {
            group.exemptFromFreezing(SandboxProcesses.wrappers(started));
        }

        @Override
        public CpuClock cgroupClock(Containment containment, long started) {
            return new CpuClock.OfSandboxedCgroup(containment, started, this);
        }

        @Override
        public int ownProcesses() {
            // bubblewrap's outer process and its init.
            return 2;
        }

        @Override
        public int othersBeforeEnd(IntSupplier othersRunning) {
            // Before 'end': a sandboxed bot that then exits at once takes all in its sandbox along.
            return othersRunning.getAsInt();
        }

        @Override
        public boolean awaitExit(Process process, long deadlineNanos, IntSupplier othersRunning, int[] most) {
            try {
                boolean exited;
                while (!(exited = process.waitFor(
                                Math.min(10_000_000L, Math.max(0, deadlineNanos - System.nanoTime())),
                                TimeUnit.NANOSECONDS))
                        && deadlineNanos - System.nanoTime() > 0) {
                    most[0] = Math.max(most[0], othersRunning.getAsInt());
                }
                return exited;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        @Override
        public int leftBehind(int seenWhileRunning, int foundAfterExit) {
            return seenWhileRunning;
        }

        @Override
        public Map<String, String> base(Map<String, String> arena) {
            // bubblewrap, the launch's shell and the steps inside are named by their full paths
            // and need no variable; the PATH is the system's, not the organiser's.
            return Map.of("PATH", "/usr/bin:/bin");
        }

        @Override
        public void addVariables(Map<String, String> started, Map<String, String> run, Map<String, String> own) {
            // Set inside the sandbox, after the change of user (see Bubblewrap): what starts the
            // sandbox runs with the arena's privileges and must not get them.
        }
    }
}
