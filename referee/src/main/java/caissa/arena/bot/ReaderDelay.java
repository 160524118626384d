package caissa.arena.bot;

import caissa.arena.linux.RunQueueWait;
import java.util.function.LongSupplier;

/**
 * The delays so far of a thread that waits for a bot's output which are the arena's, not the
 * bot's: its wait for a core once woken (see {@link RunQueueWait}, where the kernel tells) and
 * the JVM's pauses to collect garbage (see {@link JvmPauses}). The difference across one wait is
 * what {@link ReplyTime} takes off the time a reply is dated.
 */
record ReaderDelay(RunQueueWait waited, LongSupplier pauses) implements AutoCloseable {

    /** The calling thread's. */
    static ReaderDelay ofCurrentThread() {
        return new ReaderDelay(RunQueueWait.ofCurrentThread(), JvmPauses::nanos);
    }

    /** The delays so far, in nanoseconds: a wait for a core that the kernel does not tell counts as none. */
    long nanos() {
        return Math.max(0, waited.nanos()) + pauses.getAsLong();
    }

    @Override
    public void close() {
        waited.close();
    }
}
