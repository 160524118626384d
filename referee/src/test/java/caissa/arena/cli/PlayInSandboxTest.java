package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.command.ExitCodes;
import caissa.arena.diagnostics.Hints;
import caissa.arena.records.ReportsDirectory;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.SystemProperty;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.BrokenSandbox;
import caissa.arena.testkit.CommandRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code caissa play} as a bot author runs it, under the default sandbox: its log beside the
 * bot, or in the project's reports/play by default. The log is hidden from the bots, never the
 * folder around it.
 */
class PlayInSandboxTest {

    @TempDir
    Path temp;

    @BeforeEach
    void sandboxOnly() {
        Sandboxes.assumeSandbox();
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "needs /usr/bin/python3");
    }

    /** A bot author's folder with their bot in it, readable by all as submissions are. */
    private Path botFolder(String name) throws IOException {
        Path dir = Files.createDirectories(temp.resolve(name));
        Files.copy(Path.of("..", "sample-bots", "examples", "random_bot.py"), dir.resolve("bot.py"));
        try (Stream<Path> paths = Files.walk(temp)) {
            for (Path p : paths.toList()) {
                Files.setPosixFilePermissions(
                        p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
        return dir;
    }

    @Test
    void aGameLogBesideTheBotLeavesTheBotItsFolder() throws IOException {
        Path dir = botFolder("mybot");
        Path log = dir.resolve("game.json");

        CommandRun run = CommandRun.of(
                "play",
                "--white",
                "/usr/bin/python3 " + dir.resolve("bot.py"),
                "--black",
                TestBots.command("random").display(),
                "--out",
                log.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out())
                .doesNotContain("(crash)")
                .doesNotContain("(start-failure)")
                .contains("result: ");
        assertThat(log).isRegularFile();
    }

    /** A sandbox the arena cannot build is its own start-failure, not the bot's crash: the game did not happen. */
    @Test
    void aSandboxThatCannotBeBuiltIsAStartFailureAndExitCode4() throws Exception {
        Path dir = botFolder("mybot");
        Path missing = temp.resolve("not-there");

        CommandRun run = playWithBrokenSandbox(
                missing,
                "--white",
                "/usr/bin/python3 " + dir.resolve("bot.py"),
                "--black",
                TestBots.command("random").display(),
                "--out",
                temp.resolve("game.json").toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.NO_RESULT);
        assertThat(run.out())
                .contains("(start-failure)")
                .doesNotContain("(crash)")
                .contains("hint: " + Hints.ARENA_LAUNCH);
        assertThat(Files.readString(temp.resolve("game.json"))).contains("bwrap: Can't find source path " + missing);
    }

    /** {@code caissa play ARGS} as {@link Main#run} runs it, its bots held by a sandbox bubblewrap cannot build. */
    private static CommandRun playWithBrokenSandbox(Path missing, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = Stream.concat(Stream.of("play"), Stream.of(args)).toArray(String[]::new);
        CommandLine line = Main.commandLine(all);
        ((PlayCommand) line.getSubcommands().get("play").getCommand()).parts = BrokenSandbox.parts(missing);
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        line.setExecutionExceptionHandler(new Main.ErrorHandler());
        line.setParameterExceptionHandler(new Main.UsageErrorHandler());
        return new CommandRun(line.execute(all), out.toString(), err.toString());
    }

    /**
     * A bot at the project's root, as the sample bots are under the repository's: reports/ and
     * reports/play lie in its folder and are both hidden, which bubblewrap cannot do by covering
     * the second inside the first.
     */
    @Test
    void theDefaultLogUnderTheProjectsReportsPlays() throws IOException {
        Files.createDirectories(temp.resolve("project/reports/play"));
        Path project = botFolder("project");
        Path dir = project;
        SystemProperty.with(
                ReportsDirectory.WORKING_FOLDER,
                project.toString(),
                () -> SystemProperty.with("caissa.home", project.toString(), () -> {
                    CommandRun run = CommandRun.of(
                            "play",
                            "--white",
                            "/usr/bin/python3 " + dir.resolve("bot.py"),
                            "--black",
                            TestBots.command("random").display());

                    assertThat(run.exitCode()).as(run.err()).isZero();
                    assertThat(run.out())
                            .doesNotContain("(crash)")
                            .doesNotContain("(start-failure)")
                            .contains("result: ");
                }));
        try (Stream<Path> logs = Files.list(project.resolve("reports/play"))) {
            assertThat(logs.filter(p -> p.toString().endsWith(".json"))).hasSize(1);
        }
    }

    /**
     * The bot guide's first command, {@code caissa play --white sample:random --black sample:greedy},
     * from the project's root with the default log (./caissa sets caissa.home to the root): the
     * sample bots play in the default sandbox, and the log lands in the project's reports/play.
     */
    @Test
    void theSampleBotsPlayFromTheProjectRootWithTheDefaultLog() throws IOException {
        // The sample bots' jar of this checkout, which the build makes after the referee's tests.
        Path jar = Path.of("..", "sample-bots", "target", "caissa-sample-bots.jar")
                .toAbsolutePath()
                .normalize();
        Assumptions.assumeTrue(Files.isRegularFile(jar), "needs the sample bots built (mvn -B package)");
        Path project = botFolder("root");
        Files.createDirectories(project.resolve("sample-bots/target"));
        Files.copy(jar, project.resolve("sample-bots/target/caissa-sample-bots.jar"));
        SystemProperty.with(
                ReportsDirectory.WORKING_FOLDER,
                project.toString(),
                () -> SystemProperty.with("caissa.home", project.toString(), () -> {
                    CommandRun run = CommandRun.of("play", "--white", "sample:random", "--black", "sample:greedy");

                    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
                    assertThat(run.out())
                            .doesNotContain("(crash)")
                            .doesNotContain("(start-failure)")
                            .contains("result: ");
                }));
        try (Stream<Path> logs = Files.list(project.resolve("reports/play"))) {
            assertThat(logs.filter(p -> p.toString().endsWith(".json"))).hasSize(1);
        }
    }

    /** From a bot's own folder (its reports/ there), its own script against a sample bot. */
    @Test
    void aBotPlaysFromItsOwnFolderWithTheDefaultLog() throws IOException {
        Path dir = botFolder("ownfolder");
        // Run from the bot's folder: the command's working folder.
        SystemProperty.with(ReportsDirectory.WORKING_FOLDER, dir.toString(), () -> {
            CommandRun run = CommandRun.of(
                    "play",
                    "--white",
                    "/usr/bin/python3 " + dir.resolve("bot.py"),
                    "--black",
                    TestBots.command("random").display());

            assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
            assertThat(run.out())
                    .doesNotContain("(crash)")
                    .doesNotContain("(start-failure)")
                    .contains("result: ");
        });
        try (Stream<Path> logs = Files.list(dir.resolve("reports/play"))) {
            assertThat(logs.filter(p -> p.toString().endsWith(".json"))).hasSize(1);
        }
    }
}
