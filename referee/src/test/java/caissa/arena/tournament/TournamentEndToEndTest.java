package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import caissa.arena.game.GameRecord;
import caissa.arena.records.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole tournament of real processes through the command line: good bots and broken ones.
 * The broken only lose their own games, and the tournament always completes.
 */
class TournamentEndToEndTest {

    @TempDir
    Path dir;

    @Test
    void aTournamentOfGoodAndBrokenBotsCompletesWithEveryGameLogged() throws Exception {
        // Bots that break during the games: one that cannot start at all is refused before them (below).
        Path file = new TournamentFiles("e2e")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .testBot("crasher", "crash", "2")
                .testBot("hanger", "hang", "2")
                .set("gamesPerPair", 2)
                .set("timePerGame", "1s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("e2e.json"));
        Path out = dir.resolve("out");
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();

        int exit = Main.run(
                new String[] {"tournament", file.toString(), "--out", out.toString(), "--concurrency", "2"},
                new PrintWriter(stdout),
                new PrintWriter(stderr));

        assertThat(exit).as(stderr.toString()).isZero();
        assertThat(stdout.toString())
                .contains("Standings of e2e after 12 of 12 games")
                .contains("12/12 games");
        try (Stream<Path> games = Files.list(out.resolve("games"))) {
            assertThat(games.map(p -> p.getFileName().toString()).sorted().toList())
                    .hasSize(12)
                    .startsWith("0001.json", "0002.json")
                    .endsWith("0012.json");
        }
        assertThat(Journal.read(out)).hasSize(12).extracting(FinishedGame::game).doesNotHaveDuplicates();

        StandingsDocument standings =
                Json.mapper().readValue(out.resolve("standings.json").toFile(), StandingsDocument.class);
        assertThat(standings.schema()).isEqualTo("caissa-arena/standings/3");
        assertThat(standings.complete()).isTrue();
        assertThat(standings.standings()).hasSize(4);
        assertThat(standings.standings().stream().mapToInt(Standing::games).sum())
                .isEqualTo(24);
        assertThat(standings.standings().stream().mapToInt(Standing::points).sum())
                .isEqualTo(2 * 12);
        // The progress line after the last game names the final leader with the final points
        // (the standings are recomputed at most once a second while games run, and after the last game).
        Standing leader = standings.standings().get(0);
        String lastLine = stdout.toString()
                .lines()
                .filter(l -> l.contains("12/12 games"))
                .reduce((a, b) -> b)
                .orElseThrow();
        assertThat(lastLine).contains("leader " + leader.name() + " (" + leader.points() + " pts)");

        Map<String, Standing> byName = standings.standings().stream().collect(Collectors.toMap(Standing::name, s -> s));
        assertOnlyCause(byName.get("crasher"), "crash");
        assertOnlyCause(byName.get("hanger"), "time-forfeit");
        assertThat(byName.get("r1").irregularLosses()).isZero();
        assertThat(byName.get("r2").irregularLosses()).isZero();

        GameRecord first =
                Json.mapper().readValue(out.resolve("games/0001.json").toFile(), GameRecord.class);
        assertThat(first.tournament()).isEqualTo(new GameRecord.TournamentGame("e2e", 1, 12, 1));
        // Berger round 1 of four bots: r1 meets hanger, r2 meets crasher.
        assertThat(first.white().name()).isEqualTo("r1");
        assertThat(first.black().name()).isEqualTo("hanger");

        TournamentRecord record =
                Json.mapper().readValue(out.resolve("tournament.json").toFile(), TournamentRecord.class);
        assertThat(record.schema()).isEqualTo("caissa-arena/tournament/2");
        assertThat(record.games()).isEqualTo(12);
        assertThat(record.definition().timePerGame()).isEqualTo("1s");
    }

    @Test
    void aBotWhoseScriptCannotStartIsRefusedBeforeAnyGame() throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.sh"), "#!/nonexistent/interpreter\n");
        Files.setPosixFilePermissions(broken, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path file = new TournamentFiles("e2e")
                .testBot("r1", "random", "1")
                .bot("broken", List.of(broken.toString()))
                .writeTo(dir.resolve("e2e.json"));
        Path out = dir.resolve("out");
        StringWriter stderr = new StringWriter();

        int exit = Main.run(
                new String[] {"tournament", file.toString(), "--out", out.toString(), "--broken", "refuse"},
                new PrintWriter(new StringWriter()),
                new PrintWriter(stderr));

        assertThat(exit).isEqualTo(2);
        assertThat(stderr.toString().lines().toList())
                .hasSize(2)
                .first()
                .asString()
                .startsWith("caissa tournament: " + file + ":")
                .contains("bots[1].command: " + broken + ": its first line '#!/nonexistent/interpreter' names"
                        + " /nonexistent/interpreter, which does not exist here");
        assertThat(out).doesNotExist();
    }

    @Test
    void aBotThatKeepsFailingIsReportedOnceAndTheLossesAreSummarisedByCause() throws Exception {
        Path file = new TournamentFiles("streak")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .testBot("crasher", "crash", "2")
                .set("gamesPerPair", 2)
                .writeTo(dir.resolve("streak.json"));
        StringWriter stdout = new StringWriter();

        int exit = Main.run(
                new String[] {
                    "tournament", file.toString(), "--out", dir.resolve("out").toString(), "--concurrency", "1"
                },
                new PrintWriter(stdout),
                new PrintWriter(new StringWriter()));

        assertThat(exit).isZero();
        List<String> lines = stdout.toString().lines().toList();
        assertThat(lines.stream()
                        .filter(l -> l.startsWith(
                                "warning: crasher keeps failing: its last 3 games were lost by" + " crash: crasher ("))
                        .count())
                .isEqualTo(1);
        int summary = lines.indexOf("irregular losses in the whole run, by bot and cause:");
        assertThat(summary).isPositive();
        assertThat(lines.get(summary + 1))
                .startsWith("  crasher: 4 crash, e.g. game ")
                .contains("exited with status 3");
        // The test bot's last words on stderr name the variant it was told.
        assertThat(lines.get(summary + 2)).isEqualTo("      its stderr ends: variant caissa");
        assertThat(lines.get(summary + 3))
                .startsWith("      game log: " + dir.resolve("out").resolve("games"));
    }

    @Test
    void theProgramAndItsArgumentsAreFoundFromTheTournamentFilesFolder() throws Exception {
        Path bots = Files.createDirectories(dir.resolve("bots"));
        Files.copy(Path.of("..", "sample-bots", "examples", "random_bot.py"), bots.resolve("random_bot.py"));
        Path file = new TournamentFiles("paths")
                .bot("py", List.of("python3", "../bots/random_bot.py", "3"))
                .testBot("r1", "random", "1")
                .set("gamesPerPair", 2)
                .writeTo(Files.createDirectories(dir.resolve("tournaments")).resolve("paths.json"));
        StringWriter stderr = new StringWriter();

        int exit = Main.run(
                new String[] {
                    "tournament", file.toString(), "--out", dir.resolve("out").toString()
                },
                new PrintWriter(new StringWriter()),
                new PrintWriter(stderr));

        assertThat(exit).as(stderr.toString()).isZero();
        StandingsDocument standings =
                Json.mapper().readValue(dir.resolve("out/standings.json").toFile(), StandingsDocument.class);
        assertThat(standings.standings())
                .allSatisfy(s -> assertThat(s.irregularLosses()).as(s.name()).isZero());
    }

    @Test
    void aBotThatCannotAnswerStartIsRefusedBeforeAnyGameWithItsStderr() throws Exception {
        Path file = new TournamentFiles("pre")
                .testBot("r1", "random", "1")
                .testBot("quitter", "exit-immediately", "1")
                .writeTo(dir.resolve("pre.json"));
        StringWriter stderr = new StringWriter();

        int exit = Main.run(
                new String[] {
                    "tournament", file.toString(), "--out", dir.resolve("out").toString(), "--broken", "refuse"
                },
                new PrintWriter(new StringWriter()),
                new PrintWriter(stderr));

        assertThat(exit).isEqualTo(2);
        assertThat(stderr.toString().lines().toList())
                .hasSize(2)
                .first()
                .asString()
                .isEqualTo(
                        "caissa tournament: " + file + ": bots[1] 'quitter' cannot play: it was started once before the"
                                + " games and closed its output before answering 'start' (exited with status 0); its stderr ends:"
                                + " variant caissa");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    private static void assertOnlyCause(Standing standing, String cause) {
        assertThat(standing.irregularByCause().get(cause)).as(standing.name()).isPositive();
        assertThat(standing.irregularLosses())
                .isEqualTo(standing.irregularByCause().get(cause));
    }

    @Test
    void anExistingOutputFolderIsRefusedWithoutResume() throws IOException {
        Path file = new TournamentFiles("t")
                .testBot("a", "random", "1")
                .testBot("b", "random", "2")
                .writeTo(dir.resolve("t.json"));
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.writeString(out.resolve("something"), "x");
        StringWriter stderr = new StringWriter();

        int exit = Main.run(
                new String[] {"tournament", file.toString(), "--out", out.toString()},
                new PrintWriter(new StringWriter()),
                new PrintWriter(stderr));

        assertThat(exit).isEqualTo(2);
        assertThat(stderr.toString())
                .isEqualTo("caissa tournament: " + out
                        + " already holds files of a run; continue it with --resume, or choose another folder with --out"
                        + System.lineSeparator());
    }

    @Test
    void aBadTournamentFileExitsWithTwoAndOneLine() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.json"), "{\"name\": \"t\", \"gamesPerPair\": 3}");
        StringWriter stderr = new StringWriter();

        int exit = Main.run(
                new String[] {"tournament", file.toString()},
                new PrintWriter(new StringWriter()),
                new PrintWriter(stderr));

        assertThat(exit).isEqualTo(2);
        assertThat(stderr.toString())
                .isEqualTo("caissa tournament: " + file
                        + ":1: bots: required: an array of bots, each {\"name\": ..., \"command\": [...]}"
                        + System.lineSeparator());
    }
}
