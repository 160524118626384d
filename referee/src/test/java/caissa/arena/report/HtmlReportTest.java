package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.Version;
import caissa.arena.command.LiveReport;
import caissa.arena.game.GameRecord;
import caissa.arena.game.PlayedMove;
import caissa.arena.game.Termination;
import caissa.arena.records.Json;
import caissa.arena.rules.Position;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report file for fixture folders: what it embeds, how it escapes, what it tolerates. */
class HtmlReportTest {

    @TempDir
    static Path shared;

    private static TournamentFixture.Fixture fixture;
    private static String html;
    private static JsonNode data;

    @BeforeAll
    static void writeTheStandardReport() throws IOException {
        fixture = TournamentFixture.standard(shared.resolve("cup"));
        HtmlReport.Written written = HtmlReport.write(fixture.dir());
        assertThat(written.file()).isEqualTo(fixture.dir().resolve("report.html"));
        assertThat(written.problems()).isEmpty();
        html = Files.readString(written.file());
        data = ReportPage.data(html);
    }

    @Test
    void theGamesReadOneAtATimeMakeThePageTheWholeReportDataMakes() throws IOException {
        // The page is written as its games are read, never holding them all: its data must be
        // the document that ReportData with every game in memory serializes to.
        Instant now = Instant.parse("2026-01-01T00:00:00Z");
        TournamentFolder folder = TournamentFolder.read(fixture.dir());
        List<ReportGame> games = fixture.games().stream()
                .sorted(Comparator.comparingInt(g -> g.tournament().game()))
                .map(g -> ReportGame.of(
                        g.tournament().game(),
                        String.format("games/%04d.json", g.tournament().game()),
                        g))
                .toList();
        PublishedPaths paths = PublishedPaths.of(folder.tournament());
        Map<ReportData.Held, Integer> ways =
                new TreeMap<>(Comparator.comparing(ReportData.Held::sandbox).thenComparing(ReportData.Held::limitsBy));
        int notStarted = 0;
        for (GameRecord game : fixture.games()) {
            for (GameRecord.PlayerRecord player : List.of(game.white(), game.black())) {
                if (player.sandbox() == null && player.exit() == null) {
                    notStarted++;
                } else if (player.sandbox() == null) {
                    ways.merge(new ReportData.Held("unrecorded", "unrecorded", 0), 1, Integer::sum);
                } else {
                    ways.merge(
                            new ReportData.Held(
                                    player.sandbox().sandbox(), player.sandbox().limitsBy(), 0),
                            1,
                            Integer::sum);
                }
            }
        }
        List<ReportData.Held> held = new ArrayList<>();
        ways.forEach((way, starts) -> held.add(new ReportData.Held(way.sandbox(), way.limitsBy(), starts)));
        if (notStarted > 0) {
            held.add(new ReportData.Held("not-started", "none", notStarted));
        }
        ReportData whole = new ReportData(
                ReportData.SCHEMA,
                folder.title(),
                folder.dir().getFileName().toString(),
                now.toString(),
                Version.current(),
                folder.tournament().map(paths::tournament).orElse(null),
                folder.standings().map(paths::document).orElse(null),
                folder.match().map(paths::document).orElse(null),
                false,
                List.of(),
                List.of(),
                held,
                games);

        String page = HtmlReport.render(folder, now);

        assertThat(games).hasSizeGreaterThan(1);
        assertThat(page)
                .contains("<script type=\"application/json\" id=\"report-data\">" + ScriptJson.of(whole) + "</script>");
    }

    @Test
    void theFixtureHasEveryTerminationOpeningsStderrAndAGameWithEveryKindOfMove() {
        Set<Termination> kinds =
                fixture.games().stream().map(GameRecord::termination).collect(Collectors.toSet());
        // Every termination a tournament records: an aborted game is never journaled.
        assertThat(kinds).isEqualTo(EnumSet.complementOf(EnumSet.of(Termination.ABORTED)));
        assertThat(fixture.games()).anyMatch(g -> !g.opening().isEmpty());
        assertThat(fixture.games()).anyMatch(g -> g.white().stderr().truncated());
        GameRecord showcase = fixture.game(TournamentFixture.SHOWCASE);
        assertThat(new FixtureGames.Line(
                                Position.fromCfn(showcase.start()),
                                showcase.moves().stream().map(PlayedMove::move).toList(),
                                Position.fromCfn(showcase.finalPosition()))
                        .hasEveryKindOfMove())
                .isTrue();
    }

