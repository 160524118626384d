package caissa.arena.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code caissa serve} as a real process on a free port, for tests that kill it as an organiser's
 * machine would, and requests to it with a given session cookie.
 */
final class ContestServerProcess implements AutoCloseable {

    private static final Pattern URL = Pattern.compile("at (http://[^ ]+/) \\(data in");

    final Process process;
    final String url;
    private final List<String> output = new ArrayList<>();
    private final HttpClient http = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(30))
            .build();

    private ContestServerProcess(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    /** The arena's command line as a separate JVM: {@code java -cp CLASS_PATH caissa.arena.cli.Main ARGS}. */
    static List<String> caissa(String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                "caissa.arena.cli.Main"));
        command.addAll(List.of(args));
        return command;
    }

    static ContestServerProcess start(Path contestFile, Path data) throws IOException {
        Process process = new ProcessBuilder(
                        caissa("serve", contestFile.toString(), "--data", data.toString(), "--port", "0"))
                .redirectErrorStream(true)
                .start();
        BufferedReader lines =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        List<String> seen = new ArrayList<>();
        String line;
        while ((line = lines.readLine()) != null) {
            seen.add(line);
            Matcher m = URL.matcher(line);
            if (m.find()) {
                ContestServerProcess server = new ContestServerProcess(process, m.group(1));
                server.output.addAll(seen);
                Thread drain = new Thread(
                        () -> {
                            try {
                                String rest;
                                while ((rest = lines.readLine()) != null) {
                                    synchronized (server.output) {
                                        server.output.add(rest);
                                    }
                                }
                            } catch (IOException e) {
                                // The server ended.
                            }
                        },
                        "server-output");
                drain.setDaemon(true);
                drain.start();
                return server;
            }
        }
        throw new IOException("the server did not start: " + String.join("\n", seen));
    }

    String output() {
        synchronized (output) {
            return String.join("\n", output);
        }
    }

    HttpResponse<String> get(String path, String cookie) throws IOException, InterruptedException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(url + path.substring(1))).timeout(Duration.ofSeconds(60));
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        return http.send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(String path, String cookie, String form) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + path.substring(1)))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/x-www-form-urlencoded");
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        return http.send(
                request.POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** SIGKILL, as a machine's crash would end it, then waits for its job children to see it and stop. */
    void kill() throws InterruptedException {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroyForcibly();
        process.waitFor(60, TimeUnit.SECONDS);
        for (ProcessHandle child : children) {
            child.onExit()
                    .orTimeout(120, TimeUnit.SECONDS)
                    .exceptionally(e -> null)
                    .join();
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                kill();
            }
        }
    }
}
