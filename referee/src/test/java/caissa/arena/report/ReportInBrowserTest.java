package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import caissa.arena.browser.BrowserPage;
import caissa.arena.browser.Chromium;
import caissa.arena.game.GameRecord;
import caissa.arena.game.PlayedMove;
import caissa.arena.records.Json;
import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Square;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report in a real browser: headless Chromium, driven over the DevTools protocol, loads the
 * report of the standard fixture from disk; the test clicks and presses keys as a person would
 * and compares what the page shows with the rules engine, square by square.
 *
 * <p>Without Chromium the test is skipped, unless {@code CAISSA_REQUIRE_BROWSER=1} (set by CI),
 * in which case that is a failure.
 */
class ReportInBrowserTest {

    private static final String READY = "document.body && document.body.dataset.ready === 'true'";
    private static final String VIEWER_OPEN = "!document.querySelector('#viewer').hidden";

    @TempDir
    static Path temp;

    private static Chromium chromium;
    private static BrowserPage page;
    private static TournamentFixture.Fixture fixture;
    private static String url;
    private static JsonNode standings;

    @BeforeAll
    static void startTheBrowserOnTheReport() throws IOException {
        Optional<Path> binary = Chromium.find();
        if (binary.isEmpty()) {
            String message = "chromium is not installed (looked for " + Chromium.DEBIAN_BINARY + " and chromium on the"
                    + " PATH); install it with apt-get install -y chromium to run the real-browser test of the report";
            if ("1".equals(System.getenv("CAISSA_REQUIRE_BROWSER"))) {
                fail("CAISSA_REQUIRE_BROWSER=1 but " + message);
            }
            Assumptions.abort(message);
        }
        fixture = TournamentFixture.standard(temp.resolve("cup"));
        url = HtmlReport.write(fixture.dir()).file().toUri().toString();
        standings =
                Json.mapper().readTree(fixture.dir().resolve("standings.json").toFile());
        chromium = Chromium.start(binary.get(), temp.resolve("profile"));
        page = BrowserPage.open(chromium, 1280, 1000);
    }

    @AfterAll
    static void stopTheBrowser() {
        if (chromium != null) {
            chromium.close();
            assertThat(chromium.anyAlive())
                    .as("chromium or one of its children survived")
                    .isFalse();
        }
    }

    @BeforeEach
    void loadTheReport() {
        page.navigate("about:blank", "true");
        chromium.devTools().clearEvents();
        page.navigate(url, READY);
    }

    @Test
    void theStandingsShowEveryBotAndEveryColumnOfStandingsJson() throws IOException {
        List<String> headers = new ArrayList<>();
        page.evaluate("[...document.querySelectorAll('#standings thead th[data-col]')].map(th => th.dataset.col)")
                .forEach(h -> headers.add(h.asText()));
        List<String> columns = List.of(
                "rank",
                "name",
                "points",
                "games",
                "wins",
                "draws",
                "losses",
                "irregularLosses",
                "irregularByCause.time-forfeit",
                "irregularByCause.illegal-move",
                "irregularByCause.protocol-error",
                "irregularByCause.crash",
                "irregularByCause.start-failure",
                "irregularByCause.resource-limit",
                "elo",
                "sonnebornBerger");
        // The heads span two rows (the irregular losses are grouped), so their DOM order is not the columns'.
        assertThat(headers).containsExactlyInAnyOrderElementsOf(columns);
        List<String> cells = new ArrayList<>();
        page.evaluate("[...document.querySelectorAll('#standings tbody tr:first-child td')].map(td => td.dataset.col)")
                .forEach(c -> cells.add(c.asText()));
        assertThat(cells).isEqualTo(columns);
        JsonNode rows = page.evaluate("[...document.querySelectorAll('#standings tbody tr')].map(tr =>"
                + " Object.fromEntries([...tr.querySelectorAll('td')].map(td => [td.dataset.col, td.textContent])))");
        assertThat(rows).hasSize(TournamentFixture.BOTS.size());
        for (int i = 0; i < rows.size(); i++) {
            JsonNode shown = rows.get(i);
            JsonNode row = standings.get("standings").get(i);
            for (String field :
                    List.of("rank", "name", "points", "games", "wins", "draws", "losses", "irregularLosses")) {
                assertThat(shown.get(field).asText())
                        .as(row.get("name") + " " + field)
                        .isEqualTo(row.get(field).asText());
            }
            row.get("irregularByCause")
                    .properties()
                    .forEach(cause -> assertThat(shown.get("irregularByCause." + cause.getKey())
                                    .asText())
                            .isEqualTo(cause.getValue().asText()));
            String elo = row.get("elo").isNull()
                    ? "–"
                    : String.format(
                                    Locale.ROOT,
                                    "%+d ± %d",
                                    Math.round(row.get("elo").asDouble()),
                                    Math.round(row.get("eloError").asDouble()))
                            .replace("+0 ", "0 ");
            assertThat(shown.get("elo").asText()).isEqualTo(elo);
            double sb = row.get("sonnebornBerger").asDouble();
            assertThat(Double.parseDouble(shown.get("sonnebornBerger").asText()))
                    .isEqualTo(sb);
        }
        assertThat(page.evaluate("document.querySelector('#standings tbody').textContent")
                        .asText())
                .contains(TournamentFixture.HOSTILE_NAME);
        assertThat(page.evaluate("document.querySelectorAll('#crosstable tbody tr').length")
                        .asInt())
                .isEqualTo(4);
        assertThat(page.evaluate("document.querySelectorAll('#crosstable td.cell').length")
                        .asInt())
                .isEqualTo(12);
        noScriptErrorsOrDialogs();
        page.screenshot(screenshots().resolve("overview.png"));
    }