    @Test
    void theStandingsAndTournamentFilesAreEmbeddedWhole() throws IOException {
        JsonNode standings =
                Json.mapper().readTree(fixture.dir().resolve("standings.json").toFile());
        JsonNode tournament =
                Json.mapper().readTree(fixture.dir().resolve("tournament.json").toFile());

        assertThat(data.get("schema").asText()).isEqualTo(ReportData.SCHEMA);
        assertThat(data.get("standings")).isEqualTo(standings);
        assertThat(data.get("tournament")).isEqualTo(tournament);
        assertThat(data.get("title").asText()).isEqualTo(TournamentFixture.NAME);
        List<String> names = new ArrayList<>();
        data.get("standings")
                .get("standings")
                .forEach(row -> names.add(row.get("name").asText()));
        assertThat(names).containsExactlyInAnyOrderElementsOf(TournamentFixture.BOTS);
    }

    @Test
    void everyGameIsEmbeddedWithItsMovesTimesAndOutcome() {
        assertThat(data.get("games")).hasSize(fixture.games().size());
        for (JsonNode game : data.get("games")) {
            GameRecord record = fixture.game(game.get("number").asInt());
            assertThat(game.get("file").asText())
                    .isEqualTo(
                            String.format("games/%04d.json", record.tournament().game()));
            assertThat(game.get("white").get("name").asText())
                    .isEqualTo(record.white().name());
            assertThat(game.get("black").get("name").asText())
                    .isEqualTo(record.black().name());
            assertThat(game.get("result").asText()).isEqualTo(record.result().text());
            assertThat(game.get("termination").asText())
                    .isEqualTo(record.termination().word());
            assertThat(game.get("reason").asText()).isEqualTo(record.reason());
            assertThat(game.get("start").asText()).isEqualTo(record.start());
            assertThat(game.get("final").asText()).isEqualTo(record.finalPosition());
            List<String> moves = new ArrayList<>();
            List<Long> micros = new ArrayList<>();
            game.get("moves").forEach(m -> moves.add(m.asText()));
            game.get("micros").forEach(m -> micros.add(m.asLong()));
            assertThat(moves)
                    .isEqualTo(record.moves().stream()
                            .map(m -> m.move().toString())
                            .toList());
            assertThat(micros)
                    .isEqualTo(record.moves().stream().map(PlayedMove::micros).toList());
            assertThat(game.get("white").get("timeUsedMillis").asLong())
                    .isEqualTo(record.white().timeUsedMillis());
            assertThat(game.get("durationMillis").asLong()).isEqualTo(record.durationMillis());
        }
    }

    @Test
    void repliesThatDifferFromTheirMoveKeepTheirRawText() {
        GameRecord odd = fixture.game(3);
        JsonNode game = gameData(3);
        assertThat(odd.moves().get(0).raw())
                .isNotEqualTo(odd.moves().get(0).move().toString());
        assertThat(game.get("raw").get("0").asText())
                .isEqualTo(odd.moves().get(0).raw());
        assertThat(gameData(2).has("raw"))
                .as("no raw map when every reply was the plain move")
                .isFalse();
    }

    @Test
    void hostileTextStaysInsideTheDataElementAndReadsBackExactly() {
        // The template has exactly two script elements: the data and the code.
        assertThat(count(html, "(?i)<script")).isEqualTo(2);
        assertThat(count(html, "(?i)</script")).isEqualTo(2);
        assertThat(count(html, "<!--")).as("the template's own comment only").isEqualTo(1);
        assertThat(html)
                .doesNotContain(TournamentFixture.HOSTILE_NAME)
                .doesNotContain("\u2028")
                .doesNotContain("\u2029");

        List<String> stderrShown = new ArrayList<>();
        data.get("games").forEach(g -> {
            stderrShown.add(g.get("white").get("stderr").get("head").asText());
            stderrShown.add(g.get("black").get("stderr").get("head").asText());
        });
        assertThat(stderrShown).contains(TournamentFixture.HOSTILE_STDERR);
        List<String> whites = new ArrayList<>();
        data.get("games").forEach(g -> whites.add(g.get("white").get("name").asText()));
        assertThat(whites).contains(TournamentFixture.HOSTILE_NAME, "Zoë “quoted” & co");
    }

