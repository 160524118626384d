package caissa.arena.command;

import caissa.arena.game.GameRecord;
import caissa.arena.records.GameLogs;
import caissa.arena.report.HtmlReport;
import caissa.arena.report.ReportData;
import caissa.arena.report.ReportGameSpool;
import caissa.arena.tournament.FinishedGame;
import caissa.arena.tournament.Standing;
import caissa.arena.tournament.TournamentObserver;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keeps a running tournament's report.html current so that it can be watched: rewritten when the
 * run starts and after games, at most every few seconds (it reads every game log, so rewriting
 * it after each of a thousand quick games would cost more than the games), and less often as
 * the run grows: the pause after a rewrite is at least twenty times what the rewrite took, so
 * that the report never takes more than a twentieth of the thread that commits the games.
 *
 * <p>It holds only the games being played and the records of those logged since the last
 * rewrite: the games played go, one at a time, into a spool on disk kept for the run (a few bytes
 * a game stay in memory, see {@link ReportGameSpool}), so that a rewrite adds only the games
 * logged since the last one, from the records the tournament hands over (a log it did not hand
 * over is read from its file). The final report reads every log afresh, as {@code caissa report}
 * would.
 */
public final class LiveReport implements TournamentObserver {

    private static final long INTERVAL_NANOS = 5_000_000_000L;

    private final Path dir;
    private final PrintWriter err;
    private long lastWrite;
    /** The pause before the next rewrite (see the class comment). */
    private long interval = INTERVAL_NANOS;

    private boolean warned;
    /** The games being played, for the live page. */
    private final Map<Integer, ReportData.Playing> playing = new TreeMap<>();
    /** The games logged so far, spooled for the live rewrites; null until the first, and after the final report. */
    private ReportGameSpool spool;

    private final Object spoolLock = new Object();
    /**
     * The logs recorded since the last rewrite, as their records: the next rewrite spools them
     * without parsing them back. At most {@link #PENDING_MAX}, so that memory stays flat however
     * long the pause between rewrites grows; a log past that is read from its file, as before.
     */
    private final Queue<GameLogs.Log> pending = new ConcurrentLinkedQueue<>();

    private final AtomicInteger pendingCount = new AtomicInteger();
    private static final int PENDING_MAX = 256;

    public LiveReport(Path dir, PrintWriter err) {
        this.dir = dir;
        this.err = err;
    }

    @Override
    public void started(int total, int done) {
        write(true);
    }

    @Override
    public synchronized void starting(int game, String white, String black) {
        playing.put(game, new ReportData.Playing(game, white, black));
    }

    @Override
    public void recorded(GameRecord record, Path log) {
        if (pendingCount.incrementAndGet() <= PENDING_MAX) {
            pending.add(new GameLogs.Log.Read(log, record));
        } else {
            pendingCount.decrementAndGet();
        }
    }

    @Override
    public void finished(FinishedGame game, List<Standing> standings, int done, int total) {
        synchronized (this) {
            playing.remove(game.game());
        }
        if (System.nanoTime() - lastWrite >= interval) {
            write(true);
            interval = Math.max(INTERVAL_NANOS, 20 * (System.nanoTime() - lastWrite));
        }
    }

    /** How many games this holds: those being played, whatever the number played. */
    synchronized int gamesHeld() {
        return playing.size();
    }

    /** Writes the final report, which no longer refreshes itself. */
    public Path write() {
        synchronized (spoolLock) {
            closeSpool();
        }
        return write(false);
    }

    /** Writes the report now; a failure is reported once and never stops the tournament. */
    private Path write(boolean live) {
        lastWrite = System.nanoTime();
        List<ReportData.Playing> now;
        synchronized (this) {
            now = List.copyOf(playing.values());
        }
        try {
            if (!live) {
                return HtmlReport.write(dir, false, now).file();
            }
            // Its own lock, not this one: games that start meanwhile must not wait for the page.
            synchronized (spoolLock) {
                if (spool == null) {
                    spool = ReportGameSpool.empty();
                }
                for (GameLogs.Log log = pending.poll(); log != null; log = pending.poll()) {
                    pendingCount.decrementAndGet();
                    spool.add(log);
                }
                return HtmlReport.writeLive(dir, spool, now).file();
            }
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            if (!warned) {
                err.println(
                        "caissa tournament: the HTML report could not be written (the games go on): " + e.getMessage());
                err.flush();
                warned = true;
            }
            return null;
        }
    }

    private void closeSpool() {
        pending.clear();
        pendingCount.set(0);
        if (spool != null) {
            try {
                spool.close();
            } catch (IOException e) {
                // A temporary file: the JDK's temporary folder is the system's to clean.
            }
            spool = null;
        }
    }
}