    @Test
    void theGameListFiltersByBotAndSortsByColumn() {
        assertThat(gameNumbers()).hasSize(fixture.games().size()).isSorted();

        page.click("#games th[data-sort='moves']");
        List<Integer> byMoves = new ArrayList<>();
        gameNumbers().forEach(n -> byMoves.add(fixture.game(n).moves().size()));
        assertThat(byMoves).isSorted();
        page.click("#games th[data-sort='moves']");
        List<Integer> descending = new ArrayList<>();
        gameNumbers().forEach(n -> descending.add(-fixture.game(n).moves().size()));
        assertThat(descending).isSorted();

        page.evaluate("(() => { const s = document.querySelector('#filter-bot'); s.value = "
                + BrowserPage.jsString(TournamentFixture.HOSTILE_NAME)
                + "; s.dispatchEvent(new Event('change')); })()");
        List<Integer> filtered = gameNumbers();
        assertThat(filtered)
                .hasSize(6)
                .allSatisfy(n -> assertThat(List.of(
                                fixture.game(n).white().name(),
                                fixture.game(n).black().name()))
                        .contains(TournamentFixture.HOSTILE_NAME));

        page.click("#crosstable tr[data-bot='alpha'] td[data-opponent='beta']");
        assertThat(gameNumbers())
                .hasSize(2)
                .allSatisfy(n -> assertThat(List.of(
                                fixture.game(n).white().name(),
                                fixture.game(n).black().name()))
                        .containsExactlyInAnyOrder("alpha", "beta"));
        noScriptErrorsOrDialogs();
    }

