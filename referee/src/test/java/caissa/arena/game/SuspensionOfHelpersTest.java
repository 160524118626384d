package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.testbots.Poll;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Where no freezer holds a bot (no usable cgroup: an ordinary user, a container), an idle bot is
 * stopped by signals; helpers it moved to sessions of their own with {@code setsid} must be
 * stopped too, or they run on the opponent's time. Real processes: while the opponent thinks,
 * every process of the bot, its helpers included, is seen stopped in {@code /proc}.
 */
class SuspensionOfHelpersTest {

    private static final TimeControl CLOCK = new TimeControl(
                    Duration.ofSeconds(5), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10))
            .withSuspendIdle(true);
    private static final int HELPERS = 3;

    @Test
    void helpersThatLeftTheBotsProcessGroupAreStoppedWithItWhileTheOpponentThinks() {
        Sandboxes.withCgroups("off", () -> {
            GameSetup setup = GameSetup.of(
                    TestBots.entrant("helpers", "setsid-helpers", Integer.toString(HELPERS)),
                    TestBots.entrant("opponent", "slow"),
                    CLOCK);
            List<String> running = new ArrayList<>();
            int[] looked = new int[2];
            GameListener listener = new GameListener() {
                @Override
                public void moved(PlayedMove move, Position after) {
                    if (move.side() != Side.BLACK) {
                        return;
                    }
                    // The opponent has replied: the bot has been idle for its whole turn, and is not continued before
                    // this returns.
                    // Not the sandbox's outer bubblewrap, the arena's own process, which names the bot's command.
                    List<Long> processes = TestBots.processesOf(
                                    setup.entrant(Side.WHITE).command())
                            .stream()
                            .filter(pid -> !command(pid).equals("bwrap"))
                            .toList();
                    looked[0]++;
                    looked[1] = Math.max(looked[1], processes.size());
                    try {
                        if (!Poll.until(
                                Duration.ofSeconds(5),
                                () -> processes.stream().allMatch(SuspensionOfHelpersTest::stopped))) {
                            running.add("after move " + move.ply() + ": " + states(processes));
                        }
                    } catch (Exception e) {
                        running.add("after move " + move.ply() + ": " + e);
                    }
                }
            };

            GameRecord record = Game.play(setup, listener);

            assertThat(record.white().sandbox().suspendBy()).isEqualTo("signals");
            assertThat(record.white().stderr().head()).containsPattern("(?s)(helper-pid \\d+.*){" + HELPERS + "}");
            assertThat(looked[0]).as(record.reason()).isGreaterThan(2);
            // The bot's JVM and its helpers at least.
            assertThat(looked[1]).isGreaterThan(HELPERS);
            assertThat(running).as("processes of the idle bot not stopped").isEmpty();
            assertThat(TestBots.processesOf(setup.entrant(Side.WHITE).command()))
                    .isEmpty();
        });
    }

    private static boolean stopped(long pid) {
        Optional<String> state = state(pid);
        // Gone is not running; a zombie neither.
        return state.isEmpty() || state.get().equals("T") || state.get().equals("Z");
    }

    private static String command(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "comm"))
                    .strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static Optional<String> state(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return Optional.of(stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Map<Long, String> states(List<Long> pids) {
        Map<Long, String> states = new TreeMap<>();
        pids.forEach(pid -> states.put(pid, state(pid).orElse("gone")));
        return states;
    }
}
