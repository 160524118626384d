package caissa.arena.bot;

import caissa.arena.linux.ProcessTree;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Host;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * How a bot's processes are found and ended after its game: through its cgroup ({@link
 * ByCgroup}), by its sandbox's PID namespace, whose processes all die with its init ({@link
 * ByPidNamespace}), or by its process tree ({@link ByProcessTree}). One is chosen when the bot
 * starts; the game log records which.
 */
sealed interface Ending permits Ending.ByCgroup, Ending.ByPidNamespace, Ending.ByProcessTree {

    /** What ending found: whether the bot exited by itself, and how many processes it left running. */
    record Ended(boolean exited, int leftBehind) {}

    /** Just before the bot is told to end: note what must be seen while it still runs. */
    void beforeEnd();

    /** Waits for the bot's exit until the deadline ({@link System#nanoTime()} scale), then kills what is left. */
    Ended awaitEnd(long deadlineNanos);

    /** Kills every process of the bot now: a write to it is stuck, or the arena is stopping. */
    void killAll();

    /** {@code cgroup}, {@code pid-namespace} or {@code process-tree}, as the game log records it. */
    String word();

    /**
     * The ending a command chose for its processes ({@code Parts.end}), for
     * one started in {@code containment}: a bot, or a program run on a submission (its build).
     */
    static Ending of(Host.EndBy by, Process process, Containment containment, ProcessTree tree) {
        return switch (by) {
            case CGROUP -> new ByCgroup(process, containment, tree);
            case PID_NAMESPACE -> new ByPidNamespace(process, tree);
            case PROCESS_TREE -> new ByProcessTree(process, tree);
        };
    }

