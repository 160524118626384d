package caissa.arena.bot;

import caissa.arena.linux.ProcessTree;
import caissa.arena.sandbox.Containment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a bot's processes are found and ended after its game: through its cgroup ({@link
 * ByCgroup}), by its sandbox's PID namespace, whose processes all die with its init ({@link
 * ByPidNamespace}), or by its process tree ({@link ByProcessTree}). One is chosen when the bot
 * starts; the game log records which.
 */
sealed interface Ending permits Ending.ByCgroup, Ending.ByPidNamespace, Ending.ByProcessTree {

    /**
     * What ending found: whether the bot exited by itself, how many processes it left running,
     * and whether every process it had is known released (its PID namespace's init seen gone:
     * the kernel reaps the whole namespace before that), so that none is left to look for.
     */
    record Ended(boolean exited, int leftBehind, boolean released) {
        Ended(boolean exited, int leftBehind) {
            this(exited, leftBehind, false);
        }
    }

    /** Just before the bot is told to end: note what must be seen while it still runs. */
    void beforeEnd();

    /** Waits for the bot's exit until the deadline ({@link System#nanoTime()} scale), then kills what is left. */
    Ended awaitEnd(long deadlineNanos);

    /** Kills every process of the bot now: a write to it is stuck, or the arena is stopping. */
    void killAll();

    /** {@code cgroup}, {@code pid-namespace} or {@code process-tree}, as the game log records it. */
    String word();

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
        /** Whether what the bot leaves running can be seen after its exit (not in a sandbox, which dies with it). */
        private final Wrapping wrapping;

        private final int[] seen = new int[1];
        /** A sandbox's init, noted before the end: once it is gone, everything of the bot is released. */
        private Optional<ProcessHandle> init = Optional.empty();

        ByCgroup(Process process, Containment containment, ProcessTree tree, Wrapping wrapping) {
            this.process = process;
            this.containment = containment;
            this.tree = tree;
            this.wrapping = wrapping;
        }

        @Override
        public void beforeEnd() {
            init = wrapping.namespaceInit(process.pid());
            seen[0] = wrapping.othersBeforeEnd(this::others);
        }

        /** The group's processes other than the bot and its wrapping's own (bubblewrap's outer process and its init). */
        private int others() {
            return containment
                    .cgroup()
                    .map(group -> Math.max(0, group.pids().size() - 1 - wrapping.ownProcesses()))
                    .orElse(0);
        }

        @Override
        public Ended awaitEnd(long deadlineNanos) {
            boolean exited = wrapping.awaitExit(process, deadlineNanos, this::others, seen);
            if (exited) {
                int killed = containment.killLeftovers();
                return new Ended(true, wrapping.leftBehind(seen[0], killed), released());
            }
            int left = others();
            containment.killAll();
            return new Ended(false, left, released());
        }

        /**
         * Whether the sandbox's init is gone, after the group's processes were all killed: it goes
         * only once the kernel has reaped its namespace. A moment is waited for it; a bare bot has
         * no such sign.
         */
        private boolean released() {
            if (init.isEmpty()) {
                return false;
            }
            ProcessTree.waitForExit(List.of(init.get()), Duration.ofSeconds(1));
            return !ProcessTree.running(init.get());
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
            if (init < 0) {
                return 0;
            }
            if (bot < 0) {
                // Its end was asked for before the init had started it (its opponent crashed at
                // once): the bot, started since, is not one of the processes it left.
                bot = SandboxProcesses.bot(process.pid());
            }
            return SandboxProcesses.runningBelow(init, bot);
        }

        @Override
        public Ended awaitEnd(long deadlineNanos) {
            // What the bot leaves can be seen only while it runs: its namespace dies with it.
            boolean exited = new Wrapping.Sandbox().awaitExit(process, deadlineNanos, this::others, seen);
            if (exited) {
                if (!namespaceGone(deadlineNanos)) {
                    // The init's end kills the rest: it is the init that has not finished.
                    killAll();
                    ProcessTree.waitForExit(List.of(initHandle), Duration.ofSeconds(5));
                }
                return new Ended(true, seen[0], initHandle != null && !ProcessTree.running(initHandle));
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
            boolean exited = Wrapping.waitFor(process, deadlineNanos);
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