    @Test
    void theViewerStepsThroughAGameExactlyAsTheRulesEngineDoes() throws IOException {
        GameRecord game = fixture.game(TournamentFixture.SHOWCASE);
        List<Position> positions = replay(game);
        int last = game.moves().size();

        page.click("#games tr[data-game='" + TournamentFixture.SHOWCASE + "'] td[data-col='white']");
        page.awaitTrue(VIEWER_OPEN);
        assertShows(game, positions, 0);

        for (int i = 1; i <= 3; i++) {
            page.click("#next");
            assertShows(game, positions, i);
        }
        page.click("#prev");
        assertShows(game, positions, 2);
        for (int i = 3; i <= 8; i++) {
            page.press("ArrowRight");
            assertShows(game, positions, i);
        }
        page.press("ArrowLeft");
        page.press("ArrowLeft");
        assertShows(game, positions, 6);
        page.click("#moves button.mv[data-index='20']");
        assertShows(game, positions, 20);
        assertThat(page.evaluate("location.hash").asText())
                .isEqualTo("#game=1&ply=" + positions.get(20).plies());
        page.screenshot(screenshots().resolve("viewer-move-20.png"));

        page.press("End");
        assertShows(game, positions, last);
        assertThat(page.evaluate("document.querySelector('#move-status').textContent")
                        .asText())
                .contains("Checkmate:", game.reason());
        assertThat(page.evaluate("document.querySelector('#moves .termination.current').textContent")
                        .asText())
                .contains(game.reason());
        page.screenshot(screenshots().resolve("viewer-end.png"));
        page.click("#last");
        assertShows(game, positions, last);

        page.press("Home");
        assertShows(game, positions, 0);
        page.click("#last");
        assertShows(game, positions, last);
        page.click("#first");
        assertShows(game, positions, 0);
        // Every move of a game with captures, exchanges and tiles carried into holes.
        for (int i = 1; i <= last; i++) {
            page.press("ArrowRight");
            assertShows(game, positions, i);
        }
        page.press("ArrowRight");
        assertShows(game, positions, last);

        page.press("Escape");
        page.awaitTrue("document.querySelector('#viewer').hidden");
        noScriptErrorsOrDialogs();
    }

    @Test
    void everyGameOpensFromItsUrlAtAnyPlyAndEndsWithItsReason() {
        for (GameRecord game : fixture.games()) {
            List<Position> positions = replay(game);
            int number = game.tournament().game();
            int middle = positions.size() / 2;
            page.evaluate("location.hash = "
                    + BrowserPage.jsString(
                            "game=" + number + "&ply=" + positions.get(middle).plies()));
            page.awaitTrue(VIEWER_OPEN + " && document.querySelector('#board').dataset.position === "
                    + BrowserPage.jsString(positions.get(middle).toCfn()));
            assertShows(game, positions, middle);

            page.press("End");
            assertShows(game, positions, game.moves().size());
            assertThat(page.evaluate("document.querySelector('#move-status [data-role=termination]').textContent")
                            .asText())
                    .contains(game.result().text(), game.reason());
            assertThat(page.evaluate("document.querySelector('#board').dataset.position")
                            .asText())
                    .isEqualTo(game.finalPosition());
            assertThat(page.evaluate("document.querySelector('#stderr-white').textContent")
                            .asText())
                    .contains(
                            game.white().stderr().head().isEmpty()
                                    ? "Nothing written."
                                    : firstLine(game.white().stderr().head()));
        }
        page.evaluate("location.hash = 'game=4000'");
        page.awaitTrue("document.querySelector('#viewer-title').textContent === 'Game 4000 is not in this report'");
        noScriptErrorsOrDialogs();
    }

