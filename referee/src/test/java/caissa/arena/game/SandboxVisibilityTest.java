package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.diagnostics.Preflight;
import caissa.arena.program.BotCommand;
import caissa.arena.sandbox.Isolation;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a sandbox shows a bot of its own files: the folder of every program, script or jar its
 * command names, so that a bot of several files works; and what it refuses to run, in one line
 * with the fix, where a bot's files could not be shown to it.
 */
class SandboxVisibilityTest {

    private static final TimeControl CLOCK =
            new TimeControl(Duration.ofSeconds(5), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));
    private static final Path EXAMPLES =
            Path.of("..", "sample-bots", "examples").toAbsolutePath().normalize();

    @TempDir
    Path temp;

    @BeforeEach
    void sandboxOnly() {
        Sandboxes.assumeSandbox();
    }

    /** A folder readable by all, as submissions are (a root arena runs bots as nobody). */
    private Path openFolder(String name) throws IOException {
        Path dir = Files.createDirectories(temp.resolve(name));
        try (Stream<Path> paths = Files.walk(temp)) {
            for (Path p : paths.toList()) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        return dir;
    }

    /** {@code python3 DIR/bot.py}, where bot.py imports the engine module beside it. */
    private Entrant pythonBotOfTwoFiles(Path dir) throws IOException {
        Files.copy(EXAMPLES.resolve("random_bot.py"), dir.resolve("engine.py"));
        Files.writeString(dir.resolve("bot.py"), "import engine\nengine.main()\n");
        for (String file : List.of("engine.py", "bot.py")) {
            Files.setPosixFilePermissions(dir.resolve(file), PosixFilePermissions.fromString("rw-r--r--"));
        }
        return new Entrant(
                "two-files",
                new BotCommand(
                        List.of("/usr/bin/python3", dir.resolve("bot.py").toString()), Optional.empty(), Map.of()));
    }

    @Test
    void aBotThatImportsItsOwnModuleFindsItInTheSandbox() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "needs /usr/bin/python3");
        Entrant bot = pythonBotOfTwoFiles(openFolder("bots/two-files"));

        GameRecord record = Game.play(GameSetup.of(bot, TestBots.entrant("random", "random"), CLOCK));

        assertThat(record.termination().isIrregular())
                .as(record.reason() + " / " + record.white().stderr().head())
                .isFalse();
        assertThat(record.white().sandbox().sandbox()).isEqualTo("bwrap");
    }

    /**
     * {@code java @FILE}: the JVM reads its options from the file, which the sandbox must show
     * (here under {@code /tmp}, which a sandbox replaces with its own).
     */
    @Test
    void aJvmWhoseOptionsAreInAnArgumentFilePlays() throws IOException {
        BotCommand inline = TestBots.command("random");
        List<String> argv = inline.argv();
        Path argFile = temp.resolve("bot.args");
        Files.writeString(
                argFile,
                argv.subList(1, argv.size()).stream()
                        .map(arg -> "\"" + arg + "\"")
                        .collect(Collectors.joining(" ", "", "\n")));
        Files.setPosixFilePermissions(argFile, PosixFilePermissions.fromString("rw-r--r--"));
        Entrant bot = new Entrant(
                "argfile", new BotCommand(List.of(argv.get(0), "@" + argFile), Optional.empty(), inline.env()));

        GameRecord record = Game.play(GameSetup.of(bot, TestBots.entrant("random", "random"), CLOCK));

        assertThat(record.termination().isIrregular())
                .as(record.reason() + " / " + record.white().stderr().head())
                .isFalse();
        assertThat(record.white().sandbox().sandbox()).isEqualTo("bwrap");
    }

    /** The other bot's files stay hidden even where both bots live in one folder. */
    @Test
    void twoBotsInOneFolderDoNotSeeEachOthersFiles() throws IOException {
        Path dir = openFolder("bots/shared");
        Path secret = Files.writeString(dir.resolve("victim-book.txt"), "the victim's book\n");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-r--r--"));
        Path notes = Files.writeString(dir.resolve("attacker-notes.txt"), "the attacker's notes\n");
        Files.setPosixFilePermissions(notes, PosixFilePermissions.fromString("rw-r--r--"));
        // Its own data file in the same folder makes that folder visible to it.
        BotCommand attacker = TestBots.command("attack", "1", "read=" + secret, "read=" + notes, notes.toString());
        BotCommand victim = TestBots.command("random");
        // The victim names its book on its command line, as a bot names its data.
        Entrant victimWithBook = new Entrant(
                "victim",
                new BotCommand(
                        Stream.concat(victim.argv().stream(), Stream.of(secret.toString()))
                                .toList(),
                        Optional.empty(),
                        victim.env()));

        GameRecord record = Game.play(GameSetup.of(new Entrant("attacker", attacker), victimWithBook, CLOCK));

        assertThat(record.white().stderr().head())
                .contains("attack: read " + notes + ": ok")
                .contains("attack: read " + secret + ": denied");
    }

    /** Hiding a folder and a folder inside it (play's reports/ and reports/play) still starts the bots. */
    @Test
    void nestedHiddenFoldersAreHiddenOnce() throws IOException {
        Path root = openFolder("project");
        Path reports = Files.createDirectories(root.resolve("reports/play"));
        Isolation isolation = Isolation.defaults().hiding(List.of(root.resolve("reports"), reports));
        Entrant bot = new Entrant(
                "random",
                new BotCommand(
                        TestBots.command("random").argv(),
                        Optional.of(root),
                        TestBots.command("random").env()));

        assertThat(Preflight.problem(GameSetup.of(bot, bot, CLOCK).withIsolation(isolation), bot))
                .isEmpty();
    }

    @Test
    void aBotWhoseFilesLieInTheHiddenOutputIsRefusedNamingBothAndTheFix() throws IOException {
        Path output = openFolder("out");
        Path inside = openFolder("out/bots/mine");
        Files.copy(EXAMPLES.resolve("random_bot.py"), inside.resolve("bot.py"));
        Entrant bot = new Entrant(
                "mine",
                new BotCommand(
                        List.of("/usr/bin/python3", inside.resolve("bot.py").toString()), Optional.empty(), Map.of()));

        Optional<String> problem = Preflight.problem(
                GameSetup.of(bot, bot, CLOCK).withIsolation(Isolation.defaults().hiding(List.of(output))), bot);

        assertThat(problem)
                .hasValue(
                        "could not be started: its file " + inside + " lies inside " + output
                                + ", which no bot may see (the run's output): move the bot out of it, or write the output elsewhere (--out)");
    }

    /**
     * As root a sandboxed bot runs as nobody: a file of its that only its owner may read is found
     * before the games, with the chmod; a file in a folder closed to others is shown alone.
     */
    @Test
    void asRootABotFileClosedToOthersIsRefusedWithTheChmod() throws IOException {
        Sandboxes.assumeRoot("a sandboxed bot runs as nobody only when the arena is root");
        Path closed = openFolder("private");
        Path script = Files.copy(EXAMPLES.resolve("random_bot.py"), closed.resolve("bot.py"));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rw-------"));
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwx------"));
        Entrant bot = new Entrant(
                "private", new BotCommand(List.of("/usr/bin/python3", script.toString()), Optional.empty(), Map.of()));

        Optional<String> problem = Preflight.problem(GameSetup.of(bot, bot, CLOCK), bot);

        assertThat(problem)
                .hasValue("could not be started: its file " + script + " cannot be read by the user bots run as"
                        + " (a user of its own, since the arena runs as root): chmod o+r " + script);
        // Readable by all, in a folder still closed to others: the file alone is shown, and it plays.
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(Preflight.problem(GameSetup.of(bot, bot, CLOCK), bot)).isEmpty();
    }
}
