package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import caissa.arena.browser.BrowserPage;
import caissa.arena.browser.Chromium;
import caissa.arena.cli.Main;
import caissa.arena.diagnostics.Diagnosis;
import caissa.arena.diagnostics.StderrLines;
import caissa.arena.game.GameRecord;
import caissa.arena.records.Json;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.testbots.TestBots;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's explanations in headless Chromium: plain settings, irregular losses grouped with
 * the stderr line that explains them and links that open the viewer where the game went wrong,
 * a live page that reloads itself and lists the games in progress, and a match drawn as a match.
 */
class ReportDiagnosticsInBrowserTest {

    private static final String READY = "document.body && document.body.dataset.ready === 'true'";
    private static final String VIEWER_OPEN = "!document.querySelector('#viewer').hidden";

    @TempDir
    static Path temp;

    private static Chromium chromium;
    private static BrowserPage page;
    private static TournamentFixture.Fixture fixture;
    private static String url;

    @BeforeAll
    static void startTheBrowser() throws IOException {
        Optional<Path> binary = Chromium.find();
        if (binary.isEmpty()) {
            if ("1".equals(System.getenv("CAISSA_REQUIRE_BROWSER"))) {
                fail("CAISSA_REQUIRE_BROWSER=1 but chromium is not installed");
            }
            Assumptions.abort("chromium is not installed");
        }
        fixture = TournamentFixture.standard(temp.resolve("cup"));
        url = HtmlReport.write(fixture.dir()).file().toUri().toString();
        chromium = Chromium.start(binary.get(), temp.resolve("profile"));
        page = BrowserPage.open(chromium, 1280, 1000);
    }

    @AfterAll
    static void stopTheBrowser() {
        if (chromium != null) {
            chromium.close();
        }
    }

    @BeforeEach
    void blank() {
        page.navigate("about:blank", "true");
    }

    private static String text(String selector) {
        return page.evaluate("document.querySelector(" + BrowserPage.jsString(selector) + ").textContent")
                .asText();
    }

    @Test
    void theHeaderNamesTheTimeControlAndTheSettingsAreInPlainWords() {
        page.navigate(url, READY);

        assertThat(text("#time-control"))
                .isEqualTo("Time control: 30s per game, no cap per move, no increment, 0s extra"
                        + " for the first reply (not charged)");
        assertThat(text("#openings-line")).isEqualTo("Openings: 2 random plies from the initial position, seed 42");
        // The format, the bots, and how the game logs say the bots were held, in words; every setting one click away.
        assertThat(text("#format-line"))
                .isEqualTo("Format: Caïssa · Round robin of 4 bots, 2 games a pair: "
                        + String.join(", ", TournamentFixture.BOTS));
        long starts = 2L * fixture.games().size();
        long held = fixture.games().stream()
                .mapToLong(
                        g -> (g.white().sandbox() == null ? 0 : 1) + (g.black().sandbox() == null ? 0 : 1))
                .sum();
        assertThat(held).isBetween(1L, starts - 1);
        assertThat(text("#sandbox-line"))
                .isEqualTo("Bots held: bubblewrap and cgroup v1 for every bot that started; no bot"
                        + " started in " + (starts - held) + " of " + starts
                        + " seats (start failures) · 1 GiB of memory and 64"
                        + " processes each");
        assertThat(page.evaluate("document.querySelector('#settings').open").asBoolean())
                .isFalse();
        assertThat(page.evaluate("document.querySelector('#settings #definition') !== null")
                        .asBoolean())
                .isTrue();
        String settings = text("#definition-section");
        assertThat(settings)
                .doesNotContain("null", "{}", "firstMoveAllowance", "headToHead")
                .contains(
                        "Sandbox asked for",
                        "a bubblewrap sandbox each where it works, else plain processes",
                        "1 GiB of memory, 64 processes, 256 open files, files up to 64 MiB, 256 MiB of scratch space");
        page.click("#settings-link");
        assertThat(page.evaluate("document.querySelector('#settings').open").asBoolean())
                .as("one click away")
                .isTrue();
        assertThat(text("#standings thead")).doesNotContain("headToHead");
    }

    @Test
    void irregularLossesAreGroupedByBotAndCauseWithTheLineThatExplainsThem() {
        page.navigate(url, READY);

        JsonNode groups =
                page.evaluate("[...document.querySelectorAll('#irregular-games li')].map(li => ({bot: li.dataset.bot,"
                        + " cause: li.dataset.cause, text: li.textContent,"
                        + " games: [...li.querySelectorAll('.game-links a')].map(a => Number(a.dataset.game))}))");
        int counted = 0;
        for (JsonNode group : groups) {
            for (JsonNode number : group.get("games")) {
                GameRecord game = fixture.games().get(number.asInt() - 1);
                assertThat(game.termination().word())
                        .isEqualTo(group.get("cause").asText());
                assertThat(Diagnosis.irregularLosers(game).stream()
                                .map(side -> game.player(side).name()))
                        .contains(group.get("bot").asText());
                counted++;
            }
        }
        long expected = fixture.games().stream()
                .mapToLong(g -> Diagnosis.irregularLosers(g).size())
                .sum();
        assertThat(counted).isEqualTo(expected).isPositive();
        // A group whose bot wrote on stderr shows the last line it wrote.
        boolean sawStderr = false;
        for (JsonNode group : groups) {
            GameRecord first = fixture.games().get(group.get("games").get(0).asInt() - 1);
            Side side = Diagnosis.irregularLosers(first).stream()
                    .filter(s -> first.player(s).name().equals(group.get("bot").asText()))
                    .findFirst()
                    .orElseThrow();
            List<String> lines = StderrLines.last(first.player(side).stderr(), 1);
            if (!lines.isEmpty() && !lines.get(0).contains("\\x")) {
                assertThat(group.get("text").asText())
                        .contains("Its standard error ends", lines.get(0).strip());
                sawStderr = true;
            }
        }
        assertThat(sawStderr)
                .as("the fixture has irregular losers that wrote on stderr")
                .isTrue();
    }