    @Test
    void aSwissWithAFinalShowsTheWholeTournamentThenEachStageSideBySide() throws IOException {
        // The fixture's games as a Swiss stage of three rounds (with byes and Buchholz) followed by a
        // final of two bots; the top-level table ranks every bot, as the runner writes it.
        Path dir = temp.resolve("swiss");
        for (GameRecord game : fixture.games()) {
            TournamentFixture.writeGame(dir, game);
        }
        int games = fixture.games().size();
        ObjectNode doc = standings.deepCopy();
        ArrayNode swissRows = doc.get("standings").deepCopy();
        for (int i = 0; i < swissRows.size(); i++) {
            ((ObjectNode) swissRows.get(i)).put("byes", i % 2).put("buchholz", 10 + i);
        }
        ArrayNode finalRows = Json.mapper().createArrayNode();
        finalRows.add(swissRows.get(0).deepCopy());
        finalRows.add(swissRows.get(1).deepCopy());
        finalRows.forEach(r -> ((ObjectNode) r).putNull("byes").putNull("buchholz"));
        ArrayNode stages = doc.putArray("stages");
        ObjectNode swiss = stages.addObject().put("stage", "swiss").put("rounds", 3);
        int perRound = (games - 2) / 3;
        for (int round = 1; round <= 3; round++) {
            swiss.withArray("batches")
                    .addObject()
                    .put("round", round)
                    .put("firstGame", (round - 1) * perRound + 1)
                    .put("lastGame", round * perRound);
        }
        swiss.set("standings", swissRows);
        ObjectNode fin = stages.addObject().put("stage", "final").put("rounds", 0);
        fin.withArray("batches")
                .addObject()
                .put("round", 0)
                .put("firstGame", 3 * perRound + 1)
                .put("lastGame", games);
        fin.set("standings", finalRows);
        Files.writeString(dir.resolve("standings.json"), Json.write(doc));

        page.navigate(HtmlReport.write(dir).file().toUri().toString(), READY);

        assertThat(page.evaluate(
                        "[...document.querySelectorAll('#standings-section h3.stage')].map(h => h.textContent)"))
                .extracting(JsonNode::asText)
                .containsExactly(
                        "Overall: the final's order, then the Swiss order", "Stage: final", "Stage: swiss (3 rounds)");
        assertThat(page.evaluate("document.querySelectorAll('#standings tbody tr').length")
                        .asInt())
                .isEqualTo(TournamentFixture.BOTS.size());
        assertThat(page.evaluate("document.querySelectorAll('table[data-stage=final] th[data-col=buchholz]').length")
                        .asInt())
                .as("the final has no Buchholz column")
                .isZero();
        assertThat(page.evaluate("[...document.querySelectorAll('table[data-stage=swiss] tbody tr')]"
                        + ".map(tr => tr.querySelector('td[data-col=buchholz]').textContent)"))
                .extracting(JsonNode::asText)
                .containsExactly("10", "11", "12", "13");
        // The final first (beside the Swiss where both fit, else above it), and each whole: inside the
        // window's width, in no box that scrolls or clips it.
        assertThat(page.evaluate("(() => { const [f, s] = ['final', 'swiss'].map(st => document.querySelector("
                                + "'table[data-stage=' + st + ']').getBoundingClientRect());"
                                + " return (f.top === s.top && f.right <= s.left) || f.bottom <= s.top; })()")
                        .asBoolean())
                .as("the final's table before the Swiss's")
                .isTrue();
        assertThat(page.evaluate("[...document.querySelectorAll('#standings-section table')].every(t =>"
                                + " t.getBoundingClientRect().right <= document.documentElement.clientWidth)")
                        .asBoolean())
                .as("every standings table within the window")
                .isTrue();
        assertThat(page.evaluate(
                                "[...document.querySelectorAll('table[data-stage]')].every(t => { for (let e = t.parentElement;"
                                        + " e; e = e.parentElement) { const o = getComputedStyle(e).overflowX; if (o !== 'visible') return false; }"
                                        + " return true; })")
                        .asBoolean())
                .as("no stage table is cut")
                .isTrue();
        // The irregular losses of every stage are listed, never under "No irregular losses.".
        assertThat(page.evaluate(
                                "document.querySelector('#irregular-section').textContent.includes('No irregular losses.')")
                        .asBoolean())
                .isFalse();
        assertThat(page.evaluate("document.querySelectorAll('#irregular tbody tr').length")
                        .asInt())
                .isPositive();
        // The games list names each game's stage and round.
        assertThat(page.evaluate("document.querySelector('#games tr[data-game=\"1\"] td[data-col=stage]').textContent")
                        .asText())
                .isEqualTo("swiss round 1");
        assertThat(page.evaluate("document.querySelector('#games tr[data-game=\"" + games
                                + "\"] td[data-col=stage]').textContent")
                        .asText())
                .isEqualTo("final");
        noScriptErrorsOrDialogs();
        page.screenshot(screenshots().resolve("swiss-stages.png"));
    }

