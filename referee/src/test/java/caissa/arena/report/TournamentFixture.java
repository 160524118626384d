package caissa.arena.report;

import caissa.arena.bot.StderrExcerpt;
import caissa.arena.game.GameRecord;
import caissa.arena.game.Termination;
import caissa.arena.records.Json;
import caissa.arena.records.TournamentLayout;
import caissa.arena.rules.Side;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tournament output folders for tests, in the runner's layout: {@code tournament.json},
 * {@code standings.json} (computed here from the games, as the runner would) and
 * {@code games/NNNN.json}.
 */
final class TournamentFixture {

    static final String HOSTILE_NAME = "<script>alert(1)</script>";
    static final String HOSTILE_STDERR = "about to print a closing tag: </script><script>alert(2)</script>\n"
            + "a comment opener <!-- and a line separator \u2028 and a paragraph separator \u2029 & ampersand\n";
    static final List<String> BOTS = List.of("alpha", "beta", HOSTILE_NAME, "Zoë “quoted” & co");
    static final String NAME = "Fixture cup";

    /** The standard fixture: one game of every termination, and more, between the four {@link #BOTS}. */
    record Fixture(Path dir, List<GameRecord> games) {

        GameRecord game(int number) {
            return games.stream()
                    .filter(g -> g.tournament().game() == number)
                    .findFirst()
                    .orElseThrow();
        }
    }

    /** The game of the standard fixture that has a capture, an exchange and a tile carried into a hole. */
    static final int SHOWCASE = 1;

    private static final Termination[] KINDS = {
        Termination.CHECKMATE, Termination.STALEMATE, Termination.MOVE_LIMIT, Termination.TIME_FORFEIT,
        Termination.ILLEGAL_MOVE, Termination.PROTOCOL_ERROR, Termination.CRASH, Termination.START_FAILURE,
        Termination.CHECKMATE, Termination.START_FAILURE, Termination.MOVE_LIMIT, Termination.RESOURCE_LIMIT,
    };

    private TournamentFixture() {}

    /** The four bots, each pair twice with colours swapped: twelve games, all written. */
    static Fixture standard(Path dir) throws IOException {
        List<GameRecord> games = standardGames();
        writeTournament(dir, BOTS, games.size());
        writeStandings(dir, BOTS, games, games.size());
        for (GameRecord game : games) {
            writeGame(dir, game);
        }
        return new Fixture(dir, games);
    }

    static List<GameRecord> standardGames() {
        List<String[]> pairings = new ArrayList<>();
        for (int i = 0; i < BOTS.size(); i++) {
            for (int j = i + 1; j < BOTS.size(); j++) {
                pairings.add(new String[] {BOTS.get(i), BOTS.get(j)});
                pairings.add(new String[] {BOTS.get(j), BOTS.get(i)});
            }
        }
        List<GameRecord> games = new ArrayList<>();
        for (int k = 0; k < pairings.size(); k++) {
            int number = k + 1;
            FixtureGames.Spec spec = FixtureGames.spec(
                    number,
                    pairings.size(),
                    pairings.get(k)[0],
                    pairings.get(k)[1],
                    KINDS[k % KINDS.length],
                    1000L * number);
            spec = new FixtureGames.Spec(
                    spec.number(),
                    spec.total(),
                    NAME,
                    spec.white(),
                    spec.black(),
                    spec.termination(),
                    spec.seed(),
                    number == SHOWCASE || number == 11 ? 2 : 0,
                    stderrFor(number, spec.white()),
                    stderrFor(number + 100, spec.black()));
            games.add(
                    number == SHOWCASE
                            ? FixtureGames.game(
                                    spec,
                                    line -> line.hasEveryKindOfMove()
                                            && line.moves().size() >= 30)
                            : FixtureGames.game(spec));
        }
        return games;
    }

    private static StderrExcerpt stderrFor(int key, String bot) {
        return switch (key % 4) {
            case 0 -> StderrExcerpt.EMPTY;
            case 1 -> FixtureGames.chattyStderr(bot, 400);
            case 2 -> FixtureGames.stderr(HOSTILE_STDERR);
            default -> FixtureGames.stderr(bot + " starting\nbook loaded: 12 lines\n");
        };
    }

    static void writeTournament(Path dir, List<String> bots, int games) throws IOException {
        Map<String, Object> definition = new LinkedHashMap<>();
        definition.put("name", NAME);
        definition.put(
                "bots",
                bots.stream()
                        .map(b -> Map.of("name", b, "command", "./bots/" + b + " --level 3"))
                        .toList());
        definition.put("gamesPerPair", 2);
        definition.put("timePerGame", "30s");
        definition.put("timePerMove", null);
        definition.put("increment", "0s");
        definition.put("openingPlies", 2);
        definition.put("seed", 42);
        definition.put("concurrency", 2);
        Map<String, Object> tournament = new LinkedHashMap<>();
        tournament.put("schema", "caissa-arena/tournament/1");
        tournament.put("arenaVersion", "0.1.0-test");
        tournament.put("startedAt", "2025-03-01T09:59:58.123Z");
        tournament.put("definition", definition);
        tournament.put("games", games);
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("memoryBytes", 1L << 30);
        limits.put("processes", 64);
        limits.put("openFiles", 256);
        limits.put("fileSizeBytes", 64L << 20);
        limits.put("scratchBytes", 256L << 20);
        tournament.put("isolation", Map.of("sandbox", "auto", "limits", limits, "botLimits", Map.of()));
        Json.writeFile(dir.resolve(TournamentLayout.RECORD_FILE), tournament);
    }

