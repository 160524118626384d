package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Options are as strict as files: names printable and short, no control characters in commands,
 * numbers and durations within their documented maxima, and a log that cannot be written found
 * out before the game is played. Each is one line on stderr and a documented exit code.
 */
class StrictOptionsTest {

    @TempDir
    Path dir;

    private static String bot(String seed) {
        return TestBots.command("random", seed).display();
    }

    private CommandRun play(String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "play",
                "--white",
                bot("1"),
                "--black",
                bot("2"),
                "--first-move-allowance",
                "10s",
                "--out",
                dir.resolve("log.json").toString()));
        args.addAll(List.of(extra));
        return CommandRun.of(args.toArray(String[]::new));
    }

    private static void assertOneLine(CommandRun run, int exit, String line) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(exit);
        assertThat(run.errLines()).containsExactly(line);
    }

    @Test
    void aNameWithANewlineIsRefused() {
        CommandRun run = play("--white-name", "evil\nname");

        assertOneLine(
                run, 2, "caissa play: --white-name: the name must hold printable characters only, but holds U+000A");
        assertThat(run.out()).doesNotContain("result:");
    }

    @Test
    void aNameWithARightToLeftOverrideIsRefused() {
        assertOneLine(
                play("--black-name", "\u202Eenilesab"),
                2,
                "caissa play: --black-name: the name must hold printable characters only, but holds U+202E");
    }

    @Test
    void anOverLongNameIsRefused() {
        assertOneLine(
                play("--white-name", "x".repeat(5000)),
                2,
                "caissa play: --white-name: the name is 5000 characters long; a name has at most 64");
    }

    @Test
    void aNulInACommandIsRefusedBeforeAnyGame() {
        CommandRun run = CommandRun.of(
                "play",
                "--white",
                bot("1") + " x\0y",
                "--black",
                bot("2"),
                "--out",
                dir.resolve("log.json").toString());

        int nul = TestBots.command("random", "1").argv().size() + 1;
        assertOneLine(
                run,
                2,
                "caissa play: --white: argument " + nul + " holds the control character U+0000"
                        + " (NUL, newline and other control characters cannot be passed to a program)");
    }

    @Test
    void aDurationBeyondTheMaximumIsRefused() {
        CommandRun run = play("--increment", "2000000h");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .hasSize(1)
                .first()
                .asString()
                .contains("'2000000h' is longer than the longest duration, 24h");
    }

    @Test
    void aLogThatCannotBeWrittenIsFoundOutBeforeTheGame() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("file"), "x");

        CommandRun run = CommandRun.of(
                "play",
                "--white",
                bot("1"),
                "--black",
                bot("2"),
                "--out",
                notAFolder.resolve("log.json").toString());

        assertOneLine(run, 74, "caissa play: " + notAFolder + ": exists and is not a folder");
        assertThat(run.out()).doesNotContain("result:");
    }

    @Test
    void aFolderAsTheLogIsRefusedBeforeTheGame() throws Exception {
        CommandRun run = CommandRun.of("play", "--white", bot("1"), "--black", bot("2"), "--out", dir.toString());

        assertOneLine(run, 74, "caissa play: " + dir + ": is a folder; --out names the log file");
    }

    @Test
    void concurrencyIsBounded() throws Exception {
        Path file = tournamentFile();

        CommandRun run = CommandRun.of(
                "tournament", file.toString(), "--out", dir.resolve("out").toString(), "--concurrency", "2147483647");

        assertOneLine(run, 2, "caissa tournament: --concurrency must be a whole number from 1 to 256, got 2147483647");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void anOutputFolderUnderAFileIsOneLineWithExitCode74() throws Exception {
        Path file = tournamentFile();
        Path notAFolder = Files.writeString(dir.resolve("plain"), "x");

        CommandRun run = CommandRun.of(
                "tournament",
                file.toString(),
                "--out",
                notAFolder.resolve("out").toString());

        assertOneLine(run, 74, "caissa tournament: " + notAFolder.resolve("out") + ": Not a directory");
    }

    private Path tournamentFile() throws Exception {
        Map<String, Object> tournament = Map.of(
                "name",
                "strict",
                "bots",
                List.of(
                        Map.of(
                                "name",
                                "a",
                                "command",
                                TestBots.command("random", "1").argv()),
                        Map.of(
                                "name",
                                "b",
                                "command",
                                TestBots.command("random", "2").argv())));
        return Files.writeString(dir.resolve("strict.json"), Json.write(tournament));
    }
}
