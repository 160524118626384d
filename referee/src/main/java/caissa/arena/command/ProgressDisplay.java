package caissa.arena.command;

import caissa.arena.diagnostics.IrregularLossTally;
import caissa.arena.game.GameRecord;
import caissa.arena.tournament.FinishedGame;
import caissa.arena.tournament.Standing;
import caissa.arena.tournament.TournamentObserver;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Live progress of a run: on a terminal, one status line (games done and playing, the rate, the
 * time left, the leader) redrawn in place every second and fitted to the terminal's width; when
 * the output goes to a file or a CI log, one plain line per game (carriage returns would make a
 * mess there). Events come from the games' threads and the timer: every method is synchronized.
 */
public final class ProgressDisplay implements TournamentObserver, AutoCloseable {

    private final PrintWriter out;
    private final boolean terminal;
    private final int columns;
    private final IrregularLossTally irregular = new IrregularLossTally();
    private final List<String> warnings = new ArrayList<>();
    private final Set<Integer> playing = new HashSet<>();
    private ScheduledExecutorService timer;
    private long startNanos;
    private int doneAtStart;
    private int done;
    private int total;
    private String leader = "";
    private boolean drawn;
    /** Set once the run is stopped: the line that says so is the last. */
    private boolean stopped;

    public ProgressDisplay(PrintWriter out, boolean terminal, int columns) {
        this.out = out;
        this.terminal = terminal;
        this.columns = Math.max(20, columns);
    }

    @Override
    public synchronized void started(int total, int done) {
        startNanos = System.nanoTime();
        this.total = total;
        this.done = done;
        doneAtStart = done;
        if (done > 0) {
            out.printf("resuming: %d of %d games already played%n", done, total);
        }
        out.flush();
        if (terminal && timer == null) {
            timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread thread = new Thread(r, "progress");
                thread.setDaemon(true);
                return thread;
            });
            timer.scheduleAtFixedRate(this::redraw, 1, 1, TimeUnit.SECONDS);
        }
    }

    @Override
    public synchronized void starting(int game, String white, String black) {
        playing.add(game);
    }

    @Override
    public synchronized void recorded(GameRecord record, Path log) {
        irregular.add(record, log).forEach(streak -> warnings.add("warning: " + streak.line()));
    }

    /** The run's irregular losses by bot and cause, each with an example. */
    public synchronized IrregularLossTally irregularLosses() {
        return irregular;
    }

    @Override
    public synchronized void finished(FinishedGame game, List<Standing> standings, int done, int total) {
        if (stopped) {
            return;
        }
        playing.remove(game.game());
        this.done = done;
        this.total = total;
        Standing first = standings.get(0);
        leader = first.name() + " (" + first.points() + " pts)";
        String gameLine = String.format(
                Locale.ROOT,
                "game %d: %s vs %s %s (%s)",
                game.game(),
                game.white(),
                game.black(),
                game.result(),
                game.termination());
        if (terminal) {
            clear();
            if (game.termination().isIrregular()) {
                out.println(gameLine);
            }
            warnings.forEach(out::println);
            warnings.clear();
            draw();
            if (done == total) {
                out.println();
                drawn = false;
            }
        } else {
            out.println(gameLine + " | " + status());
            warnings.forEach(out::println);
            warnings.clear();
        }
        out.flush();
    }

    /** Redraws the status line (the timer calls it every second, so the time moves while games are long). */
    public synchronized void redraw() {
        if (terminal && timer != null && !stopped) {
            clear();
            draw();
            out.flush();
        }
    }

    /**
     * The run was stopped: end the status line cleanly and say what was kept (as the run counts it:
     * {@code kept} games, the journal's) and how to go on; nothing is printed after this line.
     */
    public synchronized void interrupted(String resumeCommand, int kept) {
        done = kept;
        stopped = true;
        close();
        if (drawn) {
            clear();
        }
        drawn = false;
        String dropped = playing.isEmpty()
                ? ""
                : playing.size() == 1
                        ? " (the game in progress is dropped)"
                        : " (the " + playing.size() + " games in progress are dropped)";
        out.println("interrupted: kept " + done + " of " + total + " games" + dropped + "; continue with: "
                + resumeCommand);
        out.flush();
    }

    @Override
    public synchronized void close() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }

    /** The status line, cut to the terminal's width so that redrawing it never wraps onto a new line. */
    public synchronized String line() {
        String status = status();
        int bar = Math.min(24, Math.max(0, (columns - 1 - status.length() - 3)));
        String text = status;
        if (bar >= 8) {
            int filled = total == 0 ? bar : done * bar / total;
            text = "[" + "#".repeat(filled) + ".".repeat(bar - filled) + "] " + status;
        }
        return text.length() > columns - 1 ? text.substring(0, columns - 2) + "…" : text;
    }

    private String status() {
        double minutes = (System.nanoTime() - startNanos) / 60e9;
        int playedNow = done - doneAtStart;
        double rate = minutes > 0 ? playedNow / minutes : 0;
        String left = rate > 0 ? duration((total - done) / rate * 60) : "?";
        return String.format(
                Locale.ROOT,
                "%d/%d games, %d playing, %.1f games/min, %s left%s",
                done,
                total,
                playing.size(),
                rate,
                left,
                leader.isEmpty() ? "" : ", leader " + leader);
    }

    private void draw() {
        out.print(line());
        drawn = true;
    }

    private void clear() {
        if (drawn) {
            out.print("\r" + " ".repeat(columns - 1) + "\r");
            drawn = false;
        }
    }

    private static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s >= 3600) {
            return s / 3600 + "h" + String.format(Locale.ROOT, "%02dm", s % 3600 / 60);
        }
        if (s >= 60) {
            return s / 60 + "m" + String.format(Locale.ROOT, "%02ds", s % 60);
        }
        return s + "s";
    }
}
