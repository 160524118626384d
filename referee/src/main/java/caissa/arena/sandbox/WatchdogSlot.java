package caissa.arena.sandbox;

import java.util.Optional;
import java.util.function.Supplier;

/** A {@link LimitWatchdog} started at most once, when the bot has started, and never after the close. */
final class WatchdogSlot {
    /** Null until started (guarded by this). */
    private LimitWatchdog watchdog;

    private boolean closed;

    synchronized void start(Supplier<LimitWatchdog> starting) {
        if (watchdog == null && !closed) {
            watchdog = starting.get();
        }
    }

    /** Looks once more, at once (see {@link LimitWatchdog#lookNow}); empty before the start. */
    Optional<String> lookNow() {
        LimitWatchdog watching;
        synchronized (this) {
            watching = watchdog;
        }
        return watching == null ? Optional.empty() : watching.lookNow();
    }

    /** Whether a file of the bot's scratch has the file size limit's size (see {@link LimitWatchdog#fileAtSizeLimit}). */
    boolean fileAtSizeLimit() {
        LimitWatchdog watching;
        synchronized (this) {
            watching = watchdog;
        }
        return watching != null && watching.fileAtSizeLimit();
    }

    synchronized void close() {
        closed = true;
        if (watchdog != null) {
            watchdog.close();
        }
    }
}
