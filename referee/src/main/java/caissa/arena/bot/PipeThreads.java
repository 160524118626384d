package caissa.arena.bot;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Daemon threads kept between games for the bots' pipes (their error readers, their output
 * readers where output is not polled, see {@link SelectablePipe}, the end of their input) and
 * for killing a bot whose write is stuck: a thread started for each
 * costs more than the work itself in short games. Unbounded: every bot's reader must run at
 * once, and a reader blocked on a silent bot must not hold up another's.
 */
final class PipeThreads {

    private static final AtomicLong COUNT = new AtomicLong();
    private static final ExecutorService POOL = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "bot-pipe-" + COUNT.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    });

    private PipeThreads() {}

    static Future<?> run(Runnable task) {
        return POOL.submit(task);
    }
}
