package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.diagnostics.Hints;
import caissa.arena.records.Json;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every failure says why in the bot's own words: real misbehaving bots (the Python starter bot
 * with one mistake each, and the test bot) through the real {@code validate} and {@code play}.
 */
class BotDiagnosticsTest {

    private static final Path RANDOM_PY = Path.of("..", "sample-bots", "examples", "random_bot.py");

    @TempDir
    Path dir;

    /** The bots' folder open to all, as a submission's is: a root arena's bots run as nobody, sandboxed or not. */
    @BeforeEach
    void openToAll() throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** The Python starter bot with one edit, as {@code python3 FILE}. */
    private String pythonBot(String name, UnaryOperator<String> edit) throws IOException {
        String source = Files.readString(RANDOM_PY);
        String edited = edit.apply(source);
        assertThat(edited).as("the edit applies").isNotEqualTo(source);
        Path file = dir.resolve(name + ".py");
        Files.writeString(file, edited);
        return "python3 " + file;
    }

    private CommandRun validate(String bot, String... more) {
        List<String> args = new ArrayList<>(
                List.of(bot, "--name", "bot", "--out", dir.resolve("games").toString()));
        args.addAll(List.of(more));
        return ValidateCommandTest.validate(args.toArray(String[]::new));
    }

    private static List<String> checkLines(String out, String check) {
        List<String> lines = out.lines().toList();
        int at = lines.indexOf(lines.stream()
                .filter(l -> l.startsWith("  " + check + " "))
                .findFirst()
                .orElseThrow());
        int end = at + 1;
        while (end < lines.size() && lines.get(end).startsWith("        ")) {
            end++;
        }
        return lines.subList(at, end);
    }

