package caissa.arena.server;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.contest.CompetitionRun;
import caissa.arena.contest.CompetitionState;
import caissa.arena.contest.CompetitionStore;
import caissa.arena.contest.Contest;
import caissa.arena.contest.Participant;
import caissa.arena.contest.Submission;
import caissa.arena.testbots.Poll;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The final: once its deadline has passed, an upload is refused with the time submissions closed,
 * the final plays the frozen active submissions (a Swiss round, then a round robin of the top
 * two), and its page names the submission of each participant that played.
 */
class ContestFinalTest {

    private static final String FINAL = """
            {"name": "final", "kind": "final", "deadline": "%s", "tournament": {"format": "swiss", "rounds": 1,
             "final": {"top": 2, "gamesPerPair": 2}, "gamesPerPair": 2, "timePerGame": "30s",
             "firstMoveAllowance": "20s", "seed": 2, "sandbox": "none"}}""";

    @TempDir
    Path dir;

    @Test
    void afterTheDeadlineUploadsAreRefusedAndTheFinalNamesTheSubmissionsThatPlayed() throws Exception {
        Path data = dir.resolve("data");
        // Before the deadline: the participants' bots are admitted.
        Path before = ContestCompetitionTest.contestFile(dir, FINAL.formatted("2999-01-01T00:00:00Z"));
        Map<String, String> sessions = ContestCompetitionTest.prepared(before, data, List.of("alice", "bob", "carol"));
        String[] cookies = {sessions.get("alice"), sessions.get("bob"), sessions.get("carol")};
        try (ContestServerProcess server = ContestServerProcess.start(before, data)) {
            assertThat(server.get("/competitions", cookies[0]).body()).contains("2999-01-01T00:00:00Z");
        }
        // The organiser restarts the server with the deadline passed: submissions close, the final starts.
        Path after = ContestCompetitionTest.contestFile(dir, FINAL.formatted("2020-01-01T00:00:00Z"));
        try (ContestServerProcess server = ContestServerProcess.start(after, data)) {
            Contest contest = Contest.open(data);
            Participant alice = contest.store().participantByName("alice").orElseThrow();
            String token = contest.store().submitToken(alice.id()).orElseThrow();
            HttpResponse<String> upload = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(server.url + "api/submissions"))
                                    .header("Authorization", "Bearer " + token)
                                    .header("Content-Type", "multipart/form-data; boundary=x")
                                    .POST(HttpRequest.BodyPublishers.ofString(
                                            "--x\r\nContent-Disposition: form-data; name=\"file\";"
                                                    + " filename=\"bot.args\"\r\n\r\nhello\r\n--x--\r\n"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(upload.statusCode()).isEqualTo(403);
            assertThat(upload.body())
                    .isEqualTo("{\"error\":\"submissions closed at 2020-01-01T00:00:00Z (the final's deadline);"
                            + " no upload is taken after it\"}");
            HttpResponse<String> page = server.post("/me/submissions", cookies[0], "csrf=csrf-" + alice.id());
            assertThat(page.statusCode()).isEqualTo(403);
            assertThat(page.body()).contains("submissions closed at 2020-01-01T00:00:00Z");
            assertThat(server.post("/submissions/1/activate", cookies[0], "csrf=csrf-" + alice.id())
                            .statusCode())
                    .isEqualTo(403);

            CompetitionStore competitions = new CompetitionStore(contest.store());
            Poll.await(
                    Duration.ofMinutes(10),
                    "the final played",
                    () -> competitions
                            .byName("final")
                            .map(r -> r.state().ended())
                            .orElse(false));
            CompetitionRun run = competitions.byName("final").orElseThrow();
            assertThat(run.state())
                    .as(run.reason().orElse("") + server.output())
                    .isEqualTo(CompetitionState.DONE);
            assertThat(run.gamesPlayed())
                    .isEqualTo(6)
                    .isEqualTo(run.gamesTotal().orElseThrow());
            assertThat(Files.readString(data.resolve("competitions/final/standings.json")))
                    .contains("\"stage\" : \"final\"");

            String results = server.get("/competitions/final", null).body();
            for (String name : List.of("alice", "bob", "carol")) {
                Submission played = contest.store()
                        .submissionsOf(contest.store()
                                .participantByName(name)
                                .orElseThrow()
                                .id())
                        .get(0);
                assertThat(results)
                        .contains(
                                "<td>" + name + "</td><td>submission " + played.number() + " (bot.args, Args, sha256 ");
            }
            assertThat(results).contains("<td>house</td><td>house bot</td>");
            // The final runs once.
            assertThat(server.post("/competitions/final/start", null, "").statusCode())
                    .isEqualTo(401);
        }
    }
}
