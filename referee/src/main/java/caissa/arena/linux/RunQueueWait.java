package caissa.arena.linux;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How long, in all, one thread has been ready to run but waiting for a core: the second figure
 * of Linux's {@code schedstat} (nanoseconds), read through a file kept open (a read from the
 * start makes the kernel write the figures afresh). The time between two readings that the
 * thread spent so waited is time it could not use: the arena takes it off what it charges.
 * Unknown (-1) where the kernel does not keep the figure or the thread is gone.
 */
public final class RunQueueWait implements AutoCloseable {

    private static final RunQueueWait UNKNOWN = new RunQueueWait(null);

    private final FileChannel file;
    /** Direct, so that a reading is one pread into it (a heap buffer goes through a temporary one). */
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(96);

    private final byte[] text = new byte[96];

    private RunQueueWait(FileChannel file) {
        this.file = file;
    }

    /** The calling thread's. */
    public static RunQueueWait ofCurrentThread() {
        return open(Path.of("/proc/thread-self/schedstat"));
    }

    /** A process's main thread's (the one its pid names). */
    public static RunQueueWait ofMainThread(long pid) {
        return open(Path.of("/proc", Long.toString(pid), "schedstat"));
    }

    private static RunQueueWait open(Path path) {
        if (!Portable.procAvailable()) {
            return UNKNOWN;
        }
        try {
            RunQueueWait wait = new RunQueueWait(FileChannel.open(path, StandardOpenOption.READ));
            if (wait.nanos() < 0) {
                wait.close();
                return UNKNOWN;
            }
            return wait;
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return UNKNOWN;
        }
    }

    /** The thread's total wait for a core so far, or -1 when unknown. */
    public long nanos() {
        if (file == null) {
            return -1;
        }
        try {
            buffer.clear();
            int n = file.read(buffer, 0);
            if (n <= 0) {
                return -1;
            }
            buffer.flip();
            buffer.get(text, 0, n);
            return secondNumber(text, n);
        } catch (IOException e) {
            return -1;
        }
    }

    /** "run-time wait-time timeslices": the middle one, without making a String a reading. */
    public static long secondNumber(byte[] text, int length) {
        int i = 0;
        while (i < length && text[i] != ' ') {
            i++;
        }
        i++;
        long value = 0;
        int digits = 0;
        for (; i < length && text[i] >= '0' && text[i] <= '9' && digits < 18; i++, digits++) {
            value = value * 10 + (text[i] - '0');
        }
        return digits == 0 ? -1 : value;
    }

    @Override
    public void close() {
        if (file != null) {
            try {
                file.close();
            } catch (IOException e) {
                // Read-only: nothing to lose.
            }
        }
    }
}
