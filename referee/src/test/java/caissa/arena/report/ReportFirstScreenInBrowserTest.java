package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import caissa.arena.browser.BrowserPage;
import caissa.arena.browser.Chromium;
import caissa.arena.records.Json;
import caissa.arena.runner.BrokenBots;
import caissa.arena.tournament.BotEntry;
import caissa.arena.tournament.InProcessTournaments;
import caissa.arena.tournament.Tournament;
import caissa.arena.tournament.TournamentDefinition;
import caissa.arena.tournament.TournamentFile;
import caissa.arena.tournament.TournamentObserver;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a teacher sees on opening a report, and what the class sees once it is published: the
 * README's sample tournament and a Swiss with a final, both played from a book, each loaded in
 * headless Chromium at 1400×900. The first screen must hold the standings and the settings in
 * words, never the raw settings or the book; the page must carry no path of the organiser's
 * machine (the checkout, the home folder, /tmp) nor a bot's environment values, while
 * tournament.json keeps what resume and verify need.
 *
 * <p>The games are played in process ({@link InProcessTournaments}): what is tested is the
 * page a real tournament file and its records make, not how bots run.
 */
class ReportFirstScreenInBrowserTest {

    private static final int WIDTH = 1400;
    private static final int HEIGHT = 900;
    private static final String READY = "document.body && document.body.dataset.ready === 'true'";
    /** A value in a bot's environment: an organiser may hand a bot a token. */
    private static final String SECRET = "tok-5f1c2e9a";

    @TempDir
    static Path temp;

    private static Chromium chromium;
    private static BrowserPage page;

    @BeforeAll
    static void startTheBrowser() throws IOException {
        Optional<Path> binary = Chromium.find();
        if (binary.isEmpty()) {
            String message = "chromium is not installed (looked for " + Chromium.DEBIAN_BINARY + " and chromium on the"
                    + " PATH); install it with apt-get install -y chromium to run the report's first-screen test";
            if ("1".equals(System.getenv("CAISSA_REQUIRE_BROWSER"))) {
                fail("CAISSA_REQUIRE_BROWSER=1 but " + message);
            }
            Assumptions.abort(message);
        }
        chromium = Chromium.start(binary.get(), temp.resolve("profile"));
        page = BrowserPage.open(chromium, WIDTH, HEIGHT);
    }

    @AfterAll
    static void stopTheBrowser() {
        if (chromium != null) {
            chromium.close();
        }
    }

    @Test
    void theReadmesSampleTournamentOpensOnItsStandings() throws Exception {
        Path folder = copyOfTheTournamentsFolder("sample");
        Path file = folder.resolve("sample.json");
        Path out = temp.resolve("runs").resolve("sample");
        play(file, out);

        Path report = HtmlReport.write(out).file();
        page.navigate(report.toUri().toString(), READY);

        standingsStartOnTheFirstScreen("#standings tbody tr");
        assertThat(text("#format-line"))
                .isEqualTo("Format: Caïssa · Round robin of 3 bots, 4 games a pair: random, greedy," + " alphabeta");
        assertThat(text("#time-control"))
                .isEqualTo("Time control: 10s per game, no cap per move, no increment, 1s extra for"
                        + " the first reply (not charged)");
        int lines = bookLines(out);
        assertThat(lines).isGreaterThan(100);
        assertThat(text("#openings-line"))
                .isEqualTo("Openings: the book caissa.txt, " + String.format("%,d", lines)
                        + " lines, in the book's order, from its first line, seed 1");
        // In process, the logs do not say how the bots were held: the header does not guess.
        assertThat(text("#sandbox-line")).startsWith("Bots held: not recorded in the game logs for every bot");
        rawSettingsAreOneClickAway();
        publishable(report, folder, out);
    }