    @Test
    void aPartialFolderShowsWhatIsThereAndSaysWhatIsNot() throws IOException {
        Path dir = temp.resolve("running");
        List<GameRecord> games = fixture.games();
        for (GameRecord game : List.of(games.get(0), games.get(3), games.get(6))) {
            TournamentFixture.writeGame(dir, game);
        }
        Files.writeString(dir.resolve("games/0002.json"), "{\"schema\": \"caissa-arena/game/1\", ");

        page.navigate(HtmlReport.write(dir).file().toUri().toString(), READY);

        assertThat(gameNumbers()).containsExactly(1, 4, 7);
        assertThat(page.evaluate("document.querySelector('#problems').textContent")
                        .asText())
                .contains(
                        "standings.json is not there yet",
                        "tournament.json is not there",
                        "games/0002.json was left out");
        assertThat(page.evaluate("document.querySelector('#standings-section').textContent")
                        .asText())
                .contains("No standings yet");
        // Without standings, the irregular losses are counted from the logs: games 4 and 7 each have one.
        assertThat(page.evaluate("document.querySelectorAll('#irregular tbody tr').length")
                        .asInt())
                .isEqualTo(2);
        assertThat(page.evaluate("document.querySelectorAll('#irregular-games li').length")
                        .asInt())
                .isEqualTo(2);
        page.click("#games tr[data-game='7'] a");
        page.awaitTrue(VIEWER_OPEN);
        // Game 7 was lost by a crash: it opens where it went wrong, after its last move.
        assertShows(games.get(6), replay(games.get(6)), games.get(6).moves().size());
        noScriptErrorsOrDialogs();
    }

    /** The board shows the position after {@code index} moves of the game, and that move highlighted. */
    private static void assertShows(GameRecord game, List<Position> positions, int index) {
        Position expected = positions.get(index);
        JsonNode shown = page.evaluate("(() => { const svg = document.querySelector('#board');"
                + " return {cfn: svg.dataset.cfn, position: svg.dataset.position,"
                + " squares: Object.fromEntries([...svg.querySelectorAll('[data-square]')].map(e =>"
                + "   [e.dataset.square, e.dataset.content + (e.dataset.last ? ' ' + e.dataset.last : '')])),"
                + " current: document.querySelector('#moves button.mv.current').dataset.index,"
                + " over: !!document.querySelector('#move-status [data-role=termination]') }; })()");
        Map<String, String> squares = new LinkedHashMap<>();
        shown.get("squares")
                .properties()
                .forEach(e -> squares.put(e.getKey(), e.getValue().asText()));
        Optional<Move> last = index == 0
                ? Optional.empty()
                : Optional.of(game.moves().get(index - 1).move());
        Map<String, String> wanted = new LinkedHashMap<>();
        for (Square square : Square.values()) {
            String content = expected.pieceAt(square)
                    .map(p -> String.valueOf(p.letter()))
                    .orElse(expected.hasTile(square) ? "." : "-");
            String mark = last.map(m -> m.from() == square ? " from" : m.to() == square ? " to" : "")
                    .orElse("");
            wanted.put(square.toString(), content + mark);
        }
        String where = "game " + game.tournament().game() + " after " + index + " moves";
        assertThat(squares).as(where).containsExactlyInAnyOrderEntriesOf(wanted);
        assertThat(shown.get("cfn").asText())
                .as(where)
                .isEqualTo(expected.toCfn().split(" ")[0]);
        assertThat(shown.get("position").asText()).as(where).isEqualTo(expected.toCfn());
        assertThat(shown.get("current").asInt()).as(where).isEqualTo(index);
        assertThat(shown.get("over").asBoolean())
                .as(where + ": the termination shows at the last move only")
                .isEqualTo(index == game.moves().size());
    }

    private static List<Position> replay(GameRecord game) {
        List<Position> positions = new ArrayList<>();
        Position p = Position.fromCfn(game.start());
        positions.add(p);
        for (PlayedMove move : game.moves()) {
            p = p.play(move.move());
            positions.add(p);
        }
        return positions;
    }

    private static List<Integer> gameNumbers() {
        List<Integer> numbers = new ArrayList<>();
        page.evaluate("[...document.querySelectorAll('#games tbody tr')].map(tr => Number(tr.dataset.game))")
                .forEach(n -> numbers.add(n.asInt()));
        return numbers;
    }

    private static void noScriptErrorsOrDialogs() {
        assertThat(chromium.devTools().events("Runtime.exceptionThrown"))
                .as("script errors in the page")
                .isEmpty();
        assertThat(chromium.devTools().events("Page.javascriptDialogOpening"))
                .as("dialogs (an injected alert?)")
                .isEmpty();
    }

    private static String firstLine(String text) {
        return text.lines().findFirst().orElse("");
    }

    private static Path screenshots() {
        return Path.of(System.getProperty("basedir", ".")).resolve("target").resolve("report-screenshots");
    }
}
