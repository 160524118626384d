package caissa.arena.match;

import caissa.arena.diagnostics.Diagnosis;
import caissa.arena.diagnostics.IrregularLossTally;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** A match's figures as the terminal shows them: the progress line and the verdict. */
public final class MatchText {

    private MatchText() {}

    /** The verdict, the figures and the irregular losses by cause; shared with {@code merge} of a sharded match. */
    public static void printVerdict(PrintWriter terminal, MatchReport report) {
        terminal.printf(
                Locale.ROOT,
                "%s: %s after %d games%n",
                verdictSentence(report),
                report.decision().word(),
                report.games());
        terminal.printf(
                Locale.ROOT,
                "  engine +%d =%d -%d, pairs %s, Elo %s, LOS %.1f%%, LLR %.2f [%.2f, %.2f]%n",
                report.wins(),
                report.draws(),
                report.losses(),
                report.pentanomial(),
                elo(report),
                report.los() * 100,
                report.llr(),
                stoppingBounds(report).get(0),
                stoppingBounds(report).get(1));
        if (report.eloCorrected() != null && report.settings().sequential()) {
            terminal.println("  Elo corrected for the early stop " + interval(report.eloCorrected())
                    + ", normalized Elo " + interval(report.normalizedElo()));
        } else if (report.normalizedElo() != null) {
            terminal.println("  normalized Elo " + interval(report.normalizedElo()));
        }
        irregular(
                terminal,
                "engine",
                report.engine().name(),
                report.irregularLosses().engine());
        irregular(
                terminal,
                "baseline",
                report.baseline().name(),
                report.irregularLosses().baseline());
    }

    private static void irregular(PrintWriter terminal, String role, String name, MatchReport.SideLosses losses) {
        if (losses.games() == 0) {
            return;
        }
        terminal.printf("  the %s (%s) lost %d games irregularly:%n", role, name, losses.games());
        for (IrregularLossTally.Entry entry : losses.byCause()) {
            Diagnosis why = entry.example();
            terminal.println("    " + entry.games() + " by " + entry.cause().word() + ", e.g. game " + why.game() + ": "
                    + why.reason());
            if (!why.lastStderrLine().isEmpty()) {
                terminal.println("      its stderr ends: " + why.lastStderrLine());
            }
            if (why.hint() != null) {
                terminal.println("      hint: " + why.hint());
            }
            terminal.println("      game log: " + why.log());
        }
    }

    /** The line redrawn after every game: the score so far, the Elo and the LLR against its bounds. */
    static String progress(MatchReport s, int cap) {
        double score = s.games() == 0 ? 0 : (s.wins() + s.draws() / 2.0) / s.games();
        return String.format(
                Locale.ROOT,
                "games %d/%d: +%d =%d -%d  score %.1f%%  Elo %s  LLR %.2f [%.2f, %.2f]",
                s.games(),
                cap,
                s.wins(),
                s.draws(),
                s.losses(),
                score * 100,
                elo(s),
                s.llr(),
                stoppingBounds(s).get(0),
                stoppingBounds(s).get(1));
    }

    /** The bounds the LLR is judged against; a summary written before they existed has Wald's alone. */
    private static List<Double> stoppingBounds(MatchReport report) {
        return report.stoppingBounds() == null ? report.bounds() : report.stoppingBounds();
    }

    /** {@code +3.2 [-1.0, +7.5]}, an infinite value as ∞. */
    private static String interval(MatchReport.EloInterval e) {
        if (e.elo() == null && e.low() != null) {
            // Wins only (or nearly): the data bound the Elo from below and say nothing more.
            return "above " + signed(e.low(), "-∞") + " (95%, no finite estimate)";
        }
        if (e.elo() == null && e.high() != null) {
            return "below " + signed(e.high(), "+∞") + " (95%, no finite estimate)";
        }
        if (e.elo() == null) {
            // A fixed-length match whose pairs all scored the same: no spread, so no interval either.
            return "no estimate (every pair scored the same)";
        }
        return signed(e.elo(), "?") + " [" + signed(e.low(), "-∞") + ", " + signed(e.high(), "+∞") + "]";
    }

    private static String signed(Double value, String infinite) {
        return value == null ? infinite : String.format(Locale.ROOT, "%+.1f", value);
    }

    private static String elo(MatchReport s) {
        if (s.elo() == null) {
            long pairs = s.pentanomial().stream().mapToLong(Long::longValue).sum();
            // Every pair won (or lost) has no finite maximum-likelihood Elo.
            return pairs > 0 && s.pentanomial().get(4) == pairs
                    ? "+∞"
                    : pairs > 0 && s.pentanomial().get(0) == pairs ? "-∞" : "?";
        }
        return String.format(Locale.ROOT, "%+.1f", s.elo())
                + (s.eloError() == null ? " ± ∞" : String.format(Locale.ROOT, " ± %.1f", s.eloError()));
    }

    private static String verdictSentence(MatchReport report) {
        return switch (report.decision()) {
            case H1 -> "the engine is at least as good as claimed";
            case H0 -> "regression: the engine is not better";
            case INCONCLUSIVE -> "no decision";
            case FAILED -> "no result: every game ended in an irregular loss, so the match measured nothing";
            case INTERRUPTED -> "interrupted before a decision";
        };
    }
}