    @Test
    void aSwissWithAFinalOpensOnItsStandingsAndShowsEveryTableWhole() throws Exception {
        Path folder = copyOfTheTournamentsFolder("cup");
        ObjectNode cup = (ObjectNode)
                Json.mapper().readTree(folder.resolve("codecup.json").toFile());
        cup.remove("openingPlies");
        cup.set("openings", Json.mapper().valueToTree(Map.of("file", "books/caissa.txt", "order", "random")));
        // One bot as an organiser may set it up: its own folder, given whole, and a token in its environment.
        Path botFolder = Files.createDirectories(folder.resolve("bots").resolve("alphabeta"));
        ((ObjectNode) cup.get("bots").get(0))
                .put("workingDir", botFolder.toString())
                .set("env", Json.mapper().valueToTree(Map.of("CUP_TOKEN", SECRET)));
        Path file = folder.resolve("cup.json");
        Files.writeString(file, Json.write(cup));
        Path out = temp.resolve("runs").resolve("cup");
        play(file, out);

        Path report = HtmlReport.write(out).file();
        page.navigate(report.toUri().toString(), READY);

        standingsStartOnTheFirstScreen("#standings tbody tr");
        assertThat(text("#format-line"))
                .startsWith("Format: Caïssa · Swiss of 5 bots, 3 rounds (2 games a pair), then a"
                        + " final round robin of the top 3 (2 games a pair)");
        assertThat(text("#openings-line"))
                .isEqualTo("Openings: the book caissa.txt, " + String.format("%,d", bookLines(out))
                        + " lines, in a random order, seed 1");
        // Every standings table whole, within the window; no column of zeros; blank cells for pairs that never met.
        assertThat(page.evaluate("[...document.querySelectorAll('#standings-section table')].map(t =>"
                        + " t.getBoundingClientRect().right <= document.documentElement.clientWidth)"))
                .extracting(JsonNode::asBoolean)
                .hasSize(3)
                .containsOnly(true);
        // A Swiss ranks by Buchholz, not head-to-head: its table has none; a table shows the column only when a tie
        // made one.
        assertThat(page.evaluate("document.querySelectorAll('table[data-stage=swiss] th[data-col=headToHead]').length")
                        .asInt())
                .as("the Swiss table's head-to-head column of zeros")
                .isZero();
        assertThat(page.evaluate("[...document.querySelectorAll('#standings-section table')].filter(t =>"
                                + " t.querySelector('th[data-col=headToHead]') && [...t.querySelectorAll('td[data-col=headToHead]')]"
                                + ".every(td => td.textContent === '0')).length")
                        .asInt())
                .as("head-to-head columns of zeros")
                .isZero();
        JsonNode standings =
                Json.mapper().readTree(out.resolve("standings.json").toFile());
        List<String> neverMet = new ArrayList<>();
        standings
                .get("crosstable")
                .properties()
                .forEach(row -> row.getValue().properties().forEach(cell -> {
                    if (cell.getValue().get("games").asInt() == 0) {
                        neverMet.add(row.getKey() + "|" + cell.getKey());
                    }
                }));
        assertThat(neverMet)
                .as("a Swiss of 5 bots in 3 rounds leaves pairs that never met")
                .isNotEmpty();
        for (String pair : neverMet) {
            String[] names = pair.split("\\|");
            assertThat(page.evaluate("(() => { const row = [...document.querySelectorAll('#crosstable tbody tr')]"
                                    + ".find(tr => tr.dataset.bot === " + BrowserPage.jsString(names[0]) + ");"
                                    + " const column = [...document.querySelectorAll('#crosstable thead th.col')]"
                                    + ".findIndex(th => th.title === " + BrowserPage.jsString(names[1]) + ");"
                                    + " return row.children[2 + column].textContent; })()")
                            .asText())
                    .as(pair)
                    .isEmpty();
        }
        rawSettingsAreOneClickAway();
        assertThat(text("#bots")).contains("CUP_TOKEN").doesNotContain(SECRET).contains("bots/alphabeta");
        publishable(report, folder, out);
    }

