package caissa.arena.bot;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Writes to a bot's standard input with a deadline. A write into a pipe blocks for as long as
 * the pipe is full, and a bot can keep it full for ever (it does not read, or it writes into its
 * own input through {@code /proc/self/fd/0}); the Java streams offer no non-blocking write. A
 * move is written on the game's own thread, under an alarm of the {@link WriteWatchdog}: if the
 * write is still blocked at its deadline, the bot is killed (it has run out of time anyway),
 * its pipe breaks and the write returns. The last line and the close run on a pooled thread, so
 * that a bot that does not read them holds up nobody until it is killed at the end of its grace.
 */
final class InputWriter {

    private final OutputStream stdin;
    private final Runnable killBot;
    /** One write at a time: the game's, or the last line's on its pooled thread. */
    private final Object lock = new Object();

    private boolean broken;
    private boolean closed;
    private Future<?> ending;

    /**
     * @param killBot kills the bot and every process that holds its input: what ends a write stuck past its deadline
     */
    InputWriter(OutputStream stdin, Runnable killBot) {
        this.stdin = stdin;
        this.killBot = killBot;
    }

    /**
     * Writes a line (a line feed is added) on the caller's thread. Returns when the pipe took it,
     * or refused it (the bot closed its input or exited), or, at the latest, shortly after the
     * deadline ({@link System#nanoTime()} scale), when the bot has been killed for not reading.
     */
    Delivery write(String line, long deadlineNanos) {
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (lock) {
            if (closed || broken) {
                return Delivery.REFUSED;
            }
            WriteWatchdog.Alarm alarm = WriteWatchdog.arm(deadlineNanos, killBot);
            long started = System.nanoTime();
            try {
                stdin.write(bytes);
                stdin.flush();
            } catch (IOException e) {
                broken = true;
                return alarm.disarm() ? Delivery.REFUSED : Delivery.TIMED_OUT;
            }
            long done = System.nanoTime();
            if (!alarm.disarm()) {
                // Taken at the very moment the alarm went off: the bot is being killed all the same.
                broken = true;
                return Delivery.TIMED_OUT;
            }
            return new Delivery.Written(started, done);
        }
    }

    /**
     * Writes {@code last} (unless null, or the pipe is broken) and closes the pipe, on a pooled
     * thread; returns at once. Only the first call does anything.
     */
    void endAndClose(String last) {
        synchronized (this) {
            if (ending != null) {
                return;
            }
            ending = PipeThreads.run(() -> {
                synchronized (lock) {
                    if (last != null && !closed && !broken) {
                        try {
                            stdin.write((last + "\n").getBytes(StandardCharsets.UTF_8));
                            stdin.flush();
                        } catch (IOException e) {
                            broken = true;
                        }
                    }
                    closed = true;
                    try {
                        stdin.close();
                    } catch (IOException e) {
                        // Already broken by the bot's exit: closed all the same.
                    }
                }
            });
        }
    }

    /** Whether the last line or the close is still under way (a bot that does not read holds it). */
    synchronized boolean busy() {
        return ending != null && !ending.isDone();
    }

    /** Waits up to {@code millis} for the last line and the close to be done. */
    void join(long millis) throws InterruptedException {
        Future<?> task;
        synchronized (this) {
            task = ending;
        }
        if (task == null) {
            return;
        }
        try {
            task.get(millis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // Still blocked (the caller kills the pipe's holders), or failed: nothing more to wait for.
        }
    }
}
