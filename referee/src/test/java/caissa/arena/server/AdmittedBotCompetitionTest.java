package caissa.arena.server;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.contest.Accounts;
import caissa.arena.contest.CompetitionBot;
import caissa.arena.contest.CompetitionRun;
import caissa.arena.contest.CompetitionState;
import caissa.arena.contest.CompetitionStore;
import caissa.arena.contest.Contest;
import caissa.arena.contest.Participant;
import caissa.arena.contest.Role;
import caissa.arena.contest.Submission;
import caissa.arena.contest.SubmissionState;
import caissa.arena.records.Json;
import caissa.arena.testbots.Poll;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole path once, with nothing stored by hand: the Python example bot uploaded through the
 * API, built and admitted by the server's admission job, then played in a test competition
 * against the house bot, the competition naming the submission that played.
 */
class AdmittedBotCompetitionTest {

    @TempDir
    Path dir;

    @Test
    void anUploadedBotIsAdmittedAndPlaysInACompetition() throws Exception {
        Path bot = Path.of("..", "sample-bots", "examples", "random_bot.py")
                .toAbsolutePath()
                .normalize();
        Path house = dir.resolve("house.args");
        Files.writeString(house, ContestCompetitionTest.argFile("random"));
        // Open to all, as an organiser's files are: a root arena runs the house bot as a user of its own.
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(house, PosixFilePermissions.fromString("rw-r--r--"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path file = dir.resolve("contest.json");
        Files.writeString(file, """
                {"name": "cup", "title": "Test cup", "variant": "caissa", "registration": "invite",
                 "languages": [{"name": "Python", "extensions": ["py"], "build": ["python3", "-m", "py_compile", "{sources}"],
                                "run": ["python3", "{main}"]}],
                 "houseBots": [{"name": "house", "command": ["%s", "@%s"]}],
                 "admission": {"opponents": ["house"], "gamesPerColour": 1, "timePerGame": "30s"},
                 "slots": 1,
                 "competitions": [{"name": "test", "kind": "test", "tournament": {"gamesPerPair": 2, "timePerGame": "30s",
                   "firstMoveAllowance": "20s", "seed": 1}}]}
                """.formatted(java, house));
        Path data = dir.resolve("data");
        try (ContestServerProcess server = ContestServerProcess.start(file, data)) {
            Contest contest = Contest.open(data);
            String token = Accounts.secret();
            Participant erin = contest.store()
                    .addParticipant("erin", Role.PARTICIPANT, Optional.empty(), token, Instant.now())
                    .orElseThrow();
            String boundary = "caissa-test-boundary";
            byte[] body = ("--" + boundary
                            + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"random_bot.py\"\r\n"
                            + "Content-Type: text/x-python\r\n\r\n" + Files.readString(bot) + "\r\n--" + boundary
                            + "--\r\n")
                    .getBytes(StandardCharsets.UTF_8);
            HttpResponse<String> upload = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(server.url + "api/submissions"))
                                    .header("Authorization", "Bearer " + token)
                                    .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                                    .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(upload.statusCode()).as(upload.body()).isEqualTo(201);
            Poll.await(
                    Duration.ofMinutes(10),
                    "the admission",
                    () -> contest.store()
                                    .submissionsOf(erin.id())
                                    .get(0)
                                    .state()
                                    .ordinal()
                            >= SubmissionState.ADMITTED.ordinal());
            Submission submission = contest.store().submissionsOf(erin.id()).get(0);
            assertThat(submission.state())
                    .as(submission.reason().orElse("") + server.output())
                    .isEqualTo(SubmissionState.ADMITTED);

            Process run = new ProcessBuilder(ContestServerProcess.caissa("contest", "run", "--data", data.toString()))
                    .redirectErrorStream(true)
                    .start();
            String printed = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(run.waitFor()).as(printed).isZero();
            CompetitionStore competitions = new CompetitionStore(contest.store());
            Poll.await(
                    Duration.ofMinutes(10),
                    "test-1 played",
                    () -> competitions
                            .byName("test-1")
                            .map(r -> r.state().ended())
                            .orElse(false));
            CompetitionRun done = competitions.byName("test-1").orElseThrow();
            assertThat(done.state())
                    .as(done.reason().orElse("") + server.output())
                    .isEqualTo(CompetitionState.DONE);
            assertThat(done.gamesPlayed()).isEqualTo(2);
            assertThat(competitions.bots(done.id()))
                    .containsExactly(
                            new CompetitionBot("erin", Optional.of(erin.id()), Optional.of(submission.id())),
                            new CompetitionBot("house", Optional.empty(), Optional.empty()));
            assertThat(Files.readString(data.resolve("competitions/test-1/standings.json")))
                    .contains("\"name\" : \"erin\"");
            // Both bots played: the house bot reads its options from its argument file (java @FILE), in a sandbox too.
            List<JsonNode> games = gameLogs(data.resolve("competitions/test-1"));
            assertThat(games).hasSize(2);
            for (JsonNode game : games) {
                assertThat(game.path("termination").asText())
                        .as(game.toString())
                        .isIn("checkmate", "stalemate", "move-limit");
            }
            assertThat(List.of(Files.readString(data.resolve("competitions/test-1.json"))))
                    .allMatch(t -> t.contains("python3"));
        }
    }

    /** The game logs of a competition's folder (every document of the game schema in it). */
    private static List<JsonNode> gameLogs(Path folder) throws IOException {
        List<JsonNode> games = new ArrayList<>();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                JsonNode document = Json.mapper().readTree(file.toFile());
                if (document.path("schema").asText().startsWith("caissa-arena/game/")) {
                    games.add(document);
                }
            }
        }
        return games;
    }
}