    @Test
    void aClassSwissOfTenBotsWithBrokenOnesOpensOnItsStandingsWithoutTheirPaths() throws Exception {
        Path folder = copyOfTheTournamentsFolder("class");
        ObjectNode cup = (ObjectNode)
                Json.mapper().readTree(folder.resolve("codecup.json").toFile());
        cup.put("name", "class-swiss").put("rounds", 4).remove("openingPlies");
        cup.set("final", Json.mapper().valueToTree(Map.of("top", 4, "gamesPerPair", 2)));
        cup.set("openings", Json.mapper().valueToTree(Map.of("file", "books/caissa.txt", "order", "random")));
        ArrayNode bots = cup.putArray("bots");
        List<String> names = new ArrayList<>();
        Map<String, String> forfeits = new LinkedHashMap<>();
        for (int i = 1; i <= 10; i++) {
            String name = "student" + i;
            names.add(name);
            String command = i % 3 == 0 ? "./bots/" + name + "/run.sh" : "sample:random";
            bots.addObject()
                    .put("name", name)
                    .putArray("command")
                    .add(command)
                    .add("--seed")
                    .add(String.valueOf(i));
            if (i % 3 == 0) {
                // Its file is there (the file is read), but it fails the check before the games: it is forfeited.
                Path script = Files.createDirectories(folder.resolve("bots").resolve(name))
                        .resolve("run.sh");
                Files.writeString(script, "#!/bin/sh\nexit 1\n");
                script.toFile().setExecutable(true);
                // As the check before the games words it: the file, the line and the command, with their whole paths.
                forfeits.put(
                        name,
                        folder.resolve("class.json") + ":" + (4 + i) + ": bots[" + (i - 1) + "].command: "
                                + folder.resolve("bots").resolve(name).resolve("run.sh")
                                + " exited with status 1 before its first move");
            }
        }
        Path file = folder.resolve("class.json");
        Files.writeString(file, Json.write(cup));
        Path out = temp.resolve("runs").resolve("class-swiss");
        TournamentDefinition definition = TournamentFile.read(file);
        List<BrokenBots.Broken> broken = forfeits.entrySet().stream()
                .map(e -> new BrokenBots.Broken(e.getKey(), e.getValue(), BrokenBots.FORFEIT))
                .toList();
        InProcessTournaments.play(
                Tournament.open(
                        definition,
                        file,
                        out,
                        false,
                        TournamentObserver.NONE,
                        Optional.empty(),
                        Optional.empty(),
                        broken),
                names,
                1,
                forfeits);

        Path report = HtmlReport.write(out).file();
        page.navigate(report.toUri().toString(), READY);

        standingsStartOnTheFirstScreen("#standings tbody tr");
        // Each broken bot is named once with its reason, its path shown from the tournament's folder.
        assertThat(text("#problems"))
                .contains(
                        "student3 lost each of its games by start failure",
                        "class.json:7: bots[2].command: bots/student3/run.sh exited with status 1 before its first move");
        // Never started, never rated: its start failures are shown apart, in their own column.
        for (String name : forfeits.keySet()) {
            assertThat(page.evaluate("document.querySelector('#standings tr[data-bot=" + name + "] td[data-col=elo]')"
                                    + ".textContent")
                            .asText())
                    .as(name)
                    .isEqualTo("–");
            assertThat(page.evaluate("document.querySelector('#standings tr[data-bot=" + name + "]"
                                    + " td[data-col=\"irregularByCause.start-failure\"]').textContent")
                            .asInt())
                    .as(name)
                    .isPositive();
        }
        assertThat(page.evaluate("[...document.querySelectorAll('#standings tbody td[data-col=elo]')]"
                                + ".filter(td => td.textContent !== '–').length")
                        .asInt())
                .isEqualTo(10 - forfeits.size());
        assertThat(text("#sandbox-line")).contains("for every bot that started; no bot started in");
        publishable(report, folder, out);
    }

    /** The tournaments folder of the README (its files and books) copied where an organiser keeps it. */
    private static Path copyOfTheTournamentsFolder(String name) throws IOException {
        Path folder =
                Files.createDirectories(temp.resolve("home").resolve("teacher").resolve(name));
        Path tournaments = Path.of("..", "tournaments").toAbsolutePath().normalize();
        Files.createDirectories(folder.resolve("books"));
        Files.copy(tournaments.resolve("sample.json"), folder.resolve("sample.json"));
        Files.copy(tournaments.resolve("codecup.json"), folder.resolve("codecup.json"));
        Files.copy(
                tournaments.resolve("books").resolve("caissa.txt"),
                folder.resolve("books").resolve("caissa.txt"));
        return folder;
    }

    private static void play(Path file, Path out) throws Exception {
        // As the command line names it: the absolute path of the file.
        TournamentDefinition definition = TournamentFile.read(file.toAbsolutePath());
        List<String> names = definition.bots().stream().map(BotEntry::name).toList();
        InProcessTournaments.play(
                Tournament.open(definition, file.toAbsolutePath(), out, false, TournamentObserver.NONE), names, 1);
    }

    /** The lines of the book as tournament.json keeps them: the page shows their number only. */
    private static int bookLines(Path out) throws IOException {
        JsonNode record = Json.mapper().readTree(out.resolve("tournament.json").toFile());
        return record.get("definition").get("openings").get("lines").size();
    }

