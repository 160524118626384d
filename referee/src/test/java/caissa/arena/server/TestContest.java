package caissa.arena.server;

import caissa.arena.contest.Accounts;
import caissa.arena.contest.Contest;
import caissa.arena.contest.ContestStore;
import caissa.arena.testkit.ContestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * A contest served on a free port of this machine, from the sample contest file with some of
 * its lines replaced (registration open or by invitation, ...), with a clock the test moves.
 */
final class TestContest implements AutoCloseable {

    static final Path SAMPLE = ContestData.SAMPLE;

    final SettableClock clock;
    final Contest contest;
    final ContestServer server;
    final String url;

    private TestContest(SettableClock clock, Contest contest, ContestServer server) {
        this.clock = clock;
        this.contest = contest;
        this.server = server;
        this.url = "http://127.0.0.1:" + server.port() + "/";
        contest.store().setSetting(ContestStore.SERVER_URL, url);
    }

    static TestContest start(Path dir, String registration) throws IOException {
        return start(dir, Map.of("\"registration\": \"invite\"", "\"registration\": \"" + registration + "\""));
    }

    /** The sample contest with each key of {@code replacements} replaced by its value, served. */
    static TestContest start(Path dir, Map<String, String> replacements) throws IOException {
        String text = Files.readString(SAMPLE);
        for (Map.Entry<String, String> r : replacements.entrySet()) {
            if (!text.contains(r.getKey())) {
                throw new AssertionError("the sample contest has no " + r.getKey());
            }
            text = text.replace(r.getKey(), r.getValue());
        }
        Files.createDirectories(dir);
        Path file = dir.resolve("contest.json");
        Files.writeString(file, text);
        Contest contest = ContestData.open(file, dir.resolve("data"));
        SettableClock clock = new SettableClock(Instant.parse("2026-12-01T10:00:00Z"));
        return new TestContest(clock, contest, ContestServer.start(contest, "127.0.0.1", 0, clock));
    }

    Browser browser() {
        return new Browser(url);
    }

    Accounts accounts() {
        return server.site().accounts();
    }

    /** A browser logged in as the organiser, through a one-time link. */
    Browser organiser() {
        Browser browser = browser();
        var response = browser.get("/login/once/" + accounts().newOneTimeLogin());
        if (response.statusCode() != 303) {
            throw new AssertionError("the one-time link did not log in: " + response.statusCode());
        }
        return browser;
    }

    /** A browser logged in as a new participant who followed their invitation. */
    Browser participant(String name, String password) {
        Accounts.Invited invited = (Accounts.Invited) accounts().invite(name);
        Browser browser = browser();
        var response =
                browser.submit("/invite/" + invited.code(), "/invite/" + invited.code(), Map.of("password", password));
        if (response.statusCode() != 303) {
            throw new AssertionError(
                    "the invitation did not log in: " + response.statusCode() + "\n" + response.body());
        }
        return browser;
    }

    @Override
    public void close() {
        server.close();
    }
}
