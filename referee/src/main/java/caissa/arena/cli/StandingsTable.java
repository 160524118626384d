package caissa.arena.cli;

import caissa.arena.diagnostics.TerminalText;
import caissa.arena.tournament.StageName;
import caissa.arena.tournament.Standing;
import caissa.arena.tournament.StandingsDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The standings as a text table for the terminal. */
final class StandingsTable {

    private StandingsTable() {}

    static String format(StandingsDocument document) {
        List<StandingsDocument.Stage> stages = document.stages() == null ? List.of() : document.stages();
        boolean swiss = stages.stream().anyMatch(st -> st.stage() == StageName.SWISS);
        if (!swiss) {
            return String.format(
                            "Standings of %s after %d of %d games%n",
                            TerminalText.escape(document.tournament()), document.gamesPlayed(), document.gamesTotal())
                    + table(document.standings(), false);
        }
        // A Swiss shows each stage: the Swiss with its byes and Buchholz, then the final.
        StringBuilder sb = new StringBuilder();
        for (StandingsDocument.Stage stage : stages) {
            boolean isSwiss = stage.stage() == StageName.SWISS;
            sb.append(String.format(
                    "%s of %s after %d of %d games%s%n",
                    isSwiss ? "Swiss stage" : "Final",
                    TerminalText.escape(document.tournament()),
                    stage.gamesPlayed(),
                    stage.gamesTotal(),
                    isSwiss ? " (" + stage.rounds() + (stage.rounds() == 1 ? " round" : " rounds") + " paired)" : ""));
            sb.append(table(stage.standings(), isSwiss));
        }
        if (stages.size() > 1) {
            sb.append(String.format(
                    "Overall standings of %s after %d of %d games (the final's order, then the Swiss"
                            + " order; every stage's games)%n",
                    TerminalText.escape(document.tournament()), document.gamesPlayed(), document.gamesTotal()));
            sb.append(table(document.standings(), true));
        }
        return sb.toString();
    }

    private static String table(List<Standing> standings, boolean swiss) {
        List<String[]> rows = new ArrayList<>();
        rows.add(
                swiss
                        ? new String[] {
                            "#",
                            "bot",
                            "points",
                            "byes",
                            "Buchholz",
                            "games",
                            "won",
                            "drawn",
                            "lost",
                            "irregular",
                            "Elo",
                            "SB"
                        }
                        : new String[] {"#", "bot", "points", "games", "won", "drawn", "lost", "irregular", "Elo", "SB"
                        });
        int irregularColumn = swiss ? 9 : 7;
        for (Standing s : standings) {
            List<String> row = new ArrayList<>(
                    List.of(Integer.toString(s.rank()), TerminalText.escape(s.name()), Integer.toString(s.points())));
            if (swiss) {
                row.add(String.valueOf(s.byes()));
                row.add(String.valueOf(s.buchholz()));
            }
            row.addAll(List.of(
                    Integer.toString(s.games()),
                    Integer.toString(s.wins()),
                    Integer.toString(s.draws()),
                    Integer.toString(s.losses()),
                    irregular(s),
                    elo(s),
                    String.format(Locale.ROOT, "%.1f", s.sonnebornBerger())));
            rows.add(row.toArray(String[]::new));
        }
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                boolean left = i == 1 || i == irregularColumn;
                String cell = left ? pad(row[i], widths[i]) : padLeft(row[i], widths[i]);
                sb.append(i == 0 ? "" : "  ").append(cell);
            }
            sb.append(System.lineSeparator());
        }
        return sb.toString().replaceAll(" +(\r?\n)", "$1");
    }

    private static String irregular(Standing s) {
        if (s.irregularLosses() == 0) {
            return "0";
        }
        String causes = s.irregularByCause().entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.comparingByKey())
                .map(e -> e.getValue() + " " + e.getKey())
                .collect(Collectors.joining(", "));
        return s.irregularLosses() + " (" + causes + ")";
    }

    private static String elo(Standing s) {
        if (s.elo() == null) {
            return "–";
        }
        return String.format(Locale.ROOT, "%+.0f", s.elo())
                + (s.eloError() == null ? "" : String.format(Locale.ROOT, " ± %.0f", s.eloError()));
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(width - s.length());
    }

    private static String padLeft(String s, int width) {
        return " ".repeat(width - s.length()) + s;
    }
}
