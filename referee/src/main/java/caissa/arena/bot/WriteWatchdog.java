package caissa.arena.bot;

import caissa.arena.sandbox.Machine;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Ends writes to bots that pass their deadline. The arena writes to a bot on the game's own
 * thread (a hand-over to a writer thread costs two thread switches a move), and a write into a
 * full pipe blocks for as long as the bot does not read: the Java streams offer no write with a
 * timeout. So every write arms an alarm first; one thread for the whole arena looks at the
 * alarms, and when one is overdue it kills the bot, whose pipe then breaks and the write
 * returns. A write that finishes in time disarms its alarm, which costs a compare-and-set and no
 * thread switch: the arming write does not wake the watchdog either. So the watchdog wakes on
 * its own, at an armed alarm's deadline when one falls within {@link #MAX_SLEEP_NANOS}, and
 * otherwise after that long (nearly every write is done long before its deadline). The command's
 * {@link Machine} keeps the one watchdog and ends its thread when it closes.
 */
final class WriteWatchdog implements AutoCloseable {

    /**
     * The longest the watchdog sleeps: a stuck write whose alarm was armed while it slept ends at
     * most this long after its deadline (the bot has lost on time then; only the end comes later).
     */
    private static final long MAX_SLEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** The shortest, so that a deadline just passed is not looked at in a busy loop. */
    private static final long MIN_SLEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    /** One write's alarm: armed, then either done (the write finished) or fired (the bot was killed). */
    static final class Alarm {
        private static final int ARMED = 0;
        private static final int DONE = 1;
        private static final int FIRED = 2;

        private final long deadlineNanos;
        private final Runnable onOverdue;
        private final AtomicInteger state = new AtomicInteger(ARMED);

        private Alarm(long deadlineNanos, Runnable onOverdue) {
            this.deadlineNanos = deadlineNanos;
            this.onOverdue = onOverdue;
        }

        /** Called when the write returned; false when the alarm had fired first (the bot is being killed). */
        boolean disarm() {
            return state.compareAndSet(ARMED, DONE) || state.get() == DONE;
        }

        private boolean fireIfOverdue(long now) {
            if (state.get() != ARMED) {
                return true;
            }
            if (now - deadlineNanos < 0) {
                return false;
            }
            if (state.compareAndSet(ARMED, FIRED)) {
                try {
                    PipeThreads.run(onOverdue);
                } catch (RuntimeException | Error e) {
                    // No thread to spare (the machine is out of them): kill it from here instead.
                    onOverdue.run();
                }
            }
            return true;
        }
    }

    private final ConcurrentLinkedQueue<Alarm> alarms = new ConcurrentLinkedQueue<>();
    private final Thread thread = new Thread(this::watch, "write-watchdog");

    private WriteWatchdog() {
        thread.setDaemon(true);
        thread.start();
    }

    /** The command is done: the watchdog's thread ends (at its next wake). */
    @Override
    public void close() {
        thread.interrupt();
    }

    /** Arms an alarm that runs {@code onOverdue} (on another thread) if not disarmed by the deadline. */
    static Alarm arm(long deadlineNanos, Runnable onOverdue) {
        Alarm alarm = new Alarm(deadlineNanos, onOverdue);
        Machine.current().keep(WriteWatchdog.class, WriteWatchdog::new).alarms.add(alarm);
        return alarm;
    }

    private void watch() {
        long sleep = MAX_SLEEP_NANOS;
        while (true) {
            LockSupport.parkNanos(sleep);
            if (Thread.interrupted()) {
                return;
            }
            long now = System.nanoTime();
            long wake = now + MAX_SLEEP_NANOS;
            try {
                // Done and fired alarms leave the queue here; the game threads only add.
                alarms.removeIf(alarm -> alarm.fireIfOverdue(now));
                for (Alarm alarm : alarms) {
                    if (alarm.deadlineNanos - wake < 0) {
                        wake = alarm.deadlineNanos;
                    }
                }
            } catch (RuntimeException | Error e) {
                // The watchdog must outlive any one kill that failed: the next look tries the rest.
            }
            sleep = Math.max(MIN_SLEEP_NANOS, wake - now);
        }
    }
}
