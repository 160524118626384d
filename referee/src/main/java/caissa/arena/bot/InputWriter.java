package caissa.arena.bot;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Writes to a bot's standard input on a thread of its own, so that the game waits for a write
 * only until a deadline. A write into a pipe blocks for as long as the pipe is full, and a bot
 * can keep it full for ever (it does not read, or it writes into its own input through
 * {@code /proc/self/fd/0}); the Java streams offer no non-blocking write. A stuck write ends
 * when the bot's processes are killed and the pipe breaks; until then later lines and the close
 * wait behind it on this thread, never on the game's.
 */
final class InputWriter {

    /** A line to write, or (when {@code bytes} is null) the order to close the pipe. */
    private record Job(byte[] bytes, CompletableFuture<Delivery> done) {
    }

    private final OutputStream stdin;
    private final BlockingQueue<Job> jobs = new LinkedBlockingQueue<>();
    private final Thread thread;
    private boolean broken;
    private volatile boolean closing;

    InputWriter(OutputStream stdin, String name) {
        this.stdin = stdin;
        this.thread = new Thread(this::run, name);
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Queues a line (a line feed is added) and returns its delivery, to be awaited with a deadline. */
    CompletableFuture<Delivery> write(String line) {
        if (closing) {
            return CompletableFuture.completedFuture(Delivery.REFUSED);
        }
        return enqueue((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Queues the close of the pipe, after every line queued before it. */
    void close() {
        if (!closing) {
            closing = true;
            enqueue(null);
        }
    }

    /** Whether a write or the close is still under way (a bot that does not read holds it). */
    boolean busy() {
        return thread.isAlive();
    }

    void join(long millis) throws InterruptedException {
        thread.join(millis);
    }

    private CompletableFuture<Delivery> enqueue(byte[] bytes) {
        CompletableFuture<Delivery> done = new CompletableFuture<>();
        jobs.add(new Job(bytes, done));
        return done;
    }

    /** Waits until the deadline ({@link System#nanoTime()} scale) for a queued write. */
    static Delivery await(CompletableFuture<Delivery> delivery, long deadlineNanos) {
        try {
            return delivery.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return Delivery.TIMED_OUT;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Delivery.TIMED_OUT;
        } catch (ExecutionException e) {
            throw new IllegalStateException("the writer thread failed", e.getCause());
        }
    }

    private void run() {
        try {
            while (true) {
                Job job = jobs.take();
                if (job.bytes() == null) {
                    closeQuietly();
                    job.done().complete(Delivery.REFUSED);
                    failRest();
                    return;
                }
                job.done().complete(deliver(job.bytes()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failRest();
        }
    }

    private Delivery deliver(byte[] bytes) {
        if (broken) {
            return Delivery.REFUSED;
        }
        long started = System.nanoTime();
        try {
            stdin.write(bytes);
            stdin.flush();
            return new Delivery.Written(started, System.nanoTime());
        } catch (IOException e) {
            broken = true;
            return Delivery.REFUSED;
        }
    }

    private void closeQuietly() {
        try {
            stdin.close();
        } catch (IOException e) {
            // Already broken by the bot's exit: closed all the same.
        }
    }

    private void failRest() {
        Job job;
        while ((job = jobs.poll()) != null) {
            job.done().complete(Delivery.REFUSED);
        }
    }
}
