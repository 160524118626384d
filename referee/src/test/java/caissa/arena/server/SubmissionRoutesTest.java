package caissa.arena.server;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.contest.Submission;
import caissa.arena.records.Json;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The submission and API routes over real HTTP, with real admissions in the job's child process:
 * the upload, every refusal (nothing stored after any), who may see what.
 */
class SubmissionRoutesTest {

    static final String BROKEN_C = "int main(void) { return undeclared_variable; }\n";

    @TempDir
    Path dir;

    private TestContest contest;

    @AfterEach
    void stop() {
        if (contest != null) {
            contest.close();
        }
    }

    private TestContest start() throws Exception {
        // Uploads capped at 64 KiB, so that the cap is easy to pass.
        contest = TestContest.start(
                dir,
                Map.of(
                        "\"maxUploadBytes\": 1048576",
                        "\"maxUploadBytes\": 65536",
                        "\"maxFiles\": 200",
                        "\"maxFiles\": 3"));
        return contest;
    }

    static byte[] example(String name) throws IOException {
        return Files.readAllBytes(examples().resolve(name));
    }

    /** The example bots of sample-bots/examples, found from the test's working folder up. */
    static Path examples() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("sample-bots/examples"))) {
                return p.resolve("sample-bots/examples");
            }
        }
        throw new IllegalStateException(
                "no sample-bots/examples above " + Path.of("").toAbsolutePath());
    }

    /** Posts an upload as the page's form does, with the page's token. */
    static HttpResponse<String> upload(Browser browser, String fileName, byte[] content, String language) {
        String csrf = Browser.csrf(browser.get("/me").body());
        Multipart body = Multipart.of(
                language == null ? Map.of("csrf", csrf) : Map.of("csrf", csrf, "language", language),
                fileName,
                content);
        return browser.send(HttpRequest.newBuilder(URI.create(browser.url("/me/submissions")))
                .header("Content-Type", body.contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.body()))
                .build());
    }

    static long idOf(HttpResponse<String> redirect) {
        String location = redirect.headers()
                .firstValue("Location")
                .orElseThrow(() -> new AssertionError(redirect.statusCode() + " "
                        + redirect.body()
                                .replaceAll("(?s).*<p class=\"refusal\">", "")
                                .lines()
                                .findFirst()
                                .orElse("")));
        return Long.parseLong(location.substring(location.lastIndexOf('/') + 1));
    }

    /** Waits until the submission's admission has ended: the job's child runs it at its pace. */
    Submission awaitFinal(long id) throws InterruptedException {
        long deadline = System.nanoTime() + 300_000_000_000L;
        while (System.nanoTime() < deadline) {
            Submission s = contest.contest.store().submission(id).orElseThrow();
            if (s.state().isFinal()) {
                return s;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("submission " + id + " never finished its admission: "
                + contest.contest.store().submission(id).orElseThrow());
    }

    @Test
    void aBotThatDoesNotCompileShowsTheCompilersMessageAndTheFixedOneIsAdmittedWithItsGames() throws Exception {
        Browser ada = start().participant("ada", "correct horse");

        HttpResponse<String> broken = upload(ada, "bot.c", BROKEN_C.getBytes(StandardCharsets.UTF_8), null);
        assertThat(broken.statusCode()).as(broken.body()).isEqualTo(303);
        long first = idOf(broken);
        assertThat(awaitFinal(first).state().word()).isEqualTo("not-admitted");
        String page = ada.get("/submissions/" + first).body();
        assertThat(page)
                .contains("not-admitted")
                .contains("FAIL: ada-1 does not build (C)")
                .contains("gcc exited with status 1")
                .contains("bot.c:1:")
                .contains("undeclared_variable");

        HttpResponse<String> fixed = upload(ada, "random_bot.c", example("random_bot.c"), "C");
        long second = idOf(fixed);
        Submission admitted = awaitFinal(second);
        assertThat(admitted.state().word()).as(admitted.reason().orElse("")).isEqualTo("admitted");
        String admittedPage = ada.get("/submissions/" + second).body();
        assertThat(admittedPage)
                .contains("PASS: ada-2 passed all")
                .contains("gcc -O2 -o bot random_bot.c -lm")
                .contains("/submissions/" + second + "/games/4")
                .contains("This submission plays")
                .doesNotContain(dir.toString());
        HttpResponse<String> game = ada.get("/submissions/" + second + "/games/1");
        assertThat(game.statusCode()).isEqualTo(200);
        assertThat(game.body()).contains("Replay").contains("Your bot's standard error");
        HttpResponse<String> source = ada.get("/submissions/" + second + "/source");
        assertThat(source.statusCode()).isEqualTo(200);
        assertThat(source.body()).isEqualTo(new String(example("random_bot.c"), StandardCharsets.UTF_8));
        assertThat(contest.contest
                        .store()
                        .participantByName("ada")
                        .orElseThrow()
                        .activeSubmission())
                .contains(second);
        // The earlier admitted one can be chosen again only once there is one: the broken one cannot play.
        HttpResponse<String> refused =
                ada.post("/submissions/" + first + "/activate", Map.of("csrf", Browser.csrf(admittedPage)));
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("only an admitted submission can play");
    }

    /** Every refusal of an upload: its status, its one line, and nothing stored. */
    @Test
    void everyRefusedUploadIsOneLineAndStoresNothing() throws Exception {
        Browser ada = start().participant("ada", "correct horse");
        record Case(String fileName, byte[] content, String language, int status, String line) {}
        byte[] dotDot = zip("../evil.c", "int x;");
        for (Case c : new Case[] {
            new Case("bot.c", new byte[0], null, 400, "bot.c is empty"),
            new Case(
                    "bot.rs",
                    "fn main() {}".getBytes(StandardCharsets.UTF_8),
                    null,
                    400,
                    "unknown language: bot.rs is no source"),
            new Case(
                    "bot.c",
                    "int x;".getBytes(StandardCharsets.UTF_8),
                    "Cobol",
                    400,
                    "unknown language &#39;Cobol&#39;"),
            new Case(
                    "bot.c",
                    "int x;".getBytes(StandardCharsets.UTF_8),
                    "Python",
                    400,
                    "wrong language: bot.c is not a Python source"),
            new Case("bot.zip", dotDot, null, 400, "bot.zip: &#39;../evil.c&#39; goes up with &#39;..&#39;"),
            new Case("bot.c", new byte[70_000], null, 413, "the upload is larger than the contest&#39;s cap of 64 KiB"),
            new Case(
                    "bot.c", new byte[200_000], null, 413, "the upload is larger than the contest&#39;s cap of 64 KiB"),
        }) {
            HttpResponse<String> response = upload(ada, c.fileName(), c.content(), c.language());
            assertThat(response.statusCode())
                    .as(c.line() + "\n" + response.body())
                    .isEqualTo(c.status());
            assertThat(response.body()).contains(c.line());
        }
        assertNothingStored();
    }

    static byte[] zip(String name, String content) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (var zip = new ZipArchiveOutputStream(bytes)) {
            zip.putArchiveEntry(new ZipArchiveEntry(name));
            zip.write(content.getBytes(StandardCharsets.UTF_8));
            zip.closeArchiveEntry();
        }
        return bytes.toByteArray();
    }

    private void assertNothingStored() throws IOException {
        assertThat(contest.contest.store().submissions()).isEmpty();
        Path submissions = contest.contest.layout().submissions();
        if (Files.exists(submissions)) {
            try (Stream<Path> left = Files.list(submissions)) {
                assertThat(left).isEmpty();
            }
        }
        Path temporary = contest.contest.layout().dir().resolve("tmp");
        if (Files.exists(temporary)) {
            try (Stream<Path> left = Files.list(temporary)) {
                assertThat(left).isEmpty();
            }
        }
    }

    @Test
    void aStreamingUploadOverTheCapIsRefusedBeforeItEnds() throws Exception {
        Browser ada = start().participant("ada", "correct horse");
        String csrf = Browser.csrf(ada.get("/me").body());
        String session = ada.cookie(Sessions.SESSION_COOKIE).orElseThrow();
        URI uri = URI.create(contest.url);
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(120_000);
            OutputStream out = socket.getOutputStream();
            String boundary = "----caissastream";
            // Chunked: no length is declared, so only the parser's count can stop it.
            out.write(("POST /me/submissions HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                            + "\r\nCookie: " + Sessions.SESSION_COOKIE + "=" + session
                            + "\r\nContent-Type: multipart/form-data; boundary=" + boundary
                            + "\r\nTransfer-Encoding: chunked\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            chunk(
                    out,
                    ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n" + csrf + "\r\n--"
                                    + boundary
                                    + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.c\"\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            // Twice the cap and more, then the body is left open: the answer must come before any end.
            byte[] block = new byte[4096];
            Arrays.fill(block, (byte) 'x');
            for (int i = 0; i < 48; i++) {
                try {
                    chunk(out, block);
                } catch (IOException e) {
                    break; // the server stopped reading: it has refused
                }
            }
            String answer = readHead(socket.getInputStream());
            assertThat(answer).startsWith("HTTP/1.1 413");
        }
        assertNothingStored();
    }

    private static void chunk(OutputStream out, byte[] bytes) throws IOException {
        out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        for (int b = in.read(); b >= 0 && head.indexOf("\r\n\r\n") < 0; b = in.read()) {
            head.append((char) b);
        }
        return head.toString();
    }

    @Test
    void anUploadWithoutSessionOrFormTokenIsRefused() throws Exception {
        TestContest served = start();
        Browser ada = served.participant("ada", "correct horse");
        Multipart noToken = Multipart.of(Map.of(), "bot.c", "int x;".getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> withoutToken = ada.send(HttpRequest.newBuilder(URI.create(ada.url("/me/submissions")))
                .header("Content-Type", noToken.contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(noToken.body()))
                .build());
        assertThat(withoutToken.statusCode()).isEqualTo(403);
        assertThat(withoutToken.body()).contains("the form&#39;s token is missing or wrong");
        Browser stranger = served.browser();
        HttpResponse<String> withoutSession =
                stranger.send(HttpRequest.newBuilder(URI.create(stranger.url("/me/submissions")))
                        .header("Content-Type", noToken.contentType())
                        .POST(HttpRequest.BodyPublishers.ofByteArray(noToken.body()))
                        .build());
        assertThat(withoutSession.statusCode()).isEqualTo(401);
        assertNothingStored();
    }

    @Test
    void aParticipantSeesNoneOfAnothersSubmissionsAndNoOrganisersAction() throws Exception {
        TestContest served = start();
        Browser ada = served.participant("ada", "correct horse");
        Browser bob = served.participant("bob", "battery staple");
        long id = idOf(upload(ada, "bot.c", BROKEN_C.getBytes(StandardCharsets.UTF_8), null));
        awaitFinal(id);
        assertThat(ada.get("/submissions/" + id + "/games/1").statusCode()).isEqualTo(404);
        for (String path :
                new String[] {"/submissions/" + id, "/submissions/" + id + "/source", "/submissions/" + id + "/games/1"
                }) {
            HttpResponse<String> response = bob.get(path);
            assertThat(response.statusCode()).as(path).isEqualTo(403);
            assertThat(response.body())
                    .as(path)
                    .contains("is another participant&#39;s")
                    .doesNotContain("undeclared_variable");
        }
        String bobsToken = Browser.csrf(bob.get("/me").body());
        assertThat(bob.post("/submissions/" + id + "/rerun", Map.of("csrf", bobsToken))
                        .statusCode())
                .isEqualTo(403);
        assertThat(bob.post("/submissions/" + id + "/activate", Map.of("csrf", bobsToken))
                        .statusCode())
                .isEqualTo(403);
        // The API with bob's token: another's submission is refused the same way.
        String token = served.accounts()
                .submitToken(served.contest
                        .store()
                        .participantByName("bob")
                        .orElseThrow()
                        .id())
                .orElseThrow();
        HttpResponse<String> api = bob.send(HttpRequest.newBuilder(URI.create(bob.url("/api/submissions/" + id)))
                .header("Authorization", "Bearer " + token)
                .GET()
                .build());
        assertThat(api.statusCode()).isEqualTo(403);
        assertThat(Json.mapper().readTree(api.body()).get("error").asText()).contains("another participant's");
        assertThat(api.body()).doesNotContain("undeclared_variable");
        // Nobody logged in sees nothing.
        assertThat(served.browser().get("/submissions/" + id).statusCode()).isEqualTo(401);
    }

    @Test
    void theOrganiserSeesEveryoneButTheirStandardErrorAndReRunsAnAdmission() throws Exception {
        TestContest served = start();
        Browser ada = served.participant("ada", "correct horse");
        long id = idOf(upload(ada, "random_bot.c", example("random_bot.c"), null));
        assertThat(awaitFinal(id).state().word()).isEqualTo("admitted");
        Browser organiser = served.organiser();
        String page = organiser.get("/submissions/" + id).body();
        assertThat(page).contains("PASS: ada-1").contains("Re-run the admission");
        assertThat(organiser.get("/submissions/" + id + "/source").statusCode()).isEqualTo(200);
        assertThat(organiser.get("/submissions/" + id + "/games/1").body()).doesNotContain("standard error");

        HttpResponse<String> rerun =
                organiser.post("/submissions/" + id + "/rerun", Map.of("csrf", Browser.csrf(page)));
        assertThat(rerun.statusCode()).isEqualTo(303);
        assertThat(served.contest.store().jobs().stream()
                        .filter(j -> j.subject() == id)
                        .count())
                .isEqualTo(2);
        assertThat(awaitFinal(id).state().word()).isEqualTo("admitted");
    }

    @Test
    void theApiTakesAnUploadWithTheSubmitTokenAndReportsItsAdmission() throws Exception {
        TestContest served = start();
        served.participant("ada", "correct horse");
        String token = served.accounts()
                .submitToken(served.contest
                        .store()
                        .participantByName("ada")
                        .orElseThrow()
                        .id())
                .orElseThrow();
        Browser client = served.browser();
        Multipart body = Multipart.of(Map.of(), "bot.c", BROKEN_C.getBytes(StandardCharsets.UTF_8));
        HttpRequest.Builder post = HttpRequest.newBuilder(URI.create(client.url("/api/submissions")))
                .header("Content-Type", body.contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.body()));

        HttpResponse<String> noToken = client.send(post.copy().build());
        assertThat(noToken.statusCode()).isEqualTo(401);
        assertThat(Json.mapper().readTree(noToken.body()).get("error").asText()).startsWith("no submit token");
        HttpResponse<String> wrong = client.send(
                post.copy().header("Authorization", "Bearer nonsense").build());
        assertThat(wrong.statusCode()).isEqualTo(401);

        HttpResponse<String> created = client.send(
                post.copy().header("Authorization", "Bearer " + token).build());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode answer = Json.mapper().readTree(created.body());
        assertThat(answer.get("state").asText()).isEqualTo("queued");
        long id = answer.get("id").asLong();
        assertThat(answer.get("url").asText()).isEqualTo(served.url + "submissions/" + id);
        awaitFinal(id);
        JsonNode state = Json.mapper()
                .readTree(client.send(HttpRequest.newBuilder(URI.create(client.url("/api/submissions/" + id)))
                                .header("Authorization", "Bearer " + token)
                                .GET()
                                .build())
                        .body());
        assertThat(state.get("state").asText()).isEqualTo("not-admitted");
        assertThat(state.get("reason").asText()).isEqualTo("FAIL: ada-1 does not build (C)");
        assertThat(state.get("admission").get("schema").asText()).isEqualTo("caissa-arena/validation/1");

        Multipart empty = Multipart.of(Map.of(), "bot.c", new byte[0]);
        HttpResponse<String> refused = client.send(HttpRequest.newBuilder(URI.create(client.url("/api/submissions")))
                .header("Content-Type", empty.contentType())
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofByteArray(empty.body()))
                .build());
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(Json.mapper().readTree(refused.body()).get("error").asText()).isEqualTo("bot.c is empty");
    }
}
