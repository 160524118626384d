package caissa.arena.sandbox;

import caissa.arena.linux.BotCgroup;
import caissa.arena.linux.Portable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A small process of the arena's that cleans up after it however it ends, SIGKILL included,
 * without waiting for a later run: the arena tells it, one line each on a pipe, the bots it starts
 * and ends and the folders it makes and removes; when the pipe closes (the arena exited or was
 * killed: the kernel closes its end either way), it kills the bots still listed with their
 * process groups and descendants, removes the cgroups of arenas that are gone (thawing a frozen
 * bot first, see {@link BotCgroup#sweepStale}) and deletes the folders still listed.
 *
 * <p>It ignores SIGINT, SIGTERM and SIGHUP, so that Ctrl-C on the arena's process group leaves it
 * to do its work after the arena's own. Started at the first bot, once for the arena's life.
 */
public final class ArenaWatcher {

    private static OutputStream pipe;
    private static boolean failed;

    private ArenaWatcher() {}

    /** A bot's process (its launcher's pid, the leader of its process group when it has one) was started. */
    public static void botStarted(long pid) {
        tell("+p " + pid);
    }

    /** The bot's process ended and everything it started was ended: nothing left to kill. */
    public static void botEnded(long pid) {
        tell("-p " + pid);
    }

    /** A folder of the arena's that must not outlive it. */
    static void folderMade(Path folder) {
        tell("+d " + folder.toAbsolutePath());
    }

    static void folderRemoved(Path folder) {
        tell("-d " + folder.toAbsolutePath());
    }

    private static synchronized void tell(String line) {
        if (failed || Portable.on()) {
            return;
        }
        try {
            if (pipe == null) {
                pipe = start();
            }
            pipe.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            pipe.flush();
        } catch (IOException e) {
            // Without its watcher the arena still cleans up after itself when it can, and the next
            // arena sweeps what a killed one left: say it once, and run on.
            failed = true;
            System.err.println(
                    "caissa: could not keep the process that cleans up after a killed arena: " + e.getMessage());
        }
    }

    private static OutputStream start() throws IOException {
        List<String> argv = new ArrayList<>(List.of(
                "/bin/sh",
                "-c",
                "trap '' INT TERM HUP; exec \"$@\"",
                "caissa-watcher",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC",
                "-Xmx32m",
                "-XX:TieredStopAtLevel=1",
                "-Xshare:auto",
                "-cp",
                System.getProperty("java.class.path"),
                ArenaWatcher.class.getName(),
                Long.toString(ProcessHandle.current().pid())));
        Process watcher = new ProcessBuilder(argv)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        return watcher.getOutputStream();
    }

    /** The watcher's own life: read what the arena says until it is gone, then clean up. */
    public static void main(String[] args) throws IOException, InterruptedException {
        long arena = Long.parseLong(args[0]);
        Set<Long> bots = new LinkedHashSet<>();
        Set<Path> folders = new LinkedHashSet<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.length() < 3) {
                    continue;
                }
                String what = line.substring(3);
                switch (line.substring(0, 2)) {
                    case "+p" -> bots.add(Long.parseLong(what));
                    case "-p" -> bots.remove(Long.parseLong(what));
                    case "+d" -> folders.add(Path.of(what));
                    case "-d" -> folders.remove(Path.of(what));
                    default -> {}
                }
            }
        }
        // The pipe closes as the arena ends: its bots first, before they can notice and do anything.
        for (long pid : bots) {
            kill(pid);
        }
        // A normal exit closes the pipe a moment before the process is gone; its groups are swept once it is.
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (ProcessHandle.of(arena).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        if (BotCgroup.available()) {
            BotCgroup.sweepStale();
        }
        for (Path folder : folders) {
            delete(folder);
        }
    }

    /** SIGKILL to the bot's process group, to its process and to every descendant it still has. */
    private static void kill(long pid) throws InterruptedException {
        ProcessHandle.of(pid).ifPresent(p -> {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        });
        try {
            new ProcessBuilder("kill", "-KILL", "--", "-" + pid)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start()
                    .waitFor();
        } catch (IOException e) {
            // No kill command: the process and its descendants were killed above.
        }
    }

    private static void delete(Path folder) {
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException | UncheckedIOException e) {
            // Gone already, or not ours to remove.
        }
    }
}
