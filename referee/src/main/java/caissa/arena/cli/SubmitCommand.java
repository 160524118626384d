package caissa.arena.cli;

import caissa.arena.command.ExitCodes;
import caissa.arena.command.UsageException;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.records.Json;
import caissa.arena.submission.ValidationReport;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Uploads a bot to a contest server and waits for its admission, printed as validate prints its checks. */
@Command(
        name = "submit",
        mixinStandardHelpOptions = true,
        header = "Submit a bot to a contest server and wait for its admission.",
        description = "Upload one source file or a zip or tar.gz archive to a contest server (caissa serve) with your"
                + " submit token (it is on your page there), wait for the admission test, and print its checks as"
                + " validate does. Exit codes: 0 admitted, 1 not admitted, 2 bad usage or the upload was refused.")
final class SubmitCommand implements Callable<Integer> {

    /** How often the server is asked how the admission goes. */
    static final Duration POLL = Duration.ofSeconds(1);

    @Spec
    CommandSpec spec;

    @Parameters(
            index = "0",
            paramLabel = "FILE",
            description = "The bot's source: one file, or a zip or tar.gz archive.")
    Path file;

    @Option(
            names = "--server",
            paramLabel = "URL",
            required = true,
            description = "The contest server's address, as the organiser gave it.")
    String server;

    @Option(
            names = "--token",
            paramLabel = "TOKEN",
            required = true,
            description = "Your submit token, from your page.")
    String token;

    @Option(
            names = "--language",
            paramLabel = "L",
            description = "One of the contest's languages (default: from the file's extension).")
    String language;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(file)) {
            throw new UsageException("FILE: no such file: " + file);
        }
        URI base = base(server);
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
        String boundary = "caissa-submit-" + Long.toHexString(System.nanoTime());
        HttpRequest upload = HttpRequest.newBuilder(base.resolve("api/submissions"))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body(boundary)))
                .build();
        HttpResponse<String> created = send(client, upload, base);
        JsonNode answer = json(created, base);
        if (created.statusCode() != 201) {
            throw new UsageException(
                    TerminalText.escape(answer.path("error").asText("the server answered " + created.statusCode())));
        }
        long id = answer.path("id").asLong();
        PrintWriter out = spec.commandLine().getOut();
        out.println("submitted " + file.getFileName() + " as submission " + id + ": "
                + answer.path("url").asText());
        out.flush();
        String last = answer.path("state").asText();
        out.println("  " + last);
        out.flush();
        while (true) {
            Thread.sleep(POLL.toMillis());
            HttpResponse<String> polled = send(
                    client,
                    HttpRequest.newBuilder(base.resolve("api/submissions/" + id))
                            .header("Authorization", "Bearer " + token)
                            .GET()
                            .build(),
                    base);
            JsonNode state = json(polled, base);
            if (polled.statusCode() != 200) {
                throw new UsageException(
                        TerminalText.escape(state.path("error").asText("the server answered " + polled.statusCode())));
            }
            String now = state.path("state").asText();
            if (!now.equals(last)) {
                out.println("  " + now);
                out.flush();
                last = now;
            }
            if (now.equals("admitted") || now.equals("not-admitted")) {
                if (state.hasNonNull("admission")) {
                    ValidationReport report = Json.mapper()
                            .copy()
                            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                            .treeToValue(state.get("admission"), ValidationReport.class);
                    ValidateCommand.printChecklist(out, report, null);
                } else {
                    out.println(TerminalText.escape(state.path("reason").asText(now)));
                }
                out.flush();
                return now.equals("admitted") ? ExitCodes.OK : ExitCodes.FAILED;
            }
        }
    }

    /** The multipart body: the optional language, then the file. */
    private byte[] body(String boundary) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (language != null) {
            out.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"language\"\r\n\r\n" + language
                            + "\r\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        String name = file.getFileName()
                .toString()
                .replace("\"", "%22")
                .replace("\r", "")
                .replace("\n", "");
        out.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + name
                        + "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8));
        out.writeBytes(Files.readAllBytes(file));
        out.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static URI base(String server) {
        try {
            URI uri = new URI(server.endsWith("/") ? server : server + "/");
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new UsageException(
                        "--server: '" + TerminalText.escape(server) + "' is not an http:// or https:// address");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new UsageException(
                    "--server: '" + TerminalText.escape(server) + "' is not an address: " + e.getReason());
        }
    }

    private static HttpResponse<String> send(HttpClient client, HttpRequest request, URI base)
            throws InterruptedException {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UsageException("--server: cannot reach " + base + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
    }

    private static JsonNode json(HttpResponse<String> response, URI base) {
        try {
            return Json.mapper().readTree(response.body());
        } catch (IOException e) {
            throw new UsageException("--server: " + base + " is not a contest server (it answered "
                    + response.statusCode() + " without JSON)");
        }
    }
}
