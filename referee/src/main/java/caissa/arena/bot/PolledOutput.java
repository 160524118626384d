package caissa.arena.bot;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.Pipe;
import java.nio.channels.Selector;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A bot's standard output read by the thread that waits for its reply (the game's), through a
 * {@link SelectablePipe}: one thread wake-up a reply instead of two. A reply is dated when the
 * wait saw it come, less the arena's delays meanwhile: the time the waiting thread then waited
 * for a core, and the JVM's pauses (see {@link ReaderDelay} and {@link ReplyTime#receivedAt}).
 * Waiting and reading are one thread's at a time.
 */
final class PolledOutput implements AutoCloseable {

    private final Pipe.SourceChannel source;
    private final Selector selector;
    private final LineSplitter lines;
    private final LongSupplier lastWriteBegan;
    // Direct, copied out to the array: a read into a heap buffer goes through a temporary direct
    // one, found in a thread-local cache at every reply.
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(8192);
    private final byte[] bytes = new byte[8192];
    /** The waiting thread's delays, opened for the thread that waits (see {@link #delayOfCurrentThread}). */
    private ReaderDelay delay;

    private Thread waiter;
    private volatile boolean closed;

    private PolledOutput(
            Pipe.SourceChannel source, Selector selector, LineSplitter lines, LongSupplier lastWriteBegan) {
        this.source = source;
        this.selector = selector;
        this.lines = lines;
        this.lastWriteBegan = lastWriteBegan;
    }

    /** Reads the pipe's reading end (ready to be waited on, see {@link SelectablePipe#open}) into {@code lines}. */
    static PolledOutput of(SelectablePipe pipe, LineSplitter lines, LongSupplier lastWriteBegan) {
        return new PolledOutput(pipe.readingEnd(), pipe.selector(), lines, lastWriteBegan);
    }

    /**
     * Waits up to {@code waitNanos} for output (with none, only looks), and cuts what has come
     * into replies. Returns early when the calling thread is interrupted.
     */
    void pull(long waitNanos) {
        pull(waitNanos, true);
    }

    /** With {@code dated} false, what comes is not dated finely: after the game, when it is not a reply. */
    private synchronized void pull(long waitNanos, boolean dated) {
        if (lines.end() != null || closed) {
            return;
        }
        try {
            long now;
            if (waitNanos > 0 && !dated) {
                if (selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos))) == 0) {
                    return;
                }
                selector.selectedKeys().clear();
                now = System.nanoTime();
            } else if (waitNanos > 0) {
                ReaderDelay delays = delayOfCurrentThread();
                // Read just before the wait, so that what the figure gains is the delay after the wake.
                long reading = System.nanoTime();
                long delayBefore = delays.nanos();
                int ready = selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos + 999_999)));
                if (ready == 0) {
                    return;
                }
                selector.selectedKeys().clear();
                long read = System.nanoTime();
                long delayAfter = delays.nanos();
                now = ReplyTime.receivedAt(reading, read, lastWriteBegan.getAsLong(), delayBefore, delayAfter);
            } else {
                now = System.nanoTime();
            }
            drain(now);
        } catch (IOException | ClosedSelectorException e) {
            // Closed under us at the end: the same as the end of output.
            lines.closed();
        }
    }

    /**
     * Reads (what is not a reply any more) until the end of output, or until this is closed:
     * after the game, on a pooled thread, so that a bot that writes after {@code end} is not
     * held up by its full pipe (up to the limits on lines, as a reader thread would).
     */
    void drainToEnd() {
        while (!ended() && !Thread.currentThread().isInterrupted()) {
            pull(TimeUnit.MILLISECONDS.toNanos(50), false);
        }
    }

    /** Whether the output has ended (closed, or cut off by a line too long or a flood), or this was closed. */
    boolean ended() {
        return lines.end() != null || closed;
    }

    private void drain(long now) throws IOException {
        while (lines.end() == null) {
            buffer.clear();
            int n = source.read(buffer);
            if (n < 0) {
                lines.closed();
                return;
            }
            // A read that did not fill the buffer took all that the pipe held: another would only
            // say it is empty, one more system call a reply. What comes later, the next wait sees.
            if (n > 0) {
                buffer.flip();
                buffer.get(bytes, 0, n);
            }
            if (n == 0 || !lines.accept(bytes, n, now) || n < buffer.capacity()) {
                return;
            }
        }
    }

    private ReaderDelay delayOfCurrentThread() {
        Thread current = Thread.currentThread();
        if (waiter != current) {
            if (delay != null) {
                delay.close();
            }
            delay = ReaderDelay.ofCurrentThread();
            waiter = current;
        }
        return delay;
    }

    /** Closes the pipe and the selector; a wait under way ends. */
    @Override
    public void close() {
        closed = true;
        try {
            selector.close();
        } catch (IOException e) {
            // Closed all the same.
        }
        try {
            source.close();
        } catch (IOException e) {
            // Closed all the same.
        }
        synchronized (this) {
            if (delay != null) {
                delay.close();
                delay = null;
            }
        }
    }
}