    @Test
    void stderrIsCutToTheReportsBoundAndSaysSo() {
        GameRecord chatty = fixture.games().stream()
                .filter(g -> g.white().stderr().truncated())
                .findFirst()
                .orElseThrow();
        JsonNode stderr = gameData(chatty.tournament().game()).get("white").get("stderr");
        assertThat(stderr.get("head").asText())
                .hasSize(ReportStderr.LIMIT)
                .isEqualTo(chatty.white().stderr().head().substring(0, ReportStderr.LIMIT));
        assertThat(chatty.white().stderr().tail()).endsWith(stderr.get("tail").asText());
        assertThat(stderr.get("tail").asText()).hasSize(ReportStderr.LIMIT);
        assertThat(stderr.get("omitted").asBoolean()).isTrue();
        assertThat(stderr.get("shortened").asBoolean()).isTrue();
        assertThat(stderr.get("bytes").asLong())
                .isEqualTo(chatty.white().stderr().bytes());
    }

    @Test
    void aPartialFolderGivesAReportOfWhatIsThereAndNamesWhatIsNot(@TempDir Path dir) throws IOException {
        List<GameRecord> games = TournamentFixture.standardGames();
        TournamentFixture.writeTournament(dir, TournamentFixture.BOTS, games.size());
        TournamentFixture.writeGame(dir, games.get(0));
        TournamentFixture.writeGame(dir, games.get(1));
        TournamentFixture.writeGame(dir, games.get(4));
        Files.writeString(
                dir.resolve("games/0003.json"), Json.write(games.get(2)).substring(0, 300));
        GameRecord tampered = games.get(3);
        String text = Json.write(tampered);
        String firstMove = tampered.moves().get(0).move().toString();
        Files.writeString(
                dir.resolve("games/0004.json"),
                text.replace("\"move\" : \"" + firstMove + "\"", "\"move\" : \"a1-a2\""));
        Files.writeString(dir.resolve("games/.0006.json.123.tmp"), "{");

        HtmlReport.Written written = HtmlReport.write(dir);

        JsonNode partial = ReportPage.data(Files.readString(written.file()));
        List<Integer> numbers = new ArrayList<>();
        partial.get("games").forEach(g -> numbers.add(g.get("number").asInt()));
        assertThat(numbers).containsExactly(1, 2, 5);
        assertThat(partial.get("standings").isNull()).isTrue();
        assertThat(written.games()).isEqualTo(3);
        assertThat(written.problems()).hasSize(2);
        assertThat(written.problems().get(0))
                .startsWith("games/0003.json was left out: ")
                .doesNotContain("\n");
        assertThat(written.problems().get(1))
                .isEqualTo("games/0004.json was left out: its move a1-a2 at ply 1 does not"
                        + " replay: there is no white piece on a1");
        List<String> problems = new ArrayList<>();
        partial.get("problems").forEach(p -> problems.add(p.asText()));
        assertThat(problems).isEqualTo(written.problems());
    }

