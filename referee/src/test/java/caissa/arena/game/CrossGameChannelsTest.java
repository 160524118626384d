package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Kernel resources counted per user cannot be taken from the organiser's own programs: a root
 * arena's bots are nobody (sandboxed or not), so a bot that takes every inotify instance its
 * user may have takes nobody's, and the arena's user still gets one. Real processes: the hog's
 * helper takes them all and keeps them while the game goes on.
 */
class CrossGameChannelsTest {

    private static final TimeControl CLOCK = new TimeControl(Duration.ofSeconds(30), Optional.empty(), Duration.ZERO,
            Duration.ofSeconds(10));

    @ParameterizedTest(name = "sandbox {0}")
    @ValueSource(strings = {"none", "bwrap"})
    void aBotThatTakesEveryInotifyInstanceOfItsUserLeavesTheOrganisersProgramsTheirs(String sandbox) throws Exception {
        // As an ordinary user a bot is that user (see the organiser's guide): this holds for a root arena.
        Sandboxes.assumeRoot("a root arena's bots are nobody, whose inotify instances are not root's");
        if (sandbox.equals("bwrap")) {
            Sandboxes.assumeSandbox();
        }
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "needs /usr/bin/python3 for the helper");
        GameSetup setup = GameSetup.of(TestBots.entrant("hog", "inotify-hog"), TestBots.entrant("good", "slow"), CLOCK)
                .withIsolation(caissa.arena.sandbox.Isolation.defaults()
                        .withSandbox(caissa.arena.sandbox.SandboxMode.fromWord(sandbox)));
        List<String> refused = new ArrayList<>();
        int[] looked = {0};
        GameListener listener = new GameListener() {
            @Override
            public void moved(PlayedMove move, Position after) {
                if (move.side() != Side.WHITE || looked[0] >= 3) {
                    return;
                }
                // The hog has replied, so its helper holds every instance it could take.
                looked[0]++;
                try (WatchService own = FileSystems.getDefault().newWatchService()) {
                    own.hashCode();
                } catch (java.io.IOException e) {
                    refused.add("after move " + move.ply() + ": " + e.getMessage());
                }
            }
        };

        GameRecord record = Game.play(setup, listener);

        String stderr = record.white().stderr().head();
        assertThat(stderr).as(record.reason()).containsPattern("inotify-hog: took \\d+ errno (24|28)");
        assertThat(looked[0]).as(record.reason()).isPositive();
        assertThat(refused).as("the arena's own inotify instances").isEmpty();
        assertThat(TestBots.processesOf(setup.entrant(Side.WHITE).command())).isEmpty();
    }
}
