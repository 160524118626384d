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

    private final long root;
    private final ResourceLimits limits;
    private volatile String hit;
    private final ScheduledFuture<?> task;

    private LimitWatchdog(long root, ResourceLimits limits) {
        this.root = root;
        this.limits = limits;
        this.task = TIMER.scheduleWithFixedDelay(this::look, 0, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Starts watching the tree below {@code root} (the process the arena started) against the limits. */
    public static LimitWatchdog watch(long root, ResourceLimits limits) {
        return new LimitWatchdog(root, limits);
    }

    /** The limit the tree went over, in words with its figure; empty while it has not. */
    public Optional<String> limitHit() {
        return Optional.ofNullable(hit);
    }

    /** Looks once more, at once: what the game's end reads must not miss the last moments. */
    public Optional<String> lookNow() {
        synchronized (this) {
            if (hit == null && !task.isCancelled()) {
                look();
            }
        }
        return limitHit();
    }

    private synchronized void look() {
        if (hit != null) {
            return;
        }
        TreeUsage usage = TreeUsage.of(root);
        if (usage.pids().isEmpty()) {
            task.cancel(false);
            return;
        }
        if (usage.residentBytes() > limits.memoryBytes()) {
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
