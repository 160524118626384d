package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.linux.Portable;
import caissa.arena.testbots.SystemProperty;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a command says in portable mode: once, what is not enforced; and no cpu clock, which needs /proc. */
class PortableCommandTest {

    @TempDir
    Path dir;

    private static CommandRun portably(String... args) {
        return SystemProperty.with(Portable.PROPERTY, "true", () -> CommandRun.of(args));
    }

    @Test
    void playSaysOnceWhatIsNotEnforcedAndPlays() {
        String bot = TestBots.command("random").display();

        CommandRun run = portably(
                "play",
                "--white",
                bot,
                "--black",
                bot,
                "--first-move-allowance",
                "10s",
                "--out",
                dir.resolve("game.json").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.errLines())
                .filteredOn(l -> l.contains("portable mode"))
                .singleElement()
                .asString()
                .contains(Portable.NOT_ENFORCED);
        assertThat(run.out()).contains("result: ").doesNotContain("(crash)");
    }

    /** Asking for no sandbox is no reason to keep quiet about the limits that do not hold either. */
    @Test
    void withSandboxNoneItStillSaysOnceWhatIsNotEnforced() {
        String bot = TestBots.command("random").display();

        CommandRun run = portably(
                "play",
                "--white",
                bot,
                "--black",
                bot,
                "--sandbox",
                "none",
                "--first-move-allowance",
                "10s",
                "--out",
                dir.resolve("none.json").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.errLines()).filteredOn(l -> l.contains("portable mode")).hasSize(1);
    }

    @Test
    void theCpuClockIsRefusedInOneLine() {
        String bot = TestBots.command("random").display();

        CommandRun run = portably("play", "--white", bot, "--black", bot, "--clock", "cpu");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .isEqualTo(
                        "caissa play: --clock cpu reads the bots' CPU time"
                                + " from Linux's /proc, which portable mode (CAISSA_PORTABLE, or not Linux) does without: use the wall clock");
    }

    /** A bot author's laptop is a kind of machine too: bench sandbox measures what it has and names what it has not. */
    @Test
    void benchSandboxMeasuresPlainProcessesAndNamesTheKindsItCannotRun() {
        CommandRun run = portably("bench", "sandbox", "--games", "2", "--warmup", "0");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern("plain processes +median +[0-9.]+ ms");
        assertThat(run.out().lines().filter(l -> l.contains("not measured: ")))
                .hasSize(3)
                .anyMatch(l -> l.contains("limits only") && l.contains("no limits are held on this machine"))
                .allMatch(l -> !l.contains(" median "));
    }
}
