package caissa.arena.linux;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A bot process and every process it started. Descendants are found two ways: the live process
 * tree ({@link ProcessHandle#descendants()}), and, on Linux, an environment variable with a token
 * unique to this bot that every child inherits. The second finds children that were orphaned
 * when their parent exited (they are re-parented and drop out of the tree), the way Jenkins'
 * ProcessTreeKiller finds a build's strays. A process that also cleared its environment is
 * still found if it holds the bot's output pipes (see {@link #pipeHolders()}); one that left
 * the session, cleared its environment and closed those pipes is out of reach without
 * operating-system containers.
 */
public final class ProcessTree {

    public static final String MARKER_VARIABLE = "CAISSA_ARENA_BOT";
    private static final Path PROC = Path.of("/proc");

    private final String marker = UUID.randomUUID().toString();
    private final Set<ProcessHandle> seen = new LinkedHashSet<>();
    private final Set<String> pipes = new HashSet<>();
    private ProcessHandle root;

    /** The variable and value to put in the bot's environment. */
    public String markerValue() {
        return marker;
    }

    public synchronized void setRoot(ProcessHandle root) {
        this.root = root;
    }

    /** Remembers the current descendants, so that they can be killed even after they are orphaned. */
    public synchronized void snapshot() {
        if (root != null) {
            root.descendants().forEach(seen::add);
        }
    }

    /**
     * How many processes of the live tree below the root run now, leaving out those of the named
     * program, and those whose program cannot be told (one that is exiting, like a sandbox's init
     * as the bot ends: it must not count as a process the bot left behind).
     */
    public synchronized int runningDescendantsExcept(String program) {
        if (root == null) {
            return 0;
        }
        return (int) root.descendants()
                .filter(ProcessTree::running)
                .filter(h ->
                        !h.info().command().map(c -> c.endsWith("/" + program)).orElse(true))
                .count();
    }

    /** The bot's processes other than the bot itself that are still alive. */
    public synchronized List<ProcessHandle> aliveDescendants() {
        snapshot();
        Set<ProcessHandle> all = new LinkedHashSet<>(seen);
        all.addAll(markedProcesses());
        List<ProcessHandle> alive = new ArrayList<>();
        for (ProcessHandle handle : all) {
            if (running(handle)
                    && (root == null || handle.pid() != root.pid())
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
    public static void kill(List<ProcessHandle> processes, Duration politeWait, Duration patience) {
        if (processes.isEmpty()) {
            return;
        }
        processes.forEach(ProcessHandle::destroy);
        waitForExit(processes, politeWait);
        processes.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        waitForExit(processes, patience);
    }

    /**
     * Polls rather than waiting on {@link ProcessHandle#onExit()}: the JDK completes that only
     * after it has drained the process's output, which a surviving child can hold open.
     */
    public static void waitForExit(List<ProcessHandle> processes, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (processes.stream().anyMatch(ProcessTree::running) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Alive and not a zombie: a process that has exited but is not yet reaped (a sandbox's init
     * whose parent just exited) is gone for every purpose here.
     */
    public static boolean running(ProcessHandle handle) {
        if (!handle.isAlive() || !Portable.procAvailable()) {
            return handle.isAlive();
        }
        try {
            String stat =
                    KernelFiles.read(PROC.resolve(Long.toString(handle.pid())).resolve("stat"));
            return !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        } catch (IOException | RuntimeException e) {
            // No /proc (not Linux), or it exited while we looked: trust isAlive.
            return handle.isAlive();
        }
    }

    /** Remembers which pipes are the bot's standard input, output and error (Linux; nothing elsewhere). */
    public synchronized void notePipes() {
        if (root == null || !Portable.procAvailable()) {
            return;
        }
        for (String fd : List.of("0", "1", "2")) {
            try {
                String target = Files.readSymbolicLink(PROC.resolve(Long.toString(root.pid()))
                                .resolve("fd")
                                .resolve(fd))
                        .toString();
                if (target.startsWith("pipe:")) {
                    pipes.add(target);
                }
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                // The process is already gone or not readable: the other searches still apply.
            }
        }
    }

    /**
     * Processes, other than this JVM and its own children, that hold the bot's pipes open: the
     * last trace of a child that left the process tree and cleared its environment. A child of
     * this JVM is never one: it is a bot (this one's root is ended apart) or a process being
     * started, which holds every descriptor of the JVM, this bot's pipes included, until it
     * closes them before it runs its program. Killing it would end another bot's game.
     */
    public synchronized List<ProcessHandle> pipeHolders() {
        if (pipes.isEmpty()) {
            return List.of();
        }
        long self = ProcessHandle.current().pid();
        List<ProcessHandle> holders = new ArrayList<>();
        try (DirectoryStream<Path> dirs =
                Files.newDirectoryStream(PROC, p -> isNumeric(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                if (pid != self && holdsAny(dir.resolve("fd"))) {
                    ProcessHandle.of(pid).filter(h -> !isChildOf(h, self)).ifPresent(holders::add);
                }
            }
        } catch (IOException | SecurityException e) {
            // /proc unreadable here: nothing more can be found.
        }
        return holders;
    }

    private static boolean isChildOf(ProcessHandle handle, long parent) {
        return handle.parent().map(p -> p.pid() == parent).orElse(false);
    }

    private boolean holdsAny(Path fds) {
        try (DirectoryStream<Path> links = Files.newDirectoryStream(fds)) {
            for (Path link : links) {
                try {
                    if (pipes.contains(Files.readSymbolicLink(link).toString())) {
                        return true;
                    }
                } catch (IOException e) {
                    // A descriptor closed while we looked.
                }
            }
        } catch (IOException | SecurityException e) {
            // Not ours to read, or gone.
        }
        return false;
    }

    /** Processes whose environment carries this bot's marker (Linux only; empty elsewhere). */
    private List<ProcessHandle> markedProcesses() {
        if (!Portable.procAvailable()) {
            return List.of();
        }
        String entry = MARKER_VARIABLE + "=" + marker;
        List<ProcessHandle> found = new ArrayList<>();
        try (DirectoryStream<Path> dirs =
                Files.newDirectoryStream(PROC, p -> isNumeric(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                if (hasEnvironmentEntry(dir.resolve("environ"), entry)) {
                    ProcessHandle.of(Long.parseLong(dir.getFileName().toString()))
                            .ifPresent(found::add);
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

    public synchronized Optional<ProcessHandle> root() {
        return Optional.ofNullable(root);
    }
}
