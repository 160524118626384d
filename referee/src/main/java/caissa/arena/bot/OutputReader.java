package caissa.arena.bot;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * How a bot's standard output is read into replies: by the thread that waits for a reply, on a
 * pipe it can poll ({@link Polled}), or on a pooled thread of its own ({@link Threads}). One is
 * chosen when the bot starts; the game log records which.
 */
sealed interface OutputReader permits OutputReader.Polled, OutputReader.Threads {

    /** The next reply, waiting up to {@code nanos} for it: null if none came. */
    Reply next(long nanos) throws InterruptedException;

    /** Takes in what has come already, without waiting. */
    void pullNow();

    /** The reader of what the bot writes after the game, to its end: started at the first call. */
    Future<?> readToEnd();

    /** Closes the reading end; a wait under way ends. */
    void close();

    /** {@code polled} or {@code threads}, as the game log records it. */
    String word();

    /** Read by the waiting thread through a {@link SelectablePipe}: one wake-up a reply instead of two. */
    final class Polled implements OutputReader {
        private final PolledOutput output;
        private final BlockingQueue<Reply> replies;
        private Future<?> toEnd;

        Polled(SelectablePipe pipe, LineSplitter lines, BlockingQueue<Reply> replies, LongSupplier lastWriteBegan) {
            this.output = PolledOutput.of(pipe, lines, lastWriteBegan);
            this.replies = replies;
        }

        @Override
        public Reply next(long nanos) throws InterruptedException {
            long deadline = System.nanoTime() + nanos;
            while (true) {
                Reply reply = replies.poll();
                if (reply != null) {
                    return reply;
                }
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 || output.ended()) {
                    output.pull(0);
                    reply = replies.poll();
                    if (reply == null && left > 0) {
                        // Closed under us (the arena's end): nothing more will come.
                        TimeUnit.NANOSECONDS.sleep(left);
                    }
                    return reply;
                }
                output.pull(left);
            }
        }

        @Override
        public void pullNow() {
            output.pull(0);
        }

        @Override
        public synchronized Future<?> readToEnd() {
            if (toEnd == null) {
                toEnd = PipeThreads.run(output::drainToEnd);
            }
            return toEnd;
        }

        @Override
        public void close() {
            output.close();
        }

        @Override
        public String word() {
            return "polled";
        }
    }

    /** Read on a pooled thread from the start; the waiting thread takes replies from a queue. */
    final class Threads implements OutputReader {
        private final BlockingQueue<Reply> replies;
        private final Future<?> reader;

        Threads(InputStream in, LineSplitter lines, BlockingQueue<Reply> replies, LongSupplier lastWriteBegan) {
            this.replies = replies;
            this.reader = PipeThreads.run(() -> readLines(in, lines, lastWriteBegan));
        }

        @Override
        public Reply next(long nanos) throws InterruptedException {
            return replies.poll(nanos, TimeUnit.NANOSECONDS);
        }

        @Override
        public void pullNow() {
            // The reader thread takes in what comes as it comes.
        }

        @Override
        public Future<?> readToEnd() {
            return reader;
        }

        @Override
        public void close() {
            // The stream closes with the process; the reader then sees its end.
        }

        @Override
        public String word() {
            return "threads";
        }

        private static void readLines(InputStream in, LineSplitter lines, LongSupplier lastWriteBegan) {
            byte[] buffer = new byte[8192];
            try (ReaderDelay delay = ReaderDelay.ofCurrentThread()) {
                int n;
                while (true) {
                    // Read just before blocking, so that what the figure gains is the wait after this wake.
                    long reading = System.nanoTime();
                    long delayBefore = delay.nanos();
                    if ((n = in.read(buffer)) <= 0) {
                        break;
                    }
                    long read = System.nanoTime();
                    long delayAfter = delay.nanos();
                    long now = ReplyTime.receivedAt(reading, read, lastWriteBegan.getAsLong(), delayBefore, delayAfter);
                    if (!lines.accept(buffer, n, now)) {
                        return;
                    }
                }
            } catch (IOException e) {
                // The stream was closed under us at shutdown: the same as the end of output.
            }
            lines.closed();
        }
    }
}
