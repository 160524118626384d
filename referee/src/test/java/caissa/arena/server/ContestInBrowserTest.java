package caissa.arena.server;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.browser.BrowserPage;
import caissa.arena.browser.Chromium;
import caissa.arena.contest.Accounts;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The participant's and the organiser's paths in a real headless Chromium, clicking and typing
 * as people do: follow an invitation, upload a C bot that does not compile and read gcc's
 * message, upload the fixed one and see it admitted with its games, log out; invite, see both
 * submissions, re-run an admission. Skipped without Chromium unless {@code CAISSA_REQUIRE_BROWSER=1}.
 */
class ContestInBrowserTest {

    /** An admission runs in the job's child at the machine's pace: the page is waited on, not timed. */
    private static final String LOADED = "document.readyState === 'complete'";

    @TempDir
    Path dir;

    private TestContest contest;
    private Chromium chromium;

    @AfterEach
    void stop() {
        if (chromium != null) {
            chromium.close();
        }
        if (contest != null) {
            contest.close();
        }
    }

    private BrowserPage browser() throws Exception {
        Optional<Path> binary = Chromium.find();
        if (binary.isEmpty()) {
            String message = "chromium is not installed; install it with apt-get install -y chromium";
            if ("1".equals(System.getenv("CAISSA_REQUIRE_BROWSER"))) {
                throw new AssertionError("CAISSA_REQUIRE_BROWSER is set but " + message);
            }
            Assumptions.assumeTrue(false, message);
        }
        chromium = Chromium.start(binary.get(), Files.createDirectories(dir.resolve("profile")));
        return BrowserPage.open(chromium, 1200, 900);
    }

    private static void type(BrowserPage page, String selector, String text) {
        page.click(selector);
        page.send("Input.insertText", "text", text);
    }

    /** Puts a file in the page's file input, as choosing it in the dialog does. */
    private static void choose(BrowserPage page, String selector, Path file) {
        JsonNode document = page.send("DOM.getDocument");
        int node = page.send(
                        "DOM.querySelector",
                        "nodeId",
                        document.get("root").get("nodeId").asInt(),
                        "selector",
                        selector)
                .get("nodeId")
                .asInt();
        page.send("DOM.setFileInputFiles", "nodeId", node, "files", List.of(file.toString()));
    }

    private static String text(BrowserPage page) {
        return page.evaluate("document.body.innerText").asText();
    }

    /** Reloads a submission's page until its admission has ended. */
    private static void awaitFinal(BrowserPage page, String url) throws InterruptedException {
        long deadline = System.nanoTime() + 300_000_000_000L;
        while (true) {
            page.navigate(url, LOADED);
            String state = page.evaluate("document.getElementById('state').textContent")
                    .asText();
            if (state.equals("admitted") || state.equals("not-admitted")) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the admission never ended: " + state);
            }
            Thread.sleep(500);
        }
    }

    @Test
    void aParticipantFollowsAnInvitationFixesABuildAndTheOrganiserReRunsIt() throws Exception {
        contest = TestContest.start(dir.resolve("contest"), "invite");
        BrowserPage page = browser();
        Accounts.Invited invited = (Accounts.Invited) contest.accounts().invite("ada");
        Path broken = Files.writeString(dir.resolve("bot.c"), "int main(void) { return undeclared_variable; }\n");
        Path fixed = Files.copy(SubmissionRoutesTest.examples().resolve("random_bot.c"), dir.resolve("random_bot.c"));

        page.navigate(contest.url + "invite/" + invited.code(), LOADED);
        type(page, "input[name=password]", "correct horse");
        page.click("form button[type=submit]");
        page.awaitTrue("location.pathname === '/me' && document.readyState === 'complete'");
        assertThat(text(page)).contains("Your submit token");

        choose(page, "input[type=file]", broken);
        page.click(".upload-form button[type=submit]");
        page.awaitTrue("location.pathname.startsWith('/submissions/') && document.readyState === 'complete'");
        String first = page.evaluate("location.href").asText();
        awaitFinal(page, first);
        assertThat(text(page))
                .contains("not-admitted")
                .contains("gcc exited with status 1")
                .contains("undeclared_variable");

        page.navigate(contest.url + "me", LOADED);
        choose(page, "input[type=file]", fixed);
        page.click(".upload-form button[type=submit]");
        page.awaitTrue("location.pathname.startsWith('/submissions/') && location.href !== "
                + BrowserPage.jsString(first) + " && document.readyState === 'complete'");
        String second = page.evaluate("location.href").asText();
        awaitFinal(page, second);
        assertThat(text(page))
                .contains("admitted")
                .contains("PASS: ada-2 passed all")
                .contains("Test games");
        page.click("table.games a");
        page.awaitTrue("location.pathname.includes('/games/') && document.readyState === 'complete'");
        assertThat(text(page)).contains("Replay").contains("Your bot's standard error");
        page.click("#forward");
        assertThat(page.evaluate("document.getElementById('ply').textContent").asText())
                .isEqualTo("1");

        page.click("nav.contest-menu form button");
        page.awaitTrue("location.pathname === '/' && document.readyState === 'complete'");
        assertThat(text(page)).contains("Log in").doesNotContain("Logged in as");

        // The organiser: invites bob, sees ada's two submissions, re-runs the admitted one.
        page.navigate(contest.url + "login/once/" + contest.accounts().newOneTimeLogin(), LOADED);
        page.navigate(contest.url + "organiser", LOADED);
        type(page, ".invite-form textarea", "bob");
        page.click(".invite-form button[type=submit]");
        page.awaitTrue("!!document.querySelector('table.invited') && document.readyState === 'complete'");
        assertThat(text(page)).contains("/invite/");
        page.navigate(contest.url + "organiser", LOADED);
        assertThat(text(page)).contains("ada").contains("bob");
        page.awaitTrue("document.querySelectorAll('a[href^=\"/submissions/\"]').length >= 2");
        page.navigate(second, LOADED);
        // The re-run's form posts and comes back to the same address: a mark on the old page tells
        // the new one from it, so that nothing loads while the post is still under way.
        page.evaluate("window.beforeRerun = true");
        page.click("button.rerun");
        page.awaitTrue(
                "!window.beforeRerun && document.readyState === 'complete' && !!document.getElementById('state')");
        awaitFinal(page, second);
        assertThat(contest.contest.store().jobs().stream()
                        .filter(j -> second.endsWith("/" + j.subject()))
                        .count())
                .isEqualTo(2);
        assertThat(text(page)).contains("admitted");
    }
}
