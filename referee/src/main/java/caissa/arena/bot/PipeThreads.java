package caissa.arena.bot;

import caissa.arena.sandbox.Machine;
import java.util.concurrent.Future;

/**
 * Daemon threads kept between games for the bots' pipes (their error readers, their output
 * readers where output is not polled, see {@link SelectablePipe}, the end of their input) and
 * for killing a bot whose write is stuck: a thread started for each
 * costs more than the work itself in short games. Unbounded: every bot's reader must run at
 * once, and a reader blocked on a silent bot must not hold up another's. The command's
 * {@link Machine} owns them ({@link Machine#pipeThreads}) and shuts them down when it closes.
 */
final class PipeThreads {

    private PipeThreads() {}

    static Future<?> run(Runnable task) {
        return Machine.current().pipeThreads().submit(task);
    }
}
