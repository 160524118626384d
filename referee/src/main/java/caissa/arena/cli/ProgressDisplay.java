package caissa.arena.cli;

import caissa.arena.tournament.FinishedGame;
import caissa.arena.tournament.Standing;
import caissa.arena.tournament.TournamentObserver;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * Live progress of a run: a bar redrawn in place on a terminal, or one plain line per game when
 * the output goes to a file or a CI log (where carriage returns would make a mess).
 */
final class ProgressDisplay implements TournamentObserver {

    private static final int BAR = 24;

    private final PrintWriter out;
    private final boolean terminal;
    private long startNanos;
    private int doneAtStart;
    private int width;

    ProgressDisplay(PrintWriter out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    @Override
    public void started(int total, int done) {
        startNanos = System.nanoTime();
        doneAtStart = done;
        if (done > 0) {
            out.printf("resuming: %d of %d games already played%n", done, total);
        }
        out.flush();
    }

    @Override
    public void finished(FinishedGame game, List<Standing> standings, int done, int total) {
        double minutes = (System.nanoTime() - startNanos) / 60e9;
        int playedNow = done - doneAtStart;
        double rate = minutes > 0 ? playedNow / minutes : 0;
        String eta = rate > 0 ? duration((total - done) / rate * 60) : "?";
        Standing leader = standings.get(0);
        String status = String.format(Locale.ROOT, "%d/%d games  %.1f games/min  ETA %s  leader: %s (%d pts)",
                done, total, rate, eta, TerminalText.escape(leader.name()), leader.points());
        String gameLine = String.format(Locale.ROOT, "game %d: %s vs %s %s (%s)", game.game(), TerminalText.escape(game.white()),
                TerminalText.escape(game.black()),
                game.result(), game.termination());
        if (terminal) {
            clear();
            if (game.termination().isIrregular()) {
                out.println(gameLine);
            }
            int filled = total == 0 ? BAR : done * BAR / total;
            String bar = "[" + "#".repeat(filled) + ".".repeat(BAR - filled) + "] " + status;
            width = bar.length();
            out.print(bar);
            if (done == total) {
                out.println();
            }
        } else {
            out.println(gameLine + " | " + status);
        }
        out.flush();
    }

    private void clear() {
        if (width > 0) {
            out.print("\r" + " ".repeat(width) + "\r");
            width = 0;
        }
    }

    private static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s >= 3600) {
            return s / 3600 + "h" + String.format("%02dm", s % 3600 / 60);
        }
        if (s >= 60) {
            return s / 60 + "m" + String.format("%02ds", s % 60);
        }
        return s + "s";
    }
}
