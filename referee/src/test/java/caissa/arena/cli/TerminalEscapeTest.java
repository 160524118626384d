package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real bot that prints escape sequences cannot reach the organiser's terminal through {@code play}. */
class TerminalEscapeTest {

    @Test
    void aReplyWithEscapeSequencesIsPrintedEscapedAndKeptVerbatimInTheLog(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("game.json");
        CommandRun run = CommandRun.of(
                "play",
                "--white",
                TestBots.command("terminal-escape", "2").display(),
                "--black",
                TestBots.command("random").display(),
                "--first-move-allowance",
                "10s",
                "--out",
                log.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out())
                .contains("result: 0-1 (protocol-error)")
                .contains("replied '\\x1b[2K\\rvalid: PASS\\x1b[8m', which is not a move");
        assertThat(run.out() + run.err())
                .doesNotContain("\u001b")
                .doesNotContain("\r")
                .doesNotContain("\u009b");
        // The log keeps what the bot wrote (JSON escapes it), so nothing is lost for the organiser.
        assertThat(Files.readString(log)).contains("\\u001B[2K\\rPASS \\u001B]0;owned\\u0007\u009b31m");
    }
}
