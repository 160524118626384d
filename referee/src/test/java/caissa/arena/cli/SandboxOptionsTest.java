package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import caissa.arena.game.GameRecord;
import caissa.arena.records.Json;
import caissa.arena.sandbox.Bubblewrap;
import caissa.arena.sandbox.Machine;
import caissa.arena.sandbox.SandboxMode;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --sandbox} and the limit options of play (validate and match share the same option classes). */
class SandboxOptionsTest {

    @TempDir
    Path dir;

    @Test
    void anUnknownSandboxIsAUsageError() {
        CommandRun run = CommandRun.of(
                "play",
                "--white",
                TestBots.command("random").display(),
                "--black",
                TestBots.command("random").display(),
                "--sandbox",
                "docker");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().strip())
                .isEqualTo("caissa play: --sandbox: unknown sandbox 'docker' (known: auto, bwrap, none)");
    }

    @Test
    void aBadSizeIsAUsageErrorNamingTheOption() {
        CommandRun run = CommandRun.of(
                "play",
                "--white",
                TestBots.command("random").display(),
                "--black",
                TestBots.command("random").display(),
                "--memory",
                "lots");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("caissa play: --memory: 'lots' is not a size like 512M or 1G");
    }

    @Test
    void theLogRecordsTheSandboxAndLimitsAsked() throws Exception {
        Path log = dir.resolve("game.json");
        String bot = TestBots.command("random").display();
        CommandRun run = CommandRun.of(
                "play",
                "--white",
                bot,
                "--black",
                bot,
                "--first-move-allowance",
                "10s",
                "--sandbox",
                "none",
                "--memory",
                "512M",
                "--max-processes",
                "40",
                "--out",
                log.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        GameRecord record = Json.mapper().readValue(log.toFile(), GameRecord.class);
        assertThat(record.white().sandbox().sandbox()).isEqualTo("none");
        assertThat(record.white().sandbox().limits().memoryBytes()).isEqualTo(512L << 20);
        assertThat(record.black().sandbox().limits().processes()).isEqualTo(40);
    }

    @Test
    void autoWithoutBubblewrapWarnsOnceWhenTheGameIsAboutToStart() throws Exception {
        assumeTrue(
                !Bubblewrap.available() && SandboxMode.fromEnvironment() == SandboxMode.AUTO,
                "runs where bubblewrap does not work and CAISSA_SANDBOX is unset (CI's run without it)");
        Path log = dir.resolve("game.json");
        String bot = TestBots.command("random").display();
        CommandRun run = CommandRun.of(
                "play", "--white", bot, "--black", bot, "--first-move-allowance", "10s", "--out", log.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.errLines())
                .containsExactly("caissa play: warning: bots run without a sandbox: "
                        + Bubblewrap.unavailableReason().orElseThrow() + "; "
                        + Machine.current().reach(SandboxMode.AUTO).detail()
                        + " (caissa doctor says how to make it work; --sandbox none says this is intended)");
        // In plain words what a bot can reach here: never root's files.
        assertThat(run.errLines().get(0)).contains("not for bots you do not trust");
        assertThat(Json.mapper()
                        .readValue(log.toFile(), GameRecord.class)
                        .white()
                        .sandbox()
                        .sandbox())
                .isEqualTo("none");
    }

    @Test
    void bwrapIsUsedWhenAsked() throws Exception {
        Sandboxes.assumeSandbox();
        Path log = dir.resolve("game.json");
        String bot = TestBots.command("random").display();
        CommandRun run = CommandRun.of(
                "play",
                "--white",
                bot,
                "--black",
                bot,
                "--first-move-allowance",
                "10s",
                "--sandbox",
                "bwrap",
                "--out",
                log.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).doesNotContain("warning");
        GameRecord record = Json.mapper().readValue(log.toFile(), GameRecord.class);
        assertThat(record.white().sandbox().sandbox()).isEqualTo("bwrap");
        assertThat(record.black().sandbox().sandbox()).isEqualTo("bwrap");
    }
}
