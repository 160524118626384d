package caissa.arena.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import caissa.arena.browser.BrowserPage;
import caissa.arena.browser.Chromium;
import caissa.arena.contest.CompetitionState;
import caissa.arena.contest.CompetitionStore;
import caissa.arena.contest.Contest;
import caissa.arena.contest.Participant;
import caissa.arena.testbots.Poll;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A participant follows a test competition in headless Chromium: the organiser stops it, the page
 * is loaded, the organiser resumes it, and the standings and the games on the page change as the
 * games finish, to the last one, without the page being reloaded (a value the test leaves in the
 * page's window survives). Skipped without Chromium unless {@code CAISSA_REQUIRE_BROWSER=1}.
 */
class LiveCompetitionInBrowserTest {

    @TempDir
    Path dir;

    @Test
    void theStandingsChangeOnThePageWhileGamesFinishWithoutAReload() throws Exception {
        Optional<Path> binary = Chromium.find();
        if (binary.isEmpty()) {
            String message = "chromium is not installed; apt-get install -y chromium runs the live page's browser test";
            if ("1".equals(System.getenv("CAISSA_REQUIRE_BROWSER"))) {
                fail("CAISSA_REQUIRE_BROWSER=1 but " + message);
            }
            Assumptions.abort(message);
        }
        Path file = ContestCompetitionTest.contestFile(dir, """
                {"name": "test", "kind": "test", "tournament": {"gamesPerPair": 2, "timePerGame": "30s",
                 "firstMoveAllowance": "20s", "seed": 3, "sandbox": "none"}}""");
        Path data = dir.resolve("data");
        String alice = ContestCompetitionTest.prepared(file, data, List.of("alice", "bob", "carol"))
                .get("alice");
        try (ContestServerProcess server = ContestServerProcess.start(file, data)) {
            Contest contest = Contest.open(data);
            Participant organiser = contest.store().participants().stream()
                    .filter(Participant::isOrganiser)
                    .findFirst()
                    .orElseThrow();
            String organiserCookie = ContestCompetitionTest.session(contest, organiser);
            String csrf = "csrf=csrf-" + organiser.id();
            assertThat(server.post("/competitions/test/start", organiserCookie, csrf)
                            .statusCode())
                    .isEqualTo(303);
            assertThat(server.post("/competitions/test-1/stop", organiserCookie, csrf)
                            .statusCode())
                    .isEqualTo(303);
            CompetitionStore competitions = new CompetitionStore(contest.store());
            assertThat(competitions.byName("test-1").orElseThrow().state()).isEqualTo(CompetitionState.STOPPED);

            try (Chromium chromium = Chromium.start(binary.get(), dir.resolve("profile"))) {
                BrowserPage page = BrowserPage.open(chromium, 1280, 900);
                String[] session = alice.split("=", 2);
                page.send("Network.enable");
                page.send("Network.setCookie", "name", session[0], "value", session[1], "url", server.url);
                page.navigate(server.url + "competitions/test-1", "document.readyState === 'complete'");
                page.evaluate("window.caissaLoadedOnce = 'yes'");
                int before = page.evaluate("document.querySelectorAll('#games tbody tr').length")
                        .asInt();
                assertThat(before).isLessThan(12);

                assertThat(server.post("/competitions/test-1/resume", organiserCookie, csrf)
                                .statusCode())
                        .isEqualTo(303);
                Poll.await(
                        Duration.ofMinutes(10),
                        "the page shows the 12 games",
                        () -> page.evaluate("document.querySelectorAll('#games tbody tr').length")
                                                .asInt()
                                        == 12
                                && page.evaluate("document.getElementById('played').textContent")
                                        .asText()
                                        .equals("12"));
                assertThat(page.evaluate("window.caissaLoadedOnce").asText()).isEqualTo("yes");
                // The standings on the page are the final ones: every bot with its 6 games.
                List<Integer> games = new ArrayList<>();
                page.evaluate(
                                "[...document.querySelectorAll('#standings tbody tr')].map(tr => tr.children[3].textContent)")
                        .forEach(n -> games.add(Integer.parseInt(n.asText())));
                assertThat(games).containsExactly(6, 6, 6, 6);
                assertThat(page.evaluate("document.getElementById('state').textContent")
                                .asText())
                        .isEqualTo("done");
            }
            Poll.await(
                    Duration.ofMinutes(2),
                    "test-1 done",
                    () -> competitions.byName("test-1").orElseThrow().state() == CompetitionState.DONE);
        }
    }
}
