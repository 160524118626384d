package caissa.arena.testbots;

import caissa.arena.bot.StderrExcerpt;
import caissa.arena.game.Entrant;
import caissa.arena.program.BotCommand;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Commands that start {@link TestBot} as a real process, and checks on what it left behind. */
public final class TestBots {

    private static final Pattern PID = Pattern.compile("(?m)^(?:child-)?pid (\\d+)$");

    private TestBots() {}

    /**
     * The test bot needs only the arena's and the tests' own classes, not the libraries: with them
     * (the contest server's among them) its class path is longer than the 4,096 characters a bot's
     * argument may have.
     */
    private static final String OWN_CLASSES = Arrays.stream(
                    System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(entry -> Files.isDirectory(Path.of(entry)))
            .collect(Collectors.joining(File.pathSeparator));

    /** The environment variable that carries a test bot's token to it and to every process it starts. */
    public static final String TOKEN_VARIABLE = "CAISSA_TEST_TOKEN";

    private static final AtomicLong TOKENS = new AtomicLong();

    /**
     * {@code java ... TestBot args}: a separate JVM on the test class path, with a token of its
     * own in its environment (and on its children's command lines) by which {@link #processesOf}
     * finds its processes from the host, inside a sandbox or not.
     */
    public static BotCommand command(String... args) {
        List<String> argv = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Xshare:auto",
                "-cp",
                OWN_CLASSES));
        if (args.length > 0 && args[0].equals("memory-hog")) {
            // A JVM sizes its heap from the cgroup's memory limit it sees (outside a sandbox's
            // cgroup namespace it sees the bot's): the hog must reach the limit, not its own heap's end.
            argv.add("-Xmx2g");
        }
        argv.add(TestBot.class.getName());
        argv.addAll(List.of(args));
        // A number, so that a child can carry it as a harmless extra argument to sleep.
        String token = String.format("0.%06d%09d", ProcessHandle.current().pid() % 1_000_000, TOKENS.incrementAndGet());
        return new BotCommand(argv, Optional.empty(), Map.of(TOKEN_VARIABLE, token));
    }

    /**
     * The processes on this machine that belong to the test bot started with {@code command}:
     * its token is in their environment or on their command line. Zombies do not count.
     */
    public static List<Long> processesOf(BotCommand command) {
        String token = command.env().get(TOKEN_VARIABLE);
        return token == null ? new ArrayList<>() : processesCarrying(token);
    }

    /**
     * The processes on this machine that carry {@code token} in their environment (as the test
     * bots' variable) or on their command line. Zombies do not count.
     */
    public static List<Long> processesCarrying(String token) {
        List<Long> found = new ArrayList<>();
        try (var dirs = Files.newDirectoryStream(
                Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : dirs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                if (pid != ProcessHandle.current().pid()
                        && (contains(dir.resolve("environ"), TOKEN_VARIABLE + "=" + token)
                                || contains(dir.resolve("cmdline"), token))
                        && running(pid)) {
                    found.add(pid);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    private static boolean contains(Path file, String text) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    public static Entrant entrant(String name, String... args) {
        return new Entrant(name, command(args));
    }

    /** The process ids a test bot announced on standard error (its own and its child's). */
    public static List<Long> announcedPids(StderrExcerpt stderr) {
        List<Long> pids = new ArrayList<>();
        Matcher m = PID.matcher(stderr.head());
        while (m.find()) {
            pids.add(Long.parseLong(m.group(1)));
        }
        return pids;
    }

    /** Whether a process runs (a zombie waiting to be reaped by init does not count). */
    public static boolean running(long pid) {
        return ProcessHandle.of(pid)
                .map(handle -> handle.isAlive() && !zombie(pid))
                .orElse(false);
    }

    private static boolean zombie(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        } catch (IOException e) {
            return false;
        }
    }
}