    /**
     * The standings' heading and first row lie within the first screen, and nothing on that screen
     * is raw data: no braces, lists or quoted keys, and no line of the book.
     */
    private static void standingsStartOnTheFirstScreen(String firstRows) throws IOException {
        assertThat(page.evaluate("window.innerWidth").asInt()).isEqualTo(WIDTH);
        assertThat(page.evaluate("window.innerHeight").asInt()).isEqualTo(HEIGHT);
        assertThat(page.evaluate("document.querySelector('#standings-section h2').getBoundingClientRect().top")
                        .asDouble())
                .as("the standings' heading")
                .isLessThan(HEIGHT);
        assertThat(page.evaluate("document.querySelector(" + BrowserPage.jsString(firstRows)
                                + ").getBoundingClientRect()" + ".bottom")
                        .asDouble())
                .as("the leader's row")
                .isLessThanOrEqualTo(HEIGHT);
        String firstScreen = page.evaluate("(() => { const out = []; const walker = document.createTreeWalker("
                        + "document.body, NodeFilter.SHOW_TEXT); const range = document.createRange();"
                        + " for (let n = walker.nextNode(); n; n = walker.nextNode()) {"
                        + "   if (!n.textContent.trim()) continue; range.selectNodeContents(n);"
                        + "   const r = [...range.getClientRects()].find(r => r.width > 0 && r.height > 0 && r.top < innerHeight);"
                        + "   if (r) out.push(n.textContent); }"
                        + " return out.join('\\n'); })()")
                .asText();
        assertThat(firstScreen)
                .contains("Standings", "Format:", "Time control:", "Openings:", "Bots held:")
                .doesNotContain("{", "}", "\":", "lines\"", "c3-d3 e5-b5")
                // A bracket opening a list of strings or objects is JSON; bots[2] in a reason is not.
                .doesNotContainPattern("\\[\\s*[\"{\\[]");
        // A screen of settings in words and notes is some 2,000 characters; the wall of JSON was 59,500.
        assertThat(firstScreen.length()).as("the first screen's text").isLessThan(4000);
        page.screenshot(screenshots()
                .resolve("first-screen-"
                        + page.evaluate("document.title").asText().replaceAll(" ·.*", "") + ".png"));
    }

    /** Every setting is folded at the end of the page, and the header's link opens it. */
    private static void rawSettingsAreOneClickAway() {
        assertThat(page.evaluate("document.querySelector('#settings').open").asBoolean())
                .isFalse();
        page.click("#settings-link");
        assertThat(page.evaluate("document.querySelector('#settings').open").asBoolean())
                .isTrue();
        assertThat(text("#definition")).contains("Openings", "lines=").doesNotContain("c3-d3 e5-b5");
    }

    /**
     * The page as a class would get it: none of the machine's paths (the tournament's and the
     * output's folders, the checkout, the home folder, any /tmp path) nor the bots' environment
     * values, in the file or on the page; the records on disk keep theirs.
     */
    private static void publishable(Path report, Path folder, Path out) throws IOException {
        String html = Files.readString(report);
        String shown = page.evaluate("document.documentElement.outerHTML").asText();
        Path checkout = Path.of("..").toAbsolutePath().normalize();
        List<String> machine = new ArrayList<>(List.of(
                temp.toAbsolutePath().toString(),
                folder.toString(),
                out.toString(),
                checkout.toString() + "/",
                "/tmp/",
                "/home/teacher",
                SECRET));
        String home = System.getProperty("user.home");
        if (home != null && home.length() > 1) {
            machine.add(home + "/");
        }
        for (String text : List.of(html, shown)) {
            for (String path : machine) {
                assertThat(text).as("the page names %s", path).doesNotContain(path);
            }
        }
        JsonNode record = Json.mapper().readTree(out.resolve("tournament.json").toFile());
        assertThat(record.get("definition").get("openings").get("file").asText())
                .isEqualTo(folder.resolve("books").resolve("caissa.txt").toString());
        assertThat(record.get("definition").get("openings").get("lines").size()).isGreaterThan(100);
    }

    private static String text(String selector) {
        return page.evaluate("document.querySelector(" + BrowserPage.jsString(selector) + ").textContent")
                .asText();
    }

    private static Path screenshots() {
        return Path.of(System.getProperty("basedir", ".")).resolve("target").resolve("report-screenshots");
    }
}