    @Test
    void aGroupsLinkOpensTheViewerWhereTheGameWentWrong() {
        page.navigate(url, READY);
        int number = page.evaluate("Number(document.querySelector('#irregular-games li .game-links a').dataset.game)")
                .asInt();
        GameRecord game = fixture.games().get(number - 1);

        page.click("#irregular-games li .game-links a[data-game='" + number + "']");
        page.awaitTrue(VIEWER_OPEN);

        assertThat(page.evaluate("document.querySelector('#board').dataset.position")
                        .asText())
                .isEqualTo(game.finalPosition());
        assertThat(page.evaluate("Number(document.querySelector('#moves button.mv.current').dataset.index)")
                        .asInt())
                .isEqualTo(game.moves().size());
        assertThat(page.evaluate("location.hash").asText())
                .isEqualTo("#game=" + number + "&ply="
                        + Position.fromCfn(game.finalPosition()).plies());
    }

    @Test
    void aFailedGameOpenedWithoutAPlyStartsWhereItWentWrong() {
        GameRecord crash = fixture.games().stream()
                .filter(g -> g.termination().word().equals("crash"))
                .findFirst()
                .orElseThrow();
        page.navigate(url + "#game=" + crash.tournament().game(), READY);
        page.awaitTrue(VIEWER_OPEN);

        assertThat(page.evaluate("document.querySelector('#board').dataset.position")
                        .asText())
                .isEqualTo(crash.finalPosition());
    }

    @Test
    void aLivePageListsTheGamesInProgressAndReloadsItselfWithNewGames() throws IOException {
        Path dir = temp.resolve("live");
        List<GameRecord> games = fixture.games();
        TournamentFixture.writeTournament(dir, TournamentFixture.BOTS, games.size());
        TournamentFixture.writeGame(dir, games.get(0));
        String live = HtmlReport.write(dir, true, List.of(new ReportData.Playing(2, "alpha", "beta")))
                .file()
                .toUri()
                .toString();
        page.navigate(live, READY);

        assertThat(page.evaluate("document.querySelector('#live').hidden").asBoolean())
                .isFalse();
        assertThat(text("#playing")).contains("Game 2: alpha (white) vs beta (black)");
        assertThat(page.evaluate("document.querySelectorAll('#games tbody tr').length")
                        .asInt())
                .isEqualTo(1);

        // The run goes on: a game more on disk; the open page picks it up by itself.
        TournamentFixture.writeGame(dir, games.get(1));
        HtmlReport.write(dir, true, List.of());
        page.awaitTrue("document.querySelectorAll('#games tbody tr').length === 2");
        assertThat(text("#playing")).contains("No game is being played");
    }

    @Test
    void theFinalPageDoesNotReload() {
        page.navigate(url, READY);

        assertThat(page.evaluate("document.querySelector('#live').hidden").asBoolean())
                .isTrue();
        assertThat(page.evaluate("document.body.dataset.refreshSeconds === undefined")
                        .asBoolean())
                .isTrue();
    }

    @Test
    void aMatchFolderIsDrawnAsAMatch() throws IOException {
        Path dir = temp.resolve("match");
        StringWriter err = new StringWriter();
        int exit = Main.run(
                new String[] {
                    "match",
                    "--engine",
                    TestBots.command("crash", "3").display(),
                    "--baseline",
                    TestBots.command("random", "2").display(),
                    "--engine-name",
                    "new",
                    "--baseline-name",
                    "old",
                    "--games",
                    "4",
                    "--first-move-allowance",
                    "10s",
                    "--out",
                    dir.toString()
                },
                new PrintWriter(new StringWriter()),
                new PrintWriter(err));
        assertThat(exit).as(err.toString()).isIn(0, 1, 3, 4);
        JsonNode summary = Json.mapper().readTree(dir.resolve("summary.json").toFile());
        StringWriter reportOut = new StringWriter();
        assertThat(Main.run(new String[] {"report", dir.toString()}, new PrintWriter(reportOut), new PrintWriter(err)))
                .isZero();

        page.navigate(dir.resolve("report.html").toUri().toString(), READY);

        assertThat(page.evaluate("document.querySelector('#match-section').hidden")
                        .asBoolean())
                .isFalse();
        assertThat(page.evaluate("document.querySelector('#standings-section').hidden")
                        .asBoolean())
                .isTrue();
        assertThat(text("#title")).isEqualTo("new vs old");
        assertThat(text("#status")).doesNotContain("in progress");
        assertThat(page.evaluate("document.querySelector('#status .pill').dataset.decision")
                        .asText())
                .isEqualTo(summary.get("decision").asText());
        assertThat(page.evaluate("Number(document.querySelector('#llr').dataset.llr)")
                        .asDouble())
                .isEqualTo(summary.get("llr").asDouble());
        assertThat(page.evaluate("Number(document.querySelector('#llr').dataset.upper)")
                        .asDouble())
                .isEqualTo(summary.get("stoppingBounds").get(1).asDouble());
        assertThat(text("#match"))
                .contains("+" + summary.get("wins").asInt() + " ="
                        + summary.get("draws").asInt());
        assertThat(text("#match .match-losses")).contains("new (engine) · crash · 4 games", "exited with status 3");
        assertThat(text("#time-control")).contains("per game");
        assertThat(page.evaluate("document.querySelector('#problems').hidden").asBoolean())
                .isTrue();
    }
}
