package caissa.arena.sandbox;

import caissa.arena.linux.BotCgroup;
import caissa.arena.linux.LimitHit;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One bot's memory and processes held for one game, as its command's {@link Limiting} holds
 * them: by a cgroup of its own ({@link Grouped}), by a {@link LimitWatchdog} ({@link Watched}),
 * or not at all ({@link Unheld}). {@link #close} gives back what it held; from then on it does
 * nothing to it.
 */
public sealed interface LimitHold permits LimitHold.Grouped, LimitHold.Watched, LimitHold.Unheld {

    /** The files a process writes its own pid into to join the bot's cgroup, before the bot runs; none without one. */
    default List<Path> procsFiles() {
        return List.of();
    }

    /** The bot's cgroup: freeze, thaw and CPU time. Empty without one, and once {@link #close}d: it may be another bot's then. */
    default Optional<BotCgroup> cgroup() {
        return Optional.empty();
    }

    /**
     * Starts watching the bot from the process the arena started: what no cgroup holds, and
     * the sandbox's memory file systems ({@code scratch}) and kept scratch folders on disk
     * ({@code kept}) for one it filled.
     */
    void watch(ProcessHandle started, List<String> scratch, Map<String, Path> kept);

    /** The memory or process limit the bot went over, in words with its figure; empty when none. */
    Optional<String> limitHit();

    /**
     * Whether a file in the bot's scratch has the file size limit's size: the evidence that a
     * write reached it (see {@link LimitWatchdog#fileAtSizeLimit}). None where nothing watches it.
     */
    default boolean fileAtSizeLimit() {
        return false;
    }

    /**
     * Kills whatever is still in the bot's cgroup; returns how many processes that was. Nothing
     * once {@link #close}d, and never at the same time as the close: a late kill (of a write
     * that was stuck, or at the arena's exit) must not reach the next bot given the group.
     */
    default int killAll() {
        return 0;
    }

    /**
     * After a bot that exited by itself: what of it is still running a moment later, killed. The
     * moment lets the sandbox's own init finish exiting, so that it is not counted as left behind.
     */
    default int killLeftovers() {
        return 0;
    }

    /** After the game: no process left in the cgroup, the cgroup given back, the watching stopped. */
    void close();

    /** The limit the kernel reports a bot's cgroup hit, in words with its figure. */
    static String words(LimitHit hit, ResourceLimits limits) {
        if (hit instanceof LimitHit.Memory memory) {
            // Without the kernel's peak figure, the kill itself says the bot reached the limit.
            String peak = memory.peakBytes().stream()
                    .mapToObj(ResourceLimits::bytes)
                    .map(p -> ", peak " + p)
                    .findFirst()
                    .orElse(", peak at the limit");
            return "memory limit of " + ResourceLimits.bytes(limits.memoryBytes()) + " (killed for memory" + peak + ")";
        }
        // The kernel refuses the one too many rather than killing: the peak is the limit itself.
        return "process limit of " + limits.processes() + " processes and threads (reached " + limits.processes()
                + ", one more refused)";
    }

    /** A cgroup of the bot's own; a sandbox's memory file systems are watched too (a cgroup does not say which one is full). */
    final class Grouped implements LimitHold {
        private final BotCgroup group;
        /** The bot's limits: the group holds their memory and processes, the watch its scratch. */
        private final ResourceLimits limits;
        /** What watches the sandbox's scratch (see {@link #watch}); nothing without a sandbox. */
        private final WatchdogSlot scratchWatch = new WatchdogSlot();
        /** Set by {@link #close}, when the group is given back (guarded by this). */
        private boolean closed;

        Grouped(BotCgroup group, ResourceLimits limits) {
            this.group = group;
            this.limits = limits;
        }

        @Override
        public List<Path> procsFiles() {
            return group.procsFiles();
        }

        @Override
        public synchronized Optional<BotCgroup> cgroup() {
            return closed ? Optional.empty() : Optional.of(group);
        }

        @Override
        public void watch(ProcessHandle started, List<String> scratch, Map<String, Path> kept) {
            if (!scratch.isEmpty()) {
                scratchWatch.start(() -> LimitWatchdog.watch(started.pid(), limits, false, scratch, kept));
            }
        }

        @Override
        public Optional<String> limitHit() {
            Optional<String> hit =
                    cgroup().flatMap(BotCgroup::limitHit).map(kernels -> LimitHold.words(kernels, limits));
            return hit.isPresent() ? hit : scratchWatch.lookNow();
        }

        @Override
        public boolean fileAtSizeLimit() {
            return scratchWatch.fileAtSizeLimit();
        }

        @Override
        public synchronized int killAll() {
            return closed ? 0 : group.killAll();
        }

        @Override
        public int killLeftovers() {
            cgroup().ifPresent(held -> held.awaitEmpty(100));
            return killAll();
        }

        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            scratchWatch.close();
            group.killAll();
            group.release();
        }
    }

    /** The {@link LimitWatchdog} looks at the bot's processes and its sandbox's scratch, and kills them past a limit. */
    final class Watched implements LimitHold {
        private final ResourceLimits limits;
        private final WatchdogSlot watchdog = new WatchdogSlot();

        Watched(ResourceLimits limits) {
            this.limits = limits;
        }

        @Override
        public void watch(ProcessHandle started, List<String> scratch, Map<String, Path> kept) {
            watchdog.start(() -> LimitWatchdog.watch(started.pid(), limits, true, scratch, kept));
        }

        @Override
        public Optional<String> limitHit() {
            return watchdog.lookNow();
        }

        @Override
        public boolean fileAtSizeLimit() {
            return watchdog.fileAtSizeLimit();
        }

        @Override
        public void close() {
            watchdog.close();
        }
    }

    /** Nothing holds the bot's memory and processes. */
    final class Unheld implements LimitHold {
        @Override
        public void watch(ProcessHandle started, List<String> scratch, Map<String, Path> kept) {}

        @Override
        public Optional<String> limitHit() {
            return Optional.empty();
        }

        @Override
        public void close() {}
    }
}