    @Test
    void aTracebackAndExitStatusAfterEndFailWithTheTracebackAndTheGameLog() throws IOException {
        String bot = pythonBot(
                "trace",
                s -> s.replace(
                        "        if line == \"end\":\n            break",
                        "        if line == \"end\":\n            raise ZeroDivisionError(\"cleanup went wrong\")"));

        CommandRun run = validate(bot);

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
        List<String> lines = checkLines(run.out(), "exits on end");
        assertThat(lines.get(0)).contains("FAIL", "exited with status 1 after 'end' in 2 of 2 games");
        assertThat(String.join("\n", lines))
                .contains("| ZeroDivisionError: cleanup went wrong", "game log: " + dir.resolve("games"));
        assertThat(run.out()).contains("  game 1/2: as ", "  game 2/2: as ");
        try (var files = Files.list(dir.resolve("games"))) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly("0001.json", "0002.json");
        }
    }

    @Test
    void anUnflushedReplyIsATimeForfeitWithTheFlushHint() throws IOException {
        // Block-buffered output as a pipe gets by default (this machine may set PYTHONUNBUFFERED), and no flush.
        String bot = pythonBot(
                "noflush",
                s -> s.replace("print(move_text(move), flush=True)", "print(move_text(move))")
                        .replace(
                                "def main():\n",
                                "def main():\n    sys.stdout = os.fdopen(1, \"w\", buffering=65536)\n"));

        CommandRun run = validate(bot, "--time-per-game", "500ms", "--first-move-allowance", "500ms");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(String.join("\n", checkLines(run.out(), "answers start")))
                .contains("did not reply within its 1.000 s", "hint: " + Hints.FLUSH);
    }

    @Test
    void debugOutputOnStandardOutputGetsTheStderrHintAndThePosition() throws IOException {
        String bot = pythonBot(
                "chatty",
                s -> s.replace(
                        "        move = choose_move(position, moves, rng)\n",
                        "        move = choose_move(position, moves, rng)\n        print(\"thinking about\", move_text(move), flush=True)\n"));

        CommandRun run = validate(bot);

        assertThat(run.exitCode()).isEqualTo(1);
        String legal = String.join("\n", checkLines(run.out(), "legal moves"));
        assertThat(legal).contains("replied 'thinking about ", "hint: " + Hints.DEBUG_ON_STDOUT, "position: ");
    }

    @Test
    void anIllegalMoveShowsThePositionItWasPlayedInAndTheSavedGame() throws IOException {
        CommandRun run = validate(TestBots.command("illegal", "1").display(), "--json", "-");

        JsonNode report = Json.mapper().readTree(run.out());
        JsonNode why = report.get("games").get(0).get("why");
        assertThat(why.get("cause").asText()).isEqualTo("illegal-move");
        String position = why.get("position").asText();
        String played = why.get("reason").asText().replaceFirst(".* played (\\S+), which is illegal.*", "$1");
        // The position is the one the move was refused in: caissa moves lists no such move there.
        CommandRun moves = CommandRun.of("moves", "--position", position);
        assertThat(moves.exitCode()).isZero();
        assertThat(moves.out()).doesNotContain(played).isNotBlank();
        JsonNode log = Json.mapper().readTree(Path.of(why.get("log").asText()).toFile());
        assertThat(log.get("final").asText()).isEqualTo(position);
        assertThat(report.get("gamesDir").asText())
                .isEqualTo(dir.resolve("games").toString());
        // Progress goes to standard error, so that standard output is the document alone.
        assertThat(run.err()).contains("  game 1/2: as ");
    }

    @Test
    void theJsonReportCarriesEachGamesStderrExcerpt() throws IOException {
        String bot = pythonBot(
                "crashy",
                s -> s.replace(
                                "        move = choose_move(position, moves, rng)\n",
                                "        move = choose_move(position, moves, rng)\n        if position_count() > 2: raise KeyError('no such tile')\n")
                        .replace(
                                "def main():",
                                "COUNT = [0]\ndef position_count():\n    COUNT[0] += 1\n    return COUNT[0]\n\ndef main():"));

        CommandRun run = validate(bot, "--json", "-");

        JsonNode games = Json.mapper().readTree(run.out()).get("games");
        for (JsonNode game : games) {
            assertThat(game.get("stderr").toString()).contains("KeyError: 'no such tile'");
            assertThat(game.get("why").get("cause").asText()).isEqualTo("crash");
            assertThat(Path.of(game.get("log").asText())).isRegularFile();
        }
    }

    @Test
    void aFirstReplyOverTheStartUpAllowanceIsNoted() throws IOException {
        // Slow at its first question, not before it: a sleep at start-up would be over before Black's first
        // question whenever White's first move came late, and the note would count that game or not by chance.
        String bot = pythonBot(
                "slowstart",
                s -> s.replace(
                                "    position = Position()\n",
                                "    position = Position()\n    import time\n    slow = True\n")
                        .replace(
                                "        move = choose_move(position, moves, rng)\n",
                                "        if slow:\n            time.sleep(0.6)\n            slow = False\n"
                                        + "        move = choose_move(position, moves, rng)\n"));

        CommandRun run = validate(bot, "--first-move-allowance", "100ms", "--time-per-game", "20s");

        assertThat(run.exitCode()).as(run.out()).isZero();
        assertThat(run.out())
                .contains("  note: its first reply took more than the 100ms start-up allowance in 2 of 2 games");
    }

    @Test
    void aScriptWithoutTheExecutableBitIsRefusedWithChmodAndInterpreterHints() throws IOException {
        Path script = dir.resolve("mybot");
        Files.copy(RANDOM_PY, script);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rw-r--r--"));

        CommandRun run = validate(script.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().strip())
                .isEqualTo("caissa validate: BOT: not an executable file: " + script
                        + " (make it executable with chmod +x " + script
                        + ", or start it through its interpreter: python3 "
                        + script + ")");
    }

    @Test
    void aBadShebangIsRefusedBeforeAnyGame() throws IOException {
        Path script = dir.resolve("mybot");
        Files.writeString(script, "#!/nonexistent/python3\n" + Files.readString(RANDOM_PY));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));

        CommandRun run = CommandRun.of(
                "play",
                "--white",
                script.toString(),
                "--black",
                TestBots.command("random", "2").display(),
                "--out",
                dir.resolve("g.json").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().strip())
                .isEqualTo("caissa play: --white: " + script + ": its first line"
                        + " '#!/nonexistent/python3' names /nonexistent/python3, which does not exist here (fix its first line,"
                        + " or start it through its interpreter: python3 " + script + ")");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void playShowsTheCrashedBotsStderrAndTheTimeItsRepliesTook() throws IOException {
        String bot = pythonBot(
                "crashy",
                s -> s.replace(
                        "        if line == \"end\":\n",
                        "        if line != \"start\": raise ValueError('cannot parse ' + line)\n        if line == \"end\":\n"));
        // Not beside the bot: the sandbox hides the log's folder from the bots, and the hidden part wins.
        Path log = Files.createDirectories(dir.resolve("logs")).resolve("g.json");

        CommandRun run = CommandRun.of(
                "play",
                "--white",
                bot,
                "--black",
                TestBots.command("random", "3").display(),
                "--first-move-allowance",
                "10s",
                "--out",
                log.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out())
                .contains(
                        "result: 0-1 (crash)",
                        "crashy (white):",
                        "  its stderr, last lines:",
                        "  | ValueError: cannot parse ",
                        "  position: ");
        JsonNode game = Json.mapper().readTree(log.toFile());
        // Its first reply is not charged to its clock, but it took time all the same, and the log says so.
        assertThat(game.get("white").get("thinkingMillis").asLong())
                .isEqualTo(game.get("moves").get(0).get("micros").asLong() / 1000);
    }

    @Test
    void aBotThatLostOnTimeUsedItsWholeAllowance() throws IOException {
        Path log = dir.resolve("g.json");

        CommandRun run = CommandRun.of(
                "play",
                "--white",
                TestBots.command("hang", "1").display(),
                "--black",
                TestBots.command("random", "2").display(),
                "--time-per-game",
                "300ms",
                "--first-move-allowance",
                "1s",
                "--out",
                log.toString());

        assertThat(run.exitCode()).isZero();
        JsonNode game = Json.mapper().readTree(log.toFile());
        assertThat(game.get("termination").asText()).isEqualTo("time-forfeit");
        assertThat(game.get("white").get("thinkingMillis").asLong()).isGreaterThanOrEqualTo(1_300);
        assertThat(run.out()).contains("hint: " + Hints.FLUSH);
    }
}
