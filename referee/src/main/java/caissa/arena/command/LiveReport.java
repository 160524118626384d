package caissa.arena.command;

import caissa.arena.report.HtmlReport;
import caissa.arena.report.ReportData;
import caissa.arena.tournament.FinishedGame;
import caissa.arena.tournament.Standing;
import caissa.arena.tournament.TournamentObserver;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Keeps a running tournament's report.html current so that it can be watched: rewritten when the
 * run starts and after games, at most every few seconds (it reads every game log, so rewriting
 * it after each of a thousand quick games would cost more than the games), and less often as
 * the run grows: the pause after a rewrite is at least twenty times what the rewrite took, so
 * that the report never takes more than a twentieth of the thread that commits the games.
 *
 * <p>It holds only the games being played: the games played are read back from their logs at
 * each rewrite, one at a time, so that a run's memory does not grow with its games.
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
            return HtmlReport.write(dir, live, now).file();
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            if (!warned) {
                err.println("caissa tournament: the HTML report could not be written (the games go on): " + e.getMessage());
                err.flush();
                warned = true;
            }
            return null;
        }
    }
}
