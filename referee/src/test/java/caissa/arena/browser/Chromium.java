package caissa.arena.browser;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A headless Chromium for tests, driven over the DevTools protocol ({@link DevTools}). Started
 * with its own profile folder and a DevTools port the system picks; {@link #close()} ends it
 * and every process it started, whatever state it is in.
 */
public final class Chromium implements AutoCloseable {

    /** Where Debian's package puts it; CI installs it there. */
    public static final Path DEBIAN_BINARY = Path.of("/usr/bin/chromium");

    /** Generous: a cold start on a busy two-core machine takes a few seconds. */
    private static final long START_SECONDS = 60;

    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");

    private final Process process;
    private final Deque<String> stderrTail;
    private final Set<ProcessHandle> seen = new LinkedHashSet<>();
    private final DevTools devTools;

    private Chromium(Process process, URI endpoint, Deque<String> stderrTail) throws IOException {
        this.process = process;
        this.stderrTail = stderrTail;
        this.devTools = DevTools.connect(endpoint);
    }

    /** The Chromium binary: Debian's, else {@code chromium} on the PATH. */
    public static Optional<Path> find() {
        if (Files.isExecutable(DEBIAN_BINARY)) {
            return Optional.of(DEBIAN_BINARY);
        }
        String path = System.getenv("PATH");
        for (String dir : path == null ? new String[0] : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "chromium");
            if (!dir.isEmpty() && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Starts the browser with a fresh profile in {@code profileDir} and connects to it. */
    public static Chromium start(Path binary, Path profileDir) throws IOException {
        List<String> command = List.of(
                binary.toString(),
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                "--mute-audio",
                "--remote-debugging-port=0",
                "--user-data-dir=" + profileDir,
                "about:blank");
        Process process = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        Deque<String> tail = new ConcurrentLinkedDeque<>();
        CompletableFuture<URI> endpoint = new CompletableFuture<>();
        // Read stderr to its end, not only to the DevTools line: a full pipe would stall the browser.
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader in = new BufferedReader(
                            new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                        for (String line = in.readLine(); line != null; line = in.readLine()) {
                            tail.addLast(line);
                            while (tail.size() > 40) {
                                tail.pollFirst();
                            }
                            Matcher m = LISTENING.matcher(line);
                            if (m.find()) {
                                endpoint.complete(URI.create(m.group(1)));
                            }
                        }
                    } catch (IOException e) {
                        // The browser is gone; the wait below reports it.
                    } finally {
                        endpoint.completeExceptionally(
                                new IOException("chromium ended its output without a DevTools endpoint"));
                    }
                },
                "chromium-stderr");
        reader.setDaemon(true);
        reader.start();
        URI uri;
        try {
            uri = endpoint.get(START_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            killTree(process, snapshot(process, new LinkedHashSet<>()));
            throw new IOException(
                    "chromium did not start (" + e + "); its last output:\n" + String.join("\n", tail), e);
        }
        try {
            Chromium chromium = new Chromium(process, uri, tail);
            snapshot(process, chromium.seen);
            return chromium;
        } catch (IOException | RuntimeException e) {
            killTree(process, snapshot(process, new LinkedHashSet<>()));
            throw e;
        }
    }

    public DevTools devTools() {
        return devTools;
    }

    /** The browser's process id, for messages. */
    public long pid() {
        return process.pid();
    }

    /**
     * Asks the browser to close, then kills whatever is left of it and its children. Children are
     * remembered before the browser goes, because once it has exited they are no longer its
     * descendants.
     */
    @Override
    public void close() {
        snapshot(process, seen);
        try {
            devTools.sendToBrowser("Browser.close");
        } catch (RuntimeException e) {
            // Not answering any more: the kill below ends it.
        }
        devTools.close();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        killTree(process, snapshot(process, seen));
    }

    private static Set<ProcessHandle> snapshot(Process process, Set<ProcessHandle> into) {
        into.add(process.toHandle());
        process.descendants().forEach(into::add);
        return into;
    }

    private static void killTree(Process process, Set<ProcessHandle> processes) {
        List<ProcessHandle> all = new ArrayList<>(processes);
        all.add(process.toHandle());
        all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroy);
        awaitExit(all, 5);
        all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        awaitExit(all, 10);
    }

    private static void awaitExit(List<ProcessHandle> processes, long seconds) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        for (ProcessHandle handle : processes) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                handle.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // Still alive: the caller escalates or gives up.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Whether any process of the browser is still running (for the test of the clean-up itself). */
    public boolean anyAlive() {
        return seen.stream().anyMatch(ProcessHandle::isAlive) || process.isAlive();
    }

    /** The browser's last lines of stderr, for failure messages. */
    public String stderrTail() {
        return String.join("\n", stderrTail);
    }
}
