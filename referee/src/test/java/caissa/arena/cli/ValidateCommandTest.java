package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.diagnostics.Hints;
import caissa.arena.linux.Portable;
import caissa.arena.records.Json;
import caissa.arena.records.ValidateLayout;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code caissa validate} on real processes: a good bot passes, each misbehaviour fails the check that names it. */
class ValidateCommandTest {

    @TempDir
    Path dir;

    /** The bots' folder open to all, as a submission's is: a root arena's bots run as nobody, sandboxed or not. */
    @BeforeEach
    void openToAll() throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    static CommandRun validate(String... args) {
        List<String> all = new ArrayList<>(List.of("validate"));
        all.addAll(List.of(args));
        all.addAll(List.of("--opponent", TestBots.command("random", "5").display()));
        if (!all.contains("--games")) {
            all.addAll(List.of("--games", "1"));
        }
        if (!all.contains("--concurrency")) {
            all.addAll(List.of("--concurrency", "2"));
        }
        if (!all.contains("--first-move-allowance")) {
            all.addAll(List.of("--first-move-allowance", "10s"));
        }
        Path made = null;
        if (!all.contains("--out")) {
            // Never into the source tree: each run's game logs go to a folder of its own, removed after.
            try {
                made = Files.createTempDirectory("caissa-validate");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            all.addAll(List.of("--out", made.toString()));
        }
        try {
            return CommandRun.of(all);
        } finally {
            if (made != null) {
                removeTree(made);
            }
        }
    }

    private static void removeTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String bot(String... args) {
        return TestBots.command(args).display();
    }

    private static String lastLine(String text) {
        List<String> lines = text.lines().toList();
        return lines.get(lines.size() - 1);
    }

    @Test
    void aWellBehavedBotPassesEveryCheck() {
        CommandRun run = validate(bot("random", "9"), "--name", "good");

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .contains(
                        "answers start  pass",
                        "plays black    pass",
                        "legal moves    pass",
                        "clock          pass",
                        "no crash       pass",
                        "limits         pass",
                        "exits on end   pass",
                        "no leftovers   pass",
                        "stderr         pass");
        assertThat(lastLine(run.out())).isEqualTo("PASS: good passed all 9 checks");
    }

    @Test
    void withABookEachGamePairPlaysTheNextLineAndTheLogsSaySo() throws IOException {
        Path book = Files.writeString(dir.resolve("book.txt"), "# two openings\nb2-c4 e6-d5\nc2-a4\n");
        Path out = dir.resolve("out");

        CommandRun run =
                validate(bot("random", "9"), "--name", "good", "--openings", book.toString(), "--out", out.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        Path log = ValidateLayout.gameFile(out, 1, 12);
        JsonNode first = Json.mapper().readTree(log.toFile());
        assertThat(first.get("book").get("line").asInt()).isEqualTo(2);
        assertThat(first.get("opening").toString()).isEqualTo("[\"b2-c4\",\"e6-d5\"]");
    }

    @Test
    void aBadBookIsOneLineNamingItsLineAndExitCode2() throws IOException {
        Path book = Files.writeString(dir.resolve("bad.txt"), "b2-c4\nhello\n");

        CommandRun run = validate(bot("random", "9"), "--openings", book.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().strip())
                .isEqualTo("caissa validate: " + book
                        + ":2: 'hello' is not a caissa move (e.g. b2-c4) nor a position in CFN");
    }

    @ParameterizedTest(name = "{0} fails {2}")
    @CsvSource(delimiter = '|', textBlock = """
            crash            | 2 | no crash      | exited with status 3 before the game was over
            illegal          | 1 | legal moves   | , which is illegal:
            garbage          | 2 | legal moves   | replied 'hello referee', which is not a move
            hang             | 2 | clock         | did not reply within
            ignore-end       | 1 | exits on end  | had to be killed after 'end' in 2 of 2 games
            grandchild       | 1 | no leftovers  | 2 processes it started were still running after 2 of 2 games and were killed
            detach           | 1 | no leftovers  | processes it started were still running after 2 of 2 games and were killed
            exit-immediately | 1 | answers start | no legal first move as White in 1 of 1 games
            """)
    void aMisbehaviourFailsTheCheckThatNamesIt(String behaviour, String at, String check, String evidence) {
        CommandRun run = validate(bot(behaviour, at), "--name", "bad", "--time-per-game", "2s");

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
        String line = run.out()
                .lines()
                .filter(l -> l.startsWith("  " + check + " "))
                .findFirst()
                .orElseThrow();
        assertThat(line).contains("FAIL").contains(evidence);
        assertThat(lastLine(run.out())).startsWith("FAIL: bad failed ").contains(check);
    }

    /**
     * A bot that loses by going over a limit could not play a contest with those limits: it fails
     * {@code limits}, whose evidence names the limit and the peak, with cgroups and without.
     */
    @ParameterizedTest(name = "cgroups {0}")
    @ValueSource(strings = {"on", "off"})
    void aBotThatGoesOverItsMemoryLimitFailsTheLimitsCheckNamingTheLimitAndThePeak(String cgroups) {
        Assumptions.assumeFalse(Portable.on(), "portable mode enforces no limits");
        Sandboxes.withCgroups(cgroups, () -> {
            // A roomy clock: near its limit the kernel may take seconds to kill the hog (see HostileBotsTest).
            CommandRun run =
                    validate(bot("memory-hog", "2"), "--name", "hog", "--memory", "256M", "--time-per-game", "60s");

            assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
            String line = run.out()
                    .lines()
                    .filter(l -> l.startsWith("  limits "))
                    .findFirst()
                    .orElseThrow();
            assertThat(line)
                    .contains("FAIL")
                    .contains("lost by", "went over its memory limit of 256 MiB")
                    .containsPattern("peak");
            assertThat(lastLine(run.out())).startsWith("FAIL: hog failed ").contains("limits");
        });
    }

    @Test
    void aBotThatNeverAnswersStopsTheValidationAfterTwoGamesWithTheHintAtOnce() throws IOException {
        // Three games a colour, six in all, one at a time: the third is never started.
        CommandRun run = validate(
                bot("hang", "1"),
                "--name",
                "mute",
                "--games",
                "3",
                "--concurrency",
                "1",
                "--time-per-game",
                "1s",
                "--first-move-allowance",
                "3s");

        assertThat(run.exitCode()).isEqualTo(1);
        List<String> lines = run.out().lines().toList();
        int stop = lines.indexOf(lines.stream()
                .filter(l -> l.startsWith(
                        "  stopped after 2 of 6 games: mute lost 2 games" + " without playing a move (time-forfeit: "))
                .findFirst()
                .orElseThrow(() -> new AssertionError(run.out())));
        assertThat(lines.get(stop)).contains("; hint: " + Hints.FLUSH);
        // Said as soon as it is known: right after the second game's line, before the checklist.
        assertThat(lines.get(stop - 1)).startsWith("  game 2/6: ");
        assertThat(lines.stream().filter(l -> l.startsWith("  game ")).count()).isEqualTo(2);
        assertThat(run.out()).contains("note: stopped after 2 of 6 games");
        assertThat(lastLine(run.out())).startsWith("FAIL: mute failed ");
    }

    @Test
    void theJsonReportCarriesTheChecklistAndTheGames() throws IOException {
        Path file = dir.resolve("report.json");
        CommandRun run = validate(bot("crash", "3"), "--name", "bad", "--json", file.toString());

        // The checklist as without --json, and the document in the file, as match --json FILE writes one.
        assertThat(run.out()).contains("report: " + file).contains("FAIL: bad failed ");
        JsonNode report = Json.mapper().readTree(file.toFile());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(report.get("schema").asText()).isEqualTo("caissa-arena/validation/1");
        assertThat(report.get("passed").asBoolean()).isFalse();
        assertThat(report.get("checks")).hasSize(9);
        assertThat(report.get("games")).hasSize(2);
        assertThat(report.get("games").get(0).get("colour").asText()).isEqualTo("white");
        // It crashed in both games, so whether it exits on "end" could not be seen: not checked, and no second failure.
        assertThat(report.get("verdict").asText())
                .isEqualTo("FAIL: bad failed 1 of 9 checks: no crash; not checked: exits on end");
    }

    @Test
    void aSourceFileThatDoesNotCompileFailsTheBuildWithTheCompilersMessages() throws IOException {
        Path source = Files.writeString(dir.resolve("broken.c"), "int main(void) { return nope; }\n");

        CommandRun run = validate(source.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out())
                .contains("build  FAIL  gcc -O2 -o")
                .contains("gcc exited with status 1")
                .contains("error: ")
                .contains("nope")
                .contains("undeclared");
        assertThat(lastLine(run.out())).isEqualTo("FAIL: broken does not build (C)");
    }

    @Test
    @Timeout(60) // without the tree kill the build waits for its orphaned compiler for ever
    void aBuildThatRunsPastItsTimeLimitFailsAndLeavesNoCompilerRunning() throws Exception {
        // Including a FIFO nobody writes to blocks the compiler proper (cc1) for ever.
        Path fifo = dir.resolve("never");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        Path source =
                Files.writeString(dir.resolve("slow.c"), "#include \"" + fifo + "\"\nint main(void) { return 0; }\n");

        // Without a sandbox: the FIFO must be reachable from the compiler (a sandboxed build sees only its own folder).
        CommandRun run = validate(source.toString(), "--build-timeout", "2s", "--sandbox", "none");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("build  FAIL  gcc -O2 -o").contains("the build took longer than 2 s");
        // Orphaned compiler processes leave our process tree: look for them among all processes.
        assertThat(ProcessHandle.allProcesses()
                        .filter(p -> p.info()
                                .arguments()
                                .map(a -> String.join(" ", a).contains(source.toString()))
                                .orElse(false))
                        .filter(p -> TestBots.running(p.pid())))
                .isEmpty();
    }

    @Test
    @Timeout(120)
    void aCompilerThatEatsMemoryStopsAtTheCapAndFailsTheBuild() throws Exception {
        Sandboxes.assumeCgroups();
        Path source =
                Files.writeString(dir.resolve("zero.c"), "#include \"/dev/zero\"\nint main(void) { return 0; }\n");

        CommandRun run = validate(source.toString(), "--memory", "256M", "--build-timeout", "100s");

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(run.out())
                .contains("build  FAIL  gcc -O2 -o")
                .contains("the build went over its memory limit of 256 MiB");
        assertThat(lastLine(run.out())).isEqualTo("FAIL: zero does not build (C)");
    }

    @Test
    void aJavaSourceFileIsCompiledAndRun() throws IOException {
        Path source = Files.writeString(dir.resolve("FirstMove.java"), """
                import java.io.*;
                public class FirstMove {
                    // Not a real bot: it answers 'start' and then stops, which the checks catch.
                    public static void main(String[] args) throws IOException {
                        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
                        if ("start".equals(in.readLine())) {
                            System.out.println("b2-c4");
                            System.out.flush();
                        }
                    }
                }
                """);

        CommandRun run = validate(source.toString());

        assertThat(run.out())
                .contains("build          pass  javac -encoding UTF-8 -d ")
                .contains("answers start  pass")
                .contains("no crash       FAIL");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void aMissingSourceFileIsBadUsage() {
        CommandRun run = validate(dir.resolve("nothing.py").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("caissa validate: BOT: no such source file: " + dir.resolve("nothing.py")
                        + System.lineSeparator());
    }

    @Test
    void aCommandThatCannotStartIsBadUsage() {
        CommandRun run = validate("/nonexistent/bot --fast");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("caissa validate: BOT: no such file: /nonexistent/bot");
    }
}
