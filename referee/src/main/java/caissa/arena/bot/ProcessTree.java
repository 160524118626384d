package caissa.arena.bot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A bot process and every process it started. Descendants are found two ways: the live process
 * tree ({@link ProcessHandle#descendants()}), and, on Linux, an environment variable with a token
 * unique to this bot that every child inherits. The second finds children that were orphaned
 * when their parent exited (they are re-parented and drop out of the tree), the way Jenkins'
 * ProcessTreeKiller finds a build's strays.
 */
final class ProcessTree {

    static final String MARKER_VARIABLE = "CAISSA_ARENA_BOT";
    private static final Path PROC = Path.of("/proc");

    private final String marker = UUID.randomUUID().toString();
    private final Set<ProcessHandle> seen = new LinkedHashSet<>();
    private ProcessHandle root;

    /** The variable and value to put in the bot's environment. */
    String markerValue() {
        return marker;
    }

    synchronized void setRoot(ProcessHandle root) {
        this.root = root;
    }

    /** Remembers the current descendants, so that they can be killed even after they are orphaned. */
    synchronized void snapshot() {
        if (root != null) {
            root.descendants().forEach(seen::add);
        }
    }

    /** The bot's processes other than the bot itself that are still alive. */
    synchronized List<ProcessHandle> aliveDescendants() {
        snapshot();
        Set<ProcessHandle> all = new LinkedHashSet<>(seen);
        all.addAll(markedProcesses());
        List<ProcessHandle> alive = new ArrayList<>();
        for (ProcessHandle handle : all) {
            if (handle.isAlive() && (root == null || handle.pid() != root.pid())
                    && handle.pid() != ProcessHandle.current().pid()) {
                alive.add(handle);
            }
        }
        return alive;
    }

    /**
     * Terminates the given processes: SIGTERM, a short wait, then SIGKILL for the stubborn, and
     * waits until they are gone (or the patience runs out).
     */
    static void kill(List<ProcessHandle> processes, Duration politeWait, Duration patience) {
        processes.forEach(ProcessHandle::destroy);
        waitForExit(processes, politeWait);
        processes.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        waitForExit(processes, patience);
    }

    private static void waitForExit(List<ProcessHandle> processes, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        for (ProcessHandle handle : processes) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                handle.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                // Still alive: the caller checks isAlive() and escalates.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Processes whose environment carries this bot's marker (Linux only; empty elsewhere). */
    private List<ProcessHandle> markedProcesses() {
        if (!Files.isDirectory(PROC)) {
            return List.of();
        }
        String entry = MARKER_VARIABLE + "=" + marker;
        List<ProcessHandle> found = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> isNumeric(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                if (hasEnvironmentEntry(dir.resolve("environ"), entry)) {
                    ProcessHandle.of(Long.parseLong(dir.getFileName().toString())).ifPresent(found::add);
                }
            }
        } catch (IOException | SecurityException e) {
            // /proc unreadable here: the descendant snapshots still apply.
        }
        return found;
    }

    private static boolean hasEnvironmentEntry(Path environ, String entry) {
        try {
            String text = new String(Files.readAllBytes(environ), StandardCharsets.UTF_8);
            for (String variable : text.split("\0")) {
                if (variable.equals(entry)) {
                    return true;
                }
            }
        } catch (IOException | SecurityException e) {
            // The process is gone or not ours to read.
        }
        return false;
    }

    private static boolean isNumeric(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    synchronized Optional<ProcessHandle> root() {
        return Optional.ofNullable(root);
    }
}
