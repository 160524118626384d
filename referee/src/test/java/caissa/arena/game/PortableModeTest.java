package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.linux.Portable;
import caissa.arena.rules.Side;
import caissa.arena.sandbox.SandboxRecord;
import caissa.arena.testbots.TestBots;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Portable mode, as on a bot author's macOS or Windows laptop, proven on Linux by its switch:
 * bots are plain processes, their deadlines hold, their process trees are killed at the end,
 * and each game log says that nothing else was enforced.
 */
class PortableModeTest {

    private static final TimeControl CLOCK =
            new TimeControl(Duration.ofSeconds(2), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));

    private String before;

    @BeforeEach
    void portable() {
        before = System.getProperty(Portable.PROPERTY);
        System.setProperty(Portable.PROPERTY, "true");
    }

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(Portable.PROPERTY);
        } else {
            System.setProperty(Portable.PROPERTY, before);
        }
    }

    @Test
    void aGameIsPlayedByPlainProcessesAndItsLogSaysWhatWasNotEnforced() {
        GameRecord record = Game.play(
                GameSetup.of(TestBots.entrant("a", "random", "1"), TestBots.entrant("b", "random", "2"), CLOCK));

        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        for (Side side : Side.values()) {
            SandboxRecord sandbox = record.player(side).sandbox();
            assertThat(sandbox.sandbox()).isEqualTo("none");
            assertThat(sandbox.limitsBy()).isEqualTo("none");
            assertThat(sandbox.suspendBy()).isEqualTo("none");
            assertThat(sandbox.endBy()).isEqualTo("process-tree");
            assertThat(sandbox.output()).isEqualTo("threads");
        }
    }

    @Test
    void aBotThatHangsLosesOnTimeAndIsEnded() {
        GameSetup setup =
                GameSetup.of(TestBots.entrant("good", "random"), TestBots.entrant("hang", "hang", "2"), CLOCK);

        GameRecord record = Game.play(setup);

        assertThat(record.termination()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(record.result()).isEqualTo(Result.WHITE_WINS);
        assertThat(TestBots.processesOf(setup.black().command())).isEmpty();
    }

    @Test
    void aChildTheBotLeavesRunningIsKilledWithItsTree() {
        GameSetup setup =
                GameSetup.of(TestBots.entrant("parent", "grandchild"), TestBots.entrant("good", "random"), CLOCK);

        GameRecord record = Game.play(setup);

        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        assertThat(record.white().exit().leftoverProcesses()).isPositive();
        assertThat(TestBots.processesOf(setup.white().command())).isEmpty();
    }
}