    /**
     * Waits for the bot's exit until the deadline. In a sandbox, whose processes all die with the
     * bot, what it leaves running can be seen only while it still runs: {@code othersRunning} is
     * looked at until it exits, and the most seen, with {@code seen}, is returned in {@code most[0]}.
     */
    private static boolean awaitExit(
            Process process, long deadlineNanos, boolean sandboxed, IntSupplier othersRunning, int[] most) {
        try {
            if (!sandboxed) {
                return process.waitFor(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
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

    /** Kills a bot and the processes of its tree that can still be followed from it (a scan of /proc). */
    private static void killTree(Process process, ProcessTree tree) {
        List<ProcessHandle> all = new ArrayList<>(tree.aliveDescendants());
        all.add(process.toHandle());
        all.forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * The cgroup holds every process of the bot, however it forked or detached: counting its
     * members replaces scans of the process table, which cost milliseconds.
     */
    final class ByCgroup implements Ending {
        private final Process process;
        private final Containment containment;
        private final ProcessTree tree;
        private final int[] seen = new int[1];

        ByCgroup(Process process, Containment containment, ProcessTree tree) {
            this.process = process;
            this.containment = containment;
            this.tree = tree;
        }

        @Override
        public void beforeEnd() {
            // Before 'end': a sandboxed bot that then exits at once takes all in its sandbox along.
            seen[0] = containment.sandboxed() ? others() : 0;
        }

        /** The group's processes other than the bot and the sandbox's own (bubblewrap's outer process and its init). */
        private int others() {
            int wrappers = containment.sandboxed() ? 2 : 0;
            return containment
                    .cgroup()
                    .map(group -> Math.max(0, group.pids().size() - 1 - wrappers))
                    .orElse(0);
        }

        @Override
        public Ended awaitEnd(long deadlineNanos) {
            boolean sandboxed = containment.sandboxed();
            boolean exited = awaitExit(process, deadlineNanos, sandboxed, this::others, seen);
            if (exited) {
                // Without a sandbox, what is still in the group after the bot's exit is what it left behind.
                int killed = containment.killLeftovers();
                return new Ended(true, sandboxed ? seen[0] : killed);
            }
            int left = others();
            containment.killAll();
            return new Ended(false, left);
        }

        @Override
        public void killAll() {
            // The tree too: a process moved out of the group (root can) is still the bot's.
            killTree(process, tree);
            containment.killAll();
        }

        @Override
        public String word() {
            return "cgroup";
        }
    }

    /**
     * In a sandbox without a cgroup: the sandbox's init is process 1 of a PID namespace of its
     * own, and when it dies the kernel kills every process in that namespace, however it forked
     * or detached. The init exits with the bot; killing it ends the rest. No scan of /proc.
     */
    final class ByPidNamespace implements Ending {
        private final Process process;
        private final ProcessTree tree;
        private final int[] seen = new int[1];
        private long init = -1;
        /** The init as it was when found: a number the kernel gives again later is not it. */
        private ProcessHandle initHandle;

        private long bot = -1;

        ByPidNamespace(Process process, ProcessTree tree) {
            this.process = process;
            this.tree = tree;
        }

        @Override
        public void beforeEnd() {
            init = SandboxProcesses.init(process.pid());
            initHandle = init < 0 ? null : ProcessHandle.of(init).orElse(null);
            bot = init < 0 ? -1 : SandboxProcesses.bot(process.pid());
            seen[0] = others();
        }

        /** The processes in the sandbox besides its init and the bot: those it started. */
        private int others() {
            return init < 0 ? 0 : SandboxProcesses.runningBelow(init, bot);
        }

        @Override
        public Ended awaitEnd(long deadlineNanos) {
            boolean exited = awaitExit(process, deadlineNanos, true, this::others, seen);
            if (exited) {
                if (!namespaceGone(deadlineNanos)) {
                    // The init's end kills the rest: it is the init that has not finished.
                    killAll();
                    ProcessTree.waitForExit(List.of(initHandle), Duration.ofSeconds(5));
                }
                return new Ended(true, seen[0]);
            }
            int left = others();
            killAll();
            ProcessTree.kill(List.of(process.toHandle()), Duration.ZERO, Duration.ofSeconds(5));
            return new Ended(false, left);
        }

        /**
         * Whether the namespace is empty by the deadline. bubblewrap's outer process exits as soon
         * as its init reports the bot's status, before the init's own exit has killed and reaped
         * the rest; the init is not running (gone, or a zombie) only once they all are.
         */
        private boolean namespaceGone(long deadlineNanos) {
            if (initHandle == null) {
                return true;
            }
            ProcessTree.waitForExit(
                    List.of(initHandle), Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime())));
            return !ProcessTree.running(initHandle);
        }

        @Override
        public void killAll() {
            long known = init > 0 ? init : SandboxProcesses.init(process.pid());
            if (known > 0) {
                ProcessHandle.of(known).ifPresent(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            } else {
                // Not started far enough to have a namespace: what there is hangs off the process started.
                killTree(process, tree);
            }
        }

        @Override
        public String word() {
            return "pid-namespace";
        }
    }

    /**
     * A plain process: its tree, and the processes that carry its marker in their environment
     * (children orphaned when their parent exited). A process that left both can outlive the game.
     */
    final class ByProcessTree implements Ending {
        private final Process process;
        private final ProcessTree tree;

        ByProcessTree(Process process, ProcessTree tree) {
            this.process = process;
            this.tree = tree;
        }

        @Override
        public void beforeEnd() {
            // Children are re-parented when the bot exits: note them while they are still its own.
            tree.snapshot();
        }

        @Override
        public Ended awaitEnd(long deadlineNanos) {
            boolean exited = awaitExit(process, deadlineNanos, false, () -> 0, new int[1]);
            List<ProcessHandle> leftovers = tree.aliveDescendants();
            if (!exited) {
                ProcessTree.kill(List.of(process.toHandle()), Duration.ofMillis(100), Duration.ofSeconds(5));
            }
            ProcessTree.kill(leftovers, Duration.ofMillis(100), Duration.ofSeconds(5));
            // Children started in the last moments before the kill; a bot that exited by itself and
            // left nothing running cannot have any (a scan of the process table costs milliseconds).
            List<ProcessHandle> late = exited && leftovers.isEmpty() ? List.of() : tree.aliveDescendants();
            ProcessTree.kill(late, Duration.ZERO, Duration.ofSeconds(5));
            return new Ended(exited, leftovers.size() + late.size());
        }

        @Override
        public void killAll() {
            killTree(process, tree);
        }

        @Override
        public String word() {
            return "process-tree";
        }
    }
}
