package caissa.arena.program;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns {@code sample:NAME [args]} into the real command that starts a bundled sample bot: a
 * separate {@code java} process on the sample-bots jar, started and timed exactly like a user's bot.
 */
public final class SampleBots {

    public static final String PREFIX = "sample:";
    public static final List<String> NAMES = List.of("random", "greedy", "alphabeta");

    /** Overrides where the sample bots are: a jar or a class path. */
    public static final String CLASSPATH_PROPERTY = "caissa.sample-bots";

    private static final String HOME_PROPERTY = "caissa.home";
    private static final String JAR = "sample-bots/target/caissa-sample-bots.jar";
    private static final String MAIN_CLASS = "caissa.bots.SampleBot";

    private SampleBots() {}

    public static boolean isSample(BotCommand command) {
        return command.argv().get(0).startsWith(PREFIX);
    }

    /**
     * The command to run: unchanged for a user's bot, the {@code java} command for a sample bot.
     *
     * @throws IllegalArgumentException for an unknown sample name or when the sample bots have not been built
     */
    public static BotCommand resolve(BotCommand command) {
        if (!isSample(command)) {
            return command;
        }
        String name = command.argv().get(0).substring(PREFIX.length());
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("unknown sample bot '"
                    + command.argv().get(0) + "' (known: sample:" + String.join(", sample:", NAMES) + ")");
        }
        String classpath = classpath();
        List<String> argv = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // Bots run many at a time: a small serial heap starts fast and stays small.
                "-XX:+UseSerialGC",
                "-Xmx256m",
                "-Xss8m"));
        if (!name.equals("alphabeta")) {
            // Little to compute: the client compiler is enough and costs less CPU while warming up.
            argv.add("-XX:TieredStopAtLevel=1");
        }
        argv.addAll(quietJvm(sharedArchive(classpath)));
        argv.addAll(List.of("-cp", classpath, MAIN_CLASS, name));
        argv.addAll(command.argv().subList(1, command.argv().size()));
        return new BotCommand(argv, command.workingDir(), command.env());
    }

    /**
     * Options that keep a JVM bot's standard output for its moves: the JVM's own log lines go to
     * standard error (by default its warnings go to standard output, which the arena would read
     * as a reply), and a class-data archive that cannot be used (one recorded for a checkout
     * since moved or copied elsewhere) is ignored without a word.
     */
    static List<String> quietJvm(Optional<Path> archive) {
        List<String> options = new ArrayList<>(List.of("-Xlog:disable", "-Xlog:all=warning:stderr"));
        archive.ifPresent(file -> options.addAll(List.of(
                "-XX:SharedArchiveFile=" + file,
                "-Xshare:auto",
                "-Xlog:cds=off:stderr",
                "-Xlog:cds+dynamic=off:stderr")));
        return options;
    }

    /**
     * The class-data archive that ./caissa records beside the sample bots' jar, when it is newer
     * than the jar: the bots then map their classes instead of loading them at every start.
     */
    private static Optional<Path> sharedArchive(String classpath) {
        if (!classpath.endsWith(".jar")) {
            return Optional.empty();
        }
        Path jar = Path.of(classpath);
        Path archive = Path.of(classpath.substring(0, classpath.length() - 4) + ".jsa");
        try {
            if (Files.isRegularFile(archive)
                    && Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) > 0) {
                return Optional.of(archive);
            }
        } catch (IOException | InvalidPathException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static String classpath() {
        String configured = System.getProperty(CLASSPATH_PROPERTY, System.getenv("CAISSA_SAMPLE_BOTS"));
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        Path jar = home().map(h -> h.resolve(JAR))
                .orElseThrow(() -> new IllegalArgumentException("cannot find the sample bots: run the arena"
                        + " with ./caissa, or set -D" + CLASSPATH_PROPERTY + "=<jar>"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException(
                    "the sample bots are not built (" + jar + " is missing): run ./caissa or mvn -B package first");
        }
        return jar.toString();
    }

    /** The project root: from {@code -Dcaissa.home} (set by ./caissa) or the referee jar's location. */
    private static Optional<Path> home() {
        String home = System.getProperty(HOME_PROPERTY);
        if (home != null) {
            return Optional.of(Path.of(home));
        }
        try {
            Path code = Path.of(SampleBots.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            // referee/target/caissa-arena.jar or referee/target/classes: the root is three levels up.
            Path root = code.getParent() == null ? null : code.getParent().getParent();
            return Optional.ofNullable(root == null ? null : root.getParent());
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            return Optional.empty();
        }
    }
}
