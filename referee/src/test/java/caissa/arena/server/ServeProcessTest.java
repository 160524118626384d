package caissa.arena.server;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.contest.Await;
import caissa.arena.contest.Contest;
import caissa.arena.contest.Job;
import caissa.arena.contest.JobKind;
import caissa.arena.contest.JobState;
import caissa.arena.testkit.CommandRun;
import caissa.arena.testkit.ContestData;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caissa serve} as a process: one server a data folder, and nothing acknowledged lost to SIGKILL. */
class ServeProcessTest {

    static final Path SAMPLE = ContestData.SAMPLE;

    @TempDir
    Path dir;

    private ServerProcess serve(Path data) throws IOException {
        return ServerProcess.start(
                "caissa.arena.cli.Main", "serve", SAMPLE.toString(), "--data", data.toString(), "--port", "0");
    }

    @Test
    void aSecondServerOnTheSameDataFolderIsRefusedInOneLine() throws Exception {
        Path data = dir.resolve("sample");
        try (ServerProcess first = serve(data)) {
            assertThat(first.lines.get(0))
                    .isEqualTo("caissa serve: contest 'sample' at " + first.url + " (data in " + data + "/)");
            assertThat(first.oneTimeLink()).startsWith(first.url + "login/once/");

            CommandRun second = CommandRun.of("serve", SAMPLE.toString(), "--data", data.toString(), "--port", "0");

            assertThat(second.exitCode()).isEqualTo(2);
            assertThat(second.err())
                    .isEqualTo("caissa serve: " + data + " is in use by another contest server (process "
                            + first.process.pid() + "); stop it first, or give another --data folder\n");
            assertThat(new Browser(first.url).get("/").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void aServerKilledWithSigkillKeepsEveryAccountAndSession() throws Exception {
        Path data = dir.resolve("sample");
        Browser organiser;
        Browser ada;
        String invitation;
        try (ServerProcess server = serve(data)) {
            organiser = new Browser(server.url);
            assertThat(organiser
                            .get(server.oneTimeLink().substring(server.url.length() - 1))
                            .statusCode())
                    .isEqualTo(303);
            HttpResponse<String> invited =
                    organiser.submit("/organiser", "/organiser/invite", Map.of("names", "ada\nbob"));
            assertThat(invited.statusCode()).isEqualTo(200);
            String adaLink = link(invited.body(), "ada");
            ada = new Browser(server.url);
            assertThat(ada.submit(adaLink, adaLink, Map.of("password", "correct horse"))
                            .statusCode())
                    .isEqualTo(303);
            invitation = link(invited.body(), "bob");
            // The command line works on the folder while the server runs.
            CommandRun carol = CommandRun.of("contest", "invite", "--data", data.toString(), "carol");
            assertThat(carol.exitCode()).isZero();
            assertThat(carol.out()).startsWith("carol ").contains(" " + server.url + "invite/");

            server.kill();
        }
        try (ServerProcess again = serve(data)) {
            Browser adaSession = new Browser(again.url);
            adaSession.setCookie(
                    Sessions.SESSION_COOKIE, ada.cookie(Sessions.SESSION_COOKIE).orElseThrow());
            assertThat(adaSession.get("/me").statusCode()).isEqualTo(200);
            Browser adaAgain = new Browser(again.url);
            HttpResponse<String> login =
                    adaAgain.submit("/login", "/login", Map.of("name", "ada", "password", "correct horse"));
            assertThat(login.statusCode()).isEqualTo(303);
            Browser bob = new Browser(again.url);
            HttpResponse<String> bobsInvitation = bob.get(invitation);
            assertThat(bobsInvitation.statusCode()).isEqualTo(200);
            assertThat(bobsInvitation.body()).contains("Welcome, <strong>bob</strong>");
            Contest contest = Contest.open(data);
            assertThat(contest.store().participants())
                    .extracting(p -> p.name())
                    .containsExactly("organiser", "ada", "bob", "carol");
        }
    }

    @Test
    void aServerKilledWhileAJobRunsEndsItsChildAndRunsTheJobAgainAtTheNextStart() throws Exception {
        Path data = dir.resolve("sample");
        Job job;
        ProcessHandle child;
        try (ServerProcess server =
                ServerProcess.start(StandInServer.class.getName(), SAMPLE.toString(), data.toString())) {
            Contest contest = Contest.open(data);
            job = contest.store().addJob(JobKind.ADMISSION, 3, Instant.now());
            Await.until("the job's child runs", () -> pid(data, job).isPresent());
            child = pid(data, job).orElseThrow();
            assertThat(contest.store().job(job.id()).orElseThrow().state()).isEqualTo(JobState.RUNNING);

            server.kill();
        }
        Await.until("the child of the killed server ended", () -> !child.isAlive());
        Files.delete(data.resolve("pid-" + job.id()));
        Contest contest = Contest.open(data);
        assertThat(contest.store().job(job.id()).orElseThrow().state()).isEqualTo(JobState.RUNNING);

        try (ServerProcess again =
                ServerProcess.start(StandInServer.class.getName(), SAMPLE.toString(), data.toString())) {
            Await.until("the job runs again", () -> pid(data, job).isPresent());
            Job after = contest.store().job(job.id()).orElseThrow();
            assertThat(after.state()).isEqualTo(JobState.RUNNING);
            assertThat(after.attempts()).isEqualTo(1);
            assertThat(pid(data, job).orElseThrow().pid()).isNotEqualTo(child.pid());
        }
    }

    private static Optional<ProcessHandle> pid(Path data, Job job) {
        try {
            String pid = Files.readString(data.resolve("pid-" + job.id()));
            return pid.isEmpty() ? Optional.empty() : ProcessHandle.of(Long.parseLong(pid));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The path of a participant's invitation link, from the organiser's page after inviting. */
    private static String link(String page, String name) {
        Matcher m = Pattern.compile("<td>" + name + "</td><td><code>http://[^/]+(/invite/[^<]+)</code>")
                .matcher(page);
        assertThat(m.find())
                .as("an invitation link for " + name + " in\n" + page)
                .isTrue();
        return m.group(1);
    }
}
