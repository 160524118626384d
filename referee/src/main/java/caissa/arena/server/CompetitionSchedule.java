package caissa.arena.server;

import caissa.arena.contest.CompetitionRun;
import caissa.arena.contest.Competitions;
import caissa.arena.contest.JobRunner;
import java.io.IOException;
import java.util.List;

/**
 * The server's clock for competitions: every {@value #CHECK_MILLIS} ms it queues what is due (a
 * test competition whose period has passed, the final once its deadline has), and wakes the job
 * runner. Nothing is lost when the server is down at the moment one was due: the next check after
 * the start queues it.
 */
final class CompetitionSchedule implements AutoCloseable {

    static final long CHECK_MILLIS = 10_000;

    private final Thread thread;
    private volatile boolean closed;

    private CompetitionSchedule(Competitions competitions, JobRunner runner) {
        thread = new Thread(
                () -> {
                    while (!closed) {
                        try {
                            List<CompetitionRun> queued = competitions.due();
                            if (!queued.isEmpty()) {
                                queued.forEach(r -> System.err.println(
                                        "caissa serve: competition " + r.name() + " queued by the schedule"));
                                runner.wake();
                            }
                        } catch (IOException | RuntimeException e) {
                            System.err.println("caissa serve: the competitions' schedule: " + e.getMessage());
                        }
                        try {
                            Thread.sleep(CHECK_MILLIS);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "caissa-schedule");
        thread.setDaemon(true);
    }

    static CompetitionSchedule start(Competitions competitions, JobRunner runner) {
        CompetitionSchedule schedule = new CompetitionSchedule(competitions, runner);
        schedule.thread.start();
        return schedule;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
