package caissa.arena.sandbox;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A bot's memory and process limits where no cgroup can hold them (an ordinary user on cgroup v1,
 * a container without a delegated cgroup): its process tree is looked at every {@link
 * #PERIOD_MILLIS} ms, and a tree over a limit is killed and the limit reported, as a cgroup
 * would. It counts what the bot's processes hold (resident memory, processes and threads), never
 * address space a runtime reserves without using it, and never the user's other processes: the
 * per-process rlimits that did broke every JVM bot (which reserves more than a gigabyte at
 * start) and let one bot's threads starve another's.
 *
 * <p>What it cannot do, a cgroup can: a bot may pass a limit for up to one period before it is
 * stopped, and a process that leaves the tree (orphaned outside a sandbox, whose PID namespace
 * keeps orphans in the tree) is no longer counted.
 */
public final class LimitWatchdog implements AutoCloseable {

    /** How often each watched tree is looked at. */
    public static final long PERIOD_MILLIS = 20;
    /** How many times a kill goes over the tree again for processes forked meanwhile. */
    private static final int KILL_ROUNDS = 50;

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "limit-watchdog");
        thread.setDaemon(true);
        return thread;
    });

    /** The writable places of a sandbox are looked at every this many periods: a full one only stops writes. */
    private static final int SCRATCH_EVERY = 5;

    private final long root;
    private final ResourceLimits limits;
    /** Whether memory and processes are watched here (no cgroup holds them). */
    private final boolean processes;
    /** The sandbox's memory file systems to watch for a full one (paths inside the sandbox); none outside one. */
    private final List<String> scratch;
    private volatile String hit;
    private final ScheduledFuture<?> task;
    private int ticks;
    /** The sandbox's init, through whose /proc/PID/root its file systems are seen; 0 until found. */
    private long init;

    private LimitWatchdog(long root, ResourceLimits limits, boolean processes, List<String> scratch) {
        this.root = root;
        this.limits = limits;
        this.processes = processes;
        this.scratch = List.copyOf(scratch);
        // Only the sandbox's file systems to watch (a cgroup holds the rest): a fifth as often.
        long period = processes ? PERIOD_MILLIS : PERIOD_MILLIS * SCRATCH_EVERY;
        this.task = TIMER.scheduleWithFixedDelay(() -> look(false), 0, period, TimeUnit.MILLISECONDS);
    }

    /**
     * Starts watching the tree below {@code root} (the process the arena started): its memory and
     * processes against the limits when {@code processes} (no cgroup holds them), and the
     * sandbox's writable file systems named in {@code scratch} for one its bot filled.
     */
    public static LimitWatchdog watch(long root, ResourceLimits limits, boolean processes, List<String> scratch) {
        return new LimitWatchdog(root, limits, processes, scratch);
    }

    /** The limit the tree went over, in words with its figure; empty while it has not. */
    public Optional<String> limitHit() {
        return Optional.ofNullable(hit);
    }

    /** Looks once more, at once: what the game's end reads must not miss the last moments. */
    public Optional<String> lookNow() {
        synchronized (this) {
            if (hit == null && !task.isCancelled()) {
                look(true);
            }
        }
        return limitHit();
    }

    /** Looks at the tree once; at the sandbox's file systems too every few periods, or when {@code everything}. */
    private synchronized void look(boolean everything) {
        if (hit != null) {
            return;
        }
        if (!processes) {
            if (ProcessHandle.of(root).isEmpty()) {
                task.cancel(false);
                return;
            }
            Optional<String> full = fullScratch();
            if (full.isEmpty()) {
                return;
            }
            hit = scratchHit(full.get());
            task.cancel(false);
            kill(TreeUsage.of(root).pids());
            return;
        }
        TreeUsage usage = TreeUsage.of(root);
        if (usage.pids().isEmpty()) {
            task.cancel(false);
            return;
        }
        Optional<String> full = ticks++ % SCRATCH_EVERY == 0 || everything ? fullScratch() : Optional.empty();
        if (full.isPresent()) {
            hit = scratchHit(full.get());
        } else if (usage.residentBytes() > limits.memoryBytes()) {
            hit = "memory limit of " + ResourceLimits.bytes(limits.memoryBytes()) + " (killed holding "
                    + ResourceLimits.bytes(usage.residentBytes()) + " resident)";
        } else if (usage.threads() > limits.processes()) {
            hit = "process limit of " + limits.processes() + " processes and threads (killed with " + usage.threads() + ")";
        } else {
            return;
        }
        task.cancel(false);
        kill(usage.pids());
    }

    private String scratchHit(String mount) {
        return "scratch limit of " + ResourceLimits.bytes(limits.scratchBytes()) + " (its " + mount + " was full)";
    }

    /**
     * The first of the sandbox's writable file systems with no room left, seen from the host
     * through its init's {@code /proc/PID/root}: the bot filled it, and would lose its game to its
     * own failed writes in ways a game cannot tell apart from a bug.
     */
    private Optional<String> fullScratch() {
        if (scratch.isEmpty()) {
            return Optional.empty();
        }
        if (init == 0) {
            init = ProcessHandle.of(root).flatMap(h -> h.children().findFirst()).map(ProcessHandle::pid).orElse(0L);
            if (init == 0) {
                return Optional.empty();
            }
        }
        for (String mount : scratch) {
            java.io.File seen = new java.io.File("/proc/" + init + "/root" + mount);
            long total = seen.getTotalSpace();
            // Less room than a page: nothing more can be written (0 where the sandbox is already gone).
            if (total > 0 && total <= limits.scratchBytes() + 4096 && seen.getUsableSpace() < 4096) {
                return Optional.of(mount);
            }
        }
        return Optional.empty();
    }

    /** Kills the tree, going over it again for what was forked meanwhile. */
    private void kill(List<Long> pids) {
        List<Long> left = pids;
        for (int round = 0; round < KILL_ROUNDS && !left.isEmpty(); round++) {
            left.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            left = TreeUsage.of(root).pids();
        }
    }

    @Override
    public void close() {
        task.cancel(false);
    }
}