    /** Written plainly, not through AtomicFiles: a thousand forced writes would make the tests slow for nothing. */
    static void writeGame(Path dir, GameRecord game) throws IOException {
        Path file = dir.resolve("games")
                .resolve(String.format("%04d.json", game.tournament().game()));
        Files.createDirectories(file.getParent());
        Files.writeString(file, Json.write(game));
    }

    /** standings.json as the runner writes it, computed from the games; Elo is null where undefined. */
    static void writeStandings(Path dir, List<String> bots, List<GameRecord> games, int total) throws IOException {
        Map<String, Row> rows = new LinkedHashMap<>();
        bots.forEach(b -> rows.put(b, new Row(b)));
        for (GameRecord g : games) {
            for (Side side : Side.values()) {
                Row me = rows.get(g.player(side).name());
                String opponent = g.player(side.opponent()).name();
                int points = g.result().points(side);
                boolean lost = side.word().equals(g.loser()) || "both".equals(g.loser());
                me.add(
                        points,
                        lost && g.termination().isIrregular() ? g.termination().word() : null);
                me.cross.computeIfAbsent(opponent, o -> new Row(o)).add(points, null);
            }
        }
        for (GameRecord g : games) {
            for (Side side : Side.values()) {
                Row me = rows.get(g.player(side).name());
                me.sonnebornBerger += g.result().points(side)
                        / 2.0
                        * rows.get(g.player(side.opponent()).name()).points;
            }
        }
        List<Row> ordered = new ArrayList<>(rows.values());
        ordered.sort(Comparator.comparingInt((Row r) -> -r.points)
                .thenComparingInt(r -> r.irregular)
                .thenComparing(r -> r.name));
        List<Map<String, Object>> standings = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            Row r = ordered.get(i);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("rank", i + 1);
            row.put("name", r.name);
            row.put("points", r.points);
            row.put("games", r.games);
            row.put("wins", r.wins);
            row.put("draws", r.draws);
            row.put("losses", r.losses);
            row.put("irregularLosses", r.irregular);
            row.put("irregularByCause", r.byCause);
            double score = r.games == 0 ? 0 : r.points / (2.0 * r.games);
            boolean defined = score > 0 && score < 1;
            row.put("elo", defined ? -400 * Math.log10(1 / score - 1) : null);
            row.put("eloError", defined ? 800 / Math.sqrt(r.games) : null);
            row.put("sonnebornBerger", r.sonnebornBerger);
            standings.add(row);
        }
        Map<String, Object> crosstable = new LinkedHashMap<>();
        for (Row r : ordered) {
            Map<String, Object> cells = new LinkedHashMap<>();
            r.cross.forEach((opponent, c) -> cells.put(
                    opponent,
                    Map.of(
                            "points", c.points, "games", c.games, "wins", c.wins, "draws", c.draws, "losses",
                            c.losses)));
            crosstable.put(r.name, cells);
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schema", "caissa-arena/standings/1");
        doc.put("tournament", NAME);
        doc.put("arenaVersion", "0.1.0-test");
        doc.put("updatedAt", "2025-03-01T10:30:00Z");
        doc.put("gamesPlayed", games.size());
        doc.put("gamesTotal", total);
        doc.put("complete", games.size() == total);
        doc.put("standings", standings);
        doc.put("crosstable", crosstable);
        Json.writeFile(dir.resolve(TournamentLayout.STANDINGS_FILE), doc);
    }

    /** One bot's running totals. */
    private static final class Row {
        final String name;
        int points;
        int games;
        int wins;
        int draws;
        int losses;
        int irregular;
        double sonnebornBerger;
        final Map<String, Integer> byCause = new LinkedHashMap<>();
        final Map<String, Row> cross = new LinkedHashMap<>();

        Row(String name) {
            this.name = name;
            for (Termination t : Termination.values()) {
                if (t.isIrregular()) {
                    byCause.put(t.word(), 0);
                }
            }
        }

        void add(int gamePoints, String irregularCause) {
            points += gamePoints;
            games++;
            switch (gamePoints) {
                case 2 -> wins++;
                case 1 -> draws++;
                default -> losses++;
            }
            if (irregularCause != null) {
                irregular++;
                byCause.merge(irregularCause, 1, Integer::sum);
            }
        }
    }
}
