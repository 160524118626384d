package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import caissa.arena.game.GameRecord;
import caissa.arena.report.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
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
        Path broken = Files.writeString(dir.resolve("broken.sh"), "#!/nonexistent/interpreter\n");
        Files.setPosixFilePermissions(broken, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path file = new TournamentFiles("e2e")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .testBot("crasher", "crash", "2")
                .testBot("hanger", "hang", "2")
                .bot("broken", List.of(broken.toString()))
                .set("gamesPerPair", 2).set("timePerGame", "1s").set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("e2e.json"));
        Path out = dir.resolve("out");
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();

        int exit = Main.run(new String[] {"tournament", file.toString(), "--out", out.toString(), "--concurrency", "2"},
                new PrintWriter(stdout), new PrintWriter(stderr));

        assertThat(exit).as(stderr.toString()).isZero();
        assertThat(stdout.toString()).contains("Standings of e2e after 20 of 20 games").contains("20/20 games");
        try (Stream<Path> games = Files.list(out.resolve("games"))) {
            assertThat(games.map(p -> p.getFileName().toString()).sorted().toList())
                    .hasSize(20).startsWith("0001.json", "0002.json").endsWith("0020.json");
        }
        assertThat(Journal.read(out)).hasSize(20).extracting(FinishedGame::game).doesNotHaveDuplicates();

        StandingsDocument standings = Json.mapper().readValue(out.resolve("standings.json").toFile(), StandingsDocument.class);
        assertThat(standings.schema()).isEqualTo("caissa-arena/standings/2");
        assertThat(standings.complete()).isTrue();
        assertThat(standings.standings()).hasSize(5);
        assertThat(standings.standings().stream().mapToInt(Standing::games).sum()).isEqualTo(40);
        assertThat(standings.standings().stream().mapToInt(Standing::points).sum()).isEqualTo(2 * 20);

        Map<String, Standing> byName = standings.standings().stream()
                .collect(java.util.stream.Collectors.toMap(Standing::name, s -> s));
        assertThat(byName.get("broken").irregularByCause()).containsEntry("start-failure", 8);
        assertThat(byName.get("broken").points()).isZero();
        assertOnlyCause(byName.get("crasher"), "crash");
        assertOnlyCause(byName.get("hanger"), "time-forfeit");
        assertThat(byName.get("r1").irregularLosses()).isZero();
        assertThat(byName.get("r2").irregularLosses()).isZero();
        assertThat(standings.standings().get(4).name()).isEqualTo("broken");

        GameRecord first = Json.mapper().readValue(out.resolve("games/0001.json").toFile(), GameRecord.class);
        assertThat(first.tournament()).isEqualTo(new GameRecord.TournamentGame("e2e", 1, 20, 1));
        // Berger round 1 of five bots: r1 sits out; r2 meets broken, crasher meets hanger.
        assertThat(first.white().name()).isEqualTo("r2");
        assertThat(first.black().name()).isEqualTo("broken");

        TournamentRecord record = Json.mapper().readValue(out.resolve("tournament.json").toFile(), TournamentRecord.class);
        assertThat(record.schema()).isEqualTo("caissa-arena/tournament/2");
        assertThat(record.games()).isEqualTo(20);
        assertThat(record.definition().timePerGame()).isEqualTo("1s");
    }

    private static void assertOnlyCause(Standing standing, String cause) {
        assertThat(standing.irregularByCause().get(cause)).as(standing.name()).isPositive();
        assertThat(standing.irregularLosses()).isEqualTo(standing.irregularByCause().get(cause));
    }

    @Test
    void anExistingOutputFolderIsRefusedWithoutResume() throws IOException {
        Path file = new TournamentFiles("t").testBot("a", "random", "1").testBot("b", "random", "2")
                .writeTo(dir.resolve("t.json"));
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.writeString(out.resolve("something"), "x");
        StringWriter stderr = new StringWriter();

        int exit = Main.run(new String[] {"tournament", file.toString(), "--out", out.toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(stderr));

        assertThat(exit).isEqualTo(2);
        assertThat(stderr.toString()).isEqualTo("caissa tournament: " + out
                + " already holds files of a run; continue it with --resume, or choose another folder with --out"
                + System.lineSeparator());
    }

    @Test
    void aBadTournamentFileExitsWithTwoAndOneLine() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.json"), "{\"name\": \"t\", \"gamesPerPair\": 3}");
        StringWriter stderr = new StringWriter();

        int exit = Main.run(new String[] {"tournament", file.toString()}, new PrintWriter(new StringWriter()),
                new PrintWriter(stderr));

        assertThat(exit).isEqualTo(2);
        assertThat(stderr.toString()).isEqualTo("caissa tournament: " + file
                + ":1: bots: required: an array of bots, each {\"name\": ..., \"command\": [...]}" + System.lineSeparator());
    }
}
