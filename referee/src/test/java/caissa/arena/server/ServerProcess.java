package caissa.arena.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A contest server in a process of its own, started as the launcher starts the arena (this
 * Java, this class path), so that a test can kill it as a machine would: SIGKILL, no shutdown.
 */
final class ServerProcess implements AutoCloseable {

    private static final Pattern URL = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/)");
    private static final Pattern ONCE = Pattern.compile("one-time link: (\\S+)");

    final Process process;
    final String url;
    final List<String> lines;

    private ServerProcess(Process process, String url, List<String> lines) {
        this.process = process;
        this.url = url;
        this.lines = lines;
    }

    /** Starts {@code mainClass} with {@code args} and waits for the line with its address. */
    static ServerProcess start(String mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElseThrow(),
                // As the launcher runs the arena (./caissa): the client compiler alone, which starts
                // the server (and, through its options, each job's child) seconds sooner.
                "-XX:TieredStopAtLevel=1",
                "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                mainClass));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        List<String> lines = new ArrayList<>();
        String url = null;
        String line;
        while (url == null && (line = out.readLine()) != null) {
            lines.add(line);
            Matcher m = URL.matcher(line);
            if (m.find()) {
                url = m.group(1);
            }
        }
        if (url == null) {
            process.destroyForcibly();
            throw new AssertionError("the server did not start:\n" + String.join("\n", lines));
        }
        // Its one-time link follows on the next line, when it prints one.
        if (mainClass.endsWith(".Main")) {
            lines.add(out.readLine());
        }
        Thread drain = new Thread(() -> {
            try {
                while (out.readLine() != null) {
                    // Read on, so that the server never blocks on a full pipe.
                }
            } catch (IOException e) {
                // Killed.
            }
        });
        drain.setDaemon(true);
        drain.start();
        return new ServerProcess(process, url, lines);
    }

    String oneTimeLink() {
        for (String line : lines) {
            Matcher m = ONCE.matcher(line == null ? "" : line);
            if (m.find()) {
                return m.group(1);
            }
        }
        throw new AssertionError("no one-time link in " + lines);
    }

    /** SIGKILL: no shutdown hook runs, nothing is flushed that was not already. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
