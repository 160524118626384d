package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import caissa.arena.browser.BrowserPage;
import caissa.arena.browser.Chromium;
import caissa.arena.ratings.RatingList;
import caissa.arena.ratings.RatingsDocument;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page of {@code caissa ratings --html} in headless Chromium, beside the tournament report:
 * the same frame and stylesheet (one source, not a copy), every bot's line as the document has
 * it, a bot's name shown as text, and the groups that never met named. Skipped without
 * Chromium unless {@code CAISSA_REQUIRE_BROWSER=1}.
 */
class RatingsPageInBrowserTest {

    private static final String HOSTILE = "<img src=x onerror=alert(1)>";
    private static final RatingsDocument DOCUMENT = new RatingsDocument(
            RatingsDocument.SCHEMA,
            "test",
            List.of("/home/teacher/runs/a", "reports/b"),
            120,
            6,
            new RatingList.Anchor("beta", 1000),
            0.0,
            List.of(List.of("alpha", "beta", HOSTILE), List.of("delta")),
            List.of(
                    new RatingsDocument.Bot(1, "alpha", 1052.5, 1010.0, 1101.2, null, 80, 0.625, 1, 0.9731, 0),
                    new RatingsDocument.Bot(2, "beta", 1000.0, 1000.0, 1000.0, null, 80, 0.5, 1, 0.8812, 0),
                    new RatingsDocument.Bot(3, HOSTILE, 940.3, 880.1, 990.0, null, 80, 0.375, 1, null, 0),
                    new RatingsDocument.Bot(4, "delta", 0.0, -50.5, 50.5, null, 4, 0.5, 2, null, 1),
                    // It never started: no game, no rating, its forfeits shown apart.
                    new RatingsDocument.Bot(null, "ghost", null, null, null, null, 0, null, null, null, 4)));

    @TempDir
    static Path temp;

    private static Chromium chromium;
    private static BrowserPage page;
    private static Path file;

    @BeforeAll
    static void startTheBrowserOnThePage() throws IOException {
        Optional<Path> binary = Chromium.find();
        if (binary.isEmpty()) {
            String message = "chromium is not installed; install it with apt-get install -y chromium to run the"
                    + " real-browser test of the rating list";
            if ("1".equals(System.getenv("CAISSA_REQUIRE_BROWSER"))) {
                fail("CAISSA_REQUIRE_BROWSER=1 but " + message);
            }
            Assumptions.abort(message);
        }
        file = Files.writeString(temp.resolve("ratings.html"), RatingsPage.html(DOCUMENT));
        chromium = Chromium.start(binary.get(), temp.resolve("profile"));
        page = BrowserPage.open(chromium, 1280, 900);
        page.navigate(file.toUri().toString(), "document.readyState === 'complete'");
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

    @Test
    void everyBotIsARowWithItsFiguresInTheDocumentsOrder() {
        JsonNode rows = page.evaluate("[...document.querySelectorAll('#ratings tbody tr')]"
                + ".map(tr => [...tr.querySelectorAll('td')].map(td => td.textContent))");
        assertThat(rows).hasSize(DOCUMENT.bots().size());
        for (int i = 0; i < rows.size(); i++) {
            RatingsDocument.Bot bot = DOCUMENT.bots().get(i);
            List<String> expected = !bot.rated()
                    ? List.of("–", bot.name(), "–", "", "0", "", "", "", String.valueOf(bot.startFailures()))
                    : List.of(
                            String.valueOf(bot.rank()),
                            bot.name(),
                            String.format(Locale.ROOT, "%+.1f", bot.elo()),
                            String.format(Locale.ROOT, "[%+.1f, %+.1f]", bot.low(), bot.high()),
                            String.valueOf(bot.games()),
                            String.format(Locale.ROOT, "%.1f%%", bot.score() * 100),
                            bot.los() == null ? "" : String.format(Locale.ROOT, "%.1f%%", bot.los() * 100),
                            String.valueOf(bot.group()),
                            String.valueOf(bot.startFailures()));
            List<String> shown = new ArrayList<>();
            rows.get(i).forEach(cell -> shown.add(cell.asText()));
            assertThat(shown).as("row %d", i + 1).isEqualTo(expected);
        }
        // The hostile name is text in its cell, not an element of the page.
        assertThat(page.evaluate("document.querySelectorAll('img').length").asInt())
                .isZero();
        assertThat(chromium.devTools().events("Page.javascriptDialogOpening")).isEmpty();
    }

    @Test
    void thePageIsDrawnInTheReportsFrameWithTheReportsStylesheet() throws IOException {
        String report = HtmlReport.render(TournamentFolder.read(emptyTournament()), Instant.EPOCH);
        String ratings = Files.readString(file);
        assertThat(styleOf(ratings)).isEqualTo(styleOf(report)).isEqualTo(resource("report.css"));

        assertThat(page.evaluate("document.querySelector('header.page-header .kicker').textContent")
                        .asText())
                .isEqualTo("Caïssa Arena · rating list");
        assertThat(page.evaluate("document.querySelector('h1#title').textContent")
                        .asText())
                .isEqualTo("Rating list");
        assertThat(page.evaluate("document.querySelector('#meta').textContent").asText())
                .isEqualTo("120 rated games from a, reports/b; beta held at 1000.");
        assertThat(Files.readString(file)).doesNotContain("/home/teacher");
        // The stylesheet applies: the dark header and the data table's look are the report's.
        assertThat(page.evaluate("getComputedStyle(document.querySelector('header.page-header')).backgroundColor")
                        .asText())
                .isEqualTo("rgb(36, 41, 47)");
        assertThat(page.evaluate("getComputedStyle(document.querySelector('#ratings td.name')).fontWeight")
                        .asText())
                .isEqualTo("600");
        page.screenshot(Path.of(System.getProperty("basedir", "."))
                .resolve("target")
                .resolve("report-screenshots")
                .resolve("ratings.png"));
    }

    @Test
    void groupsThatNeverMetAreNamedAboveTheList() {
        assertThat(page.evaluate("document.querySelector('#groups').textContent")
                        .asText())
                .contains("2 groups that never met");
    }

    private static String styleOf(String html) {
        int start = html.indexOf("<style>\n");
        return html.substring(start + "<style>\n".length(), html.indexOf("</style>", start));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A tournament folder with no game yet: the least the report draws. */
    private static Path emptyTournament() throws IOException {
        Path dir = Files.createDirectories(temp.resolve("cup").resolve("games")).getParent();
        TournamentFixture.writeTournament(dir, List.of("a", "b"), 2);
        return dir;
    }
}
