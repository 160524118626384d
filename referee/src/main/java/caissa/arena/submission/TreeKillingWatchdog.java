package caissa.arena.submission;

import java.time.Duration;
import java.util.function.Consumer;
import org.apache.commons.exec.ExecuteWatchdog;
import org.apache.commons.exec.Watchdog;

/**
 * A build's watchdog that kills the whole process tree on timeout. Commons Exec kills only the
 * process it started: gcc's own children (cc1, as, ld) would live on, hold the output pipe open
 * and keep the build waiting for them.
 */
final class TreeKillingWatchdog extends ExecuteWatchdog {

    private Process process;
    private volatile boolean timedOut;
    /** Told of the build's process when it starts, to watch its limits where no cgroup holds them. */
    private final Consumer<ProcessHandle> started;

    // The builder cannot make a subclass; this constructor is the only way to extend the class.
    @SuppressWarnings("deprecation")
    TreeKillingWatchdog(Duration timeout, Consumer<ProcessHandle> started) {
        super(timeout.toMillis());
        this.started = started;
    }

    @Override
    public synchronized void start(Process started) {
        this.process = started;
        this.started.accept(started.toHandle());
        super.start(started);
    }

    @Override
    public synchronized void timeoutOccured(Watchdog watchdog) {
        timedOut = true;
        if (process != null) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
        }
        super.timeoutOccured(watchdog);
    }

    /**
     * Whether the build ran out of time. Not {@link #killedProcess()}: that is true only if the
     * process it started was still there to kill, and a compiler whose child was killed first
     * may exit on its own a moment before.
     */
    boolean timedOut() {
        return timedOut;
    }
}
