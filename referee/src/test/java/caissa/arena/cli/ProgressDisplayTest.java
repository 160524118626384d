package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.command.ProgressDisplay;
import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.records.Json;
import caissa.arena.testbots.Interruptible;
import caissa.arena.testbots.TestBots;
import caissa.arena.tournament.FinishedGame;
import caissa.arena.tournament.Standings;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Progress that fits terminals and logs: the width, the redraw, plain lines, and Ctrl-C. */
class ProgressDisplayTest {

    @TempDir
    Path dir;

    private static final List<String> BOTS = List.of("a-bot-with-a-rather-long-name", "b");

    private static FinishedGame game(int number, Termination termination) {
        return new FinishedGame(
                number, BOTS.get(0), BOTS.get(1), Result.WHITE_WINS, termination, "games/000" + number + ".json");
    }

    @Test
    void aTerminalGetsOneLineRedrawnInPlaceThatNeverWrapsAtItsWidth() {
        StringWriter text = new StringWriter();
        ProgressDisplay display = new ProgressDisplay(new PrintWriter(text), true, 60);
        display.started(60, 0);
        List<FinishedGame> done = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            display.starting(i, "a", "b");
        }
        for (int i = 1; i <= 3; i++) {
            done.add(game(i, i == 2 ? Termination.CRASH : Termination.CHECKMATE));
            display.finished(done.get(i - 1), Standings.compute(BOTS, done), i, 60);
            display.redraw();
        }
        display.close();

        String output = text.toString();
        // Every piece between carriage returns and new lines is at most 59 columns: nothing wraps.
        assertThat(Arrays.stream(output.split("[\r\n]")))
                .allSatisfy(piece -> assertThat(piece.length()).isLessThan(60));
        assertThat(output.lines().toList()).contains("game 2: a-bot-with-a-rather-long-name vs b 1-0 (crash)");
        assertThat(display.line())
                .startsWith("3/60 games, 0 playing, ")
                .contains(" left")
                .hasSizeLessThan(60);
    }

    @Test
    void theStatusNamesTheGamesInProgressAndTheTimeLeft() {
        ProgressDisplay display = new ProgressDisplay(new PrintWriter(new StringWriter()), true, 200);
        display.started(10, 0);
        display.starting(1, "a", "b");
        display.starting(2, "a", "b");
        display.starting(3, "a", "b");
        List<FinishedGame> done = List.of(game(1, Termination.CHECKMATE));
        display.finished(done.get(0), Standings.compute(BOTS, done), 1, 10);

        assertThat(display.line())
                .matches("\\[#{2}\\.{22}] 1/10 games, 2 playing, [0-9.]+ games/min, [0-9hms]+ left,"
                        + " leader a-bot-with-a-rather-long-name \\(2 pts\\)");
        display.close();
    }

    @Test
    void aLogGetsPlainLinesWithoutCarriageReturns() {
        StringWriter text = new StringWriter();
        ProgressDisplay display = new ProgressDisplay(new PrintWriter(text), false, 40);
        display.started(2, 0);
        List<FinishedGame> done = List.of(game(1, Termination.CHECKMATE));
        display.finished(done.get(0), Standings.compute(BOTS, done), 1, 2);
        display.redraw();

        assertThat(text.toString())
                .doesNotContain("\r")
                .startsWith("game 1: a-bot-with-a-rather-long-name vs b 1-0 (checkmate) | 1/2 games, 0 playing, ");
    }

    @Test
    void standardOutputRedirectedToAFileOrPipeIsNotATerminalButAPseudoTerminalIs() throws Exception {
        assertThat(Terminal.isInteractive())
                .as("surefire's output is a pipe or a file")
                .isFalse();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String inner =
                java + " -cp " + System.getProperty("java.class.path") + " '" + TerminalProbe.class.getName() + "'";
        // script(1) runs the probe on a pseudo-terminal of its own.
        Process process = new ProcessBuilder("script", "-qec", inner, "/dev/null")
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(output).contains("interactive=true");
    }

    @Test
    @Timeout(180)
    void ctrlCEndsWithWhatWasKeptAndTheCommandThatContinues() throws Exception {
        Path file = dir.resolve("t.json");
        Files.writeString(
                file,
                Json.write(Map.of(
                        "name",
                        "stopped",
                        "bots",
                        List.of(
                                Map.of(
                                        "name",
                                        "a",
                                        "command",
                                        TestBots.command("slow", "1").argv()),
                                Map.of(
                                        "name",
                                        "b",
                                        "command",
                                        TestBots.command("random", "2").argv())),
                        "gamesPerPair",
                        40,
                        "firstMoveAllowance",
                        "10s")));
        Path out = dir.resolve("out");
        // With SIGINT at its default action, as in a terminal, whether or not the build inherited it ignored.
        List<String> seen = Interruptible.arena(
                        List.of("tournament", file.toString(), "--out", out.toString(), "--concurrency", "1"),
                        line -> line.startsWith("game 2: "))
                .lines();

        String resume = "caissa tournament " + file + " --out " + out + " --resume --concurrency 1";
        String last = seen.get(seen.size() - 1);
        assertThat(last)
                .as(String.join("\n", seen))
                .matches("interrupted: kept \\d+ of 40 games( \\(the game in progress is dropped\\))?;"
                        + " continue with: " + Pattern.quote(resume));
        int kept = Integer.parseInt(last.replaceFirst("interrupted: kept (\\d+) .*", "$1"));
        assertThat(Files.readAllLines(out.resolve("journal.jsonl"))).hasSize(kept);
        assertThat(kept).isBetween(2, 39);
    }

    /** Prints what the arena thinks its standard output is. */
    public static final class TerminalProbe {
        public static void main(String[] args) {
            System.out.println("interactive=" + Terminal.isInteractive());
        }
    }
}