    @Test
    void aLiveReportFedLogByLogShowsWhatOneReadOfTheFinishedFolderShows(@TempDir Path dir) throws IOException {
        List<GameRecord> games = TournamentFixture.standardGames();
        TournamentFixture.writeTournament(dir, TournamentFixture.BOTS, games.size());
        // Logs come in any order, a broken one among them, and one that repeats a game's number.
        int[] order = {3, 0, 4, 1, 2};
        List<JsonNode> pages = new ArrayList<>();
        try (ReportGameSpool spool = ReportGameSpool.empty()) {
            for (int i : order) {
                if (i == 2) {
                    Files.writeString(
                            dir.resolve("games/0003.json"),
                            Json.write(games.get(2)).substring(0, 300));
                } else {
                    TournamentFixture.writeGame(dir, games.get(i));
                }
                pages.add(ReportPage.data(Files.readString(
                        HtmlReport.writeLive(dir, spool, List.of()).file())));
            }
            Files.writeString(dir.resolve("games/9999.json"), Json.write(games.get(0)));
            pages.add(ReportPage.data(
                    Files.readString(HtmlReport.writeLive(dir, spool, List.of()).file())));
        }
        HtmlReport.Written fresh = HtmlReport.write(dir, true, List.of());
        JsonNode whole = ReportPage.data(Files.readString(fresh.file()));

        List<Integer> shownAfterEach =
                pages.stream().map(page -> page.get("games").size()).toList();
        assertThat(shownAfterEach).containsExactly(1, 2, 3, 4, 4, 4);
        JsonNode last = pages.get(pages.size() - 1);
        assertThat(last.get("games")).isEqualTo(whole.get("games"));
        assertThat(last.get("problems")).isEqualTo(whole.get("problems"));
        assertThat(fresh.problems()).hasSize(2);
        assertThat(fresh.problems().get(1))
                .isEqualTo("games/9999.json was left out: it has the same game number, 1," + " as games/0001.json");
    }

    @Test
    void aLiveReportHandedTheRecordsShowsWhatOneReadOfTheLogsShows(@TempDir Path dir) throws IOException {
        // Every termination, stderr, every kind of move: what a record held in memory and one
        // parsed back from its log must show alike.
        List<GameRecord> games = TournamentFixture.standardGames();
        TournamentFixture.writeTournament(dir, TournamentFixture.BOTS, games.size());
        LiveReport live = new LiveReport(dir, new PrintWriter(new StringWriter()));
        for (GameRecord game : games) {
            TournamentFixture.writeGame(dir, game);
            live.recorded(
                    game,
                    dir.resolve(
                            String.format("games/%04d.json", game.tournament().game())));
        }
        live.started(games.size(), games.size());
        JsonNode page = ReportPage.data(Files.readString(dir.resolve("report.html")));

        JsonNode whole = ReportPage.data(
                Files.readString(HtmlReport.write(dir, true, List.of()).file()));
        assertThat(page.get("games")).hasSize(games.size());
        assertThat(page.get("games")).isEqualTo(whole.get("games"));
        assertThat(page.get("problems")).isEqualTo(whole.get("problems"));
    }

    @Test
    void aFolderWithGamesOnlyIsNamedAfterTheFolder(@TempDir Path parent) throws IOException {
        Path dir = parent.resolve("night-run");
        TournamentFixture.writeGame(dir, TournamentFixture.standardGames().get(0));

        JsonNode onlyGames =
                ReportPage.data(Files.readString(HtmlReport.write(dir).file()));

        assertThat(onlyGames.get("title").asText()).isEqualTo("night-run");
        assertThat(onlyGames.get("tournament").isNull()).isTrue();
        assertThat(onlyGames.get("games")).hasSize(1);
    }

    @Test
    void anUnreadableStandingsFileIsNamedAndLeftOut(@TempDir Path dir) throws IOException {
        TournamentFixture.writeTournament(dir, TournamentFixture.BOTS, 12);
        Files.writeString(dir.resolve("standings.json"), "[1, 2");

        HtmlReport.Written written = HtmlReport.write(dir);

        assertThat(written.problems()).singleElement().asString().startsWith("standings.json was left out: ");
        assertThat(ReportPage.data(Files.readString(written.file()))
                        .get("standings")
                        .isNull())
                .isTrue();
    }

    @Test
    void aFolderThatIsNotATournamentOutputIsRefusedByName(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("notes.txt"), "hello");

        assertThatThrownBy(() -> HtmlReport.write(dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(dir + " is not a tournament output folder: it has neither tournament.json nor games/");
        assertThatThrownBy(() -> HtmlReport.write(dir.resolve("missing")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no such folder: " + dir.resolve("missing"));
        assertThat(dir.resolve("report.html")).doesNotExist();
    }

    private static JsonNode gameData(int number) {
        for (JsonNode game : data.get("games")) {
            if (game.get("number").asInt() == number) {
                return game;
            }
        }
        throw new AssertionError("no game " + number + " in the report");
    }

    private static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
