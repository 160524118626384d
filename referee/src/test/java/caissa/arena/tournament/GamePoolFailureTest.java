package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.game.Game;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.TimeControl;
import caissa.arena.runner.GamePool;
import caissa.arena.testbots.TestBots;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failure inside the game pool stops the run and is reported; it never kills a worker quietly
 * and lets the run end "complete". What finished is kept, and the run resumes.
 */
class GamePoolFailureTest {

    @TempDir
    Path dir;

    @Test
    void anErrorInAGameStopsTheRunKeepsTheGameStillRunningAndResumes() throws Exception {
        Path file = new TournamentFiles("error")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .set("gamesPerPair", 6)
                .set("timePerGame", "20s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("error.json"));
        TournamentDefinition definition = TournamentFile.read(file);
        Path out = dir.resolve("out");
        CountDownLatch firstStarted = new CountDownLatch(1);
        GamePool.Player player = setup -> {
            int number = setup.tournament().game();
            if (number == 1) {
                firstStarted.countDown();
                return Game.play(setup);
            }
            try {
                firstStarted.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new StackOverflowError("game " + number);
        };

        assertThatThrownBy(() -> Tournament.open(definition, file, out, false, TournamentObserver.NONE)
                        .play(2, player))
                .isInstanceOf(ExecutionException.class)
                .hasMessage("a game failed: java.lang.StackOverflowError: game 2")
                .hasCauseInstanceOf(StackOverflowError.class);

        // Game 1 was running when game 2 failed: it finished and counts; no other game started.
        assertThat(Journal.read(out)).extracting(FinishedGame::game).containsExactly(1);
        StandingsDocument resumed = Tournament.open(definition, file, out, true, TournamentObserver.NONE)
                .play(2);
        assertThat(resumed.complete()).isTrue();
        assertThat(Journal.read(out)).extracting(FinishedGame::game).containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6);
    }

    @Test
    void anExceptionFromTheScheduleStopsEveryWorkerAndIsThrown() {
        List<GameRecord> delivered = new ArrayList<>();
        GamePool pool = new GamePool(3, setup -> {
            throw new AssertionError("no game should be played");
        });

        assertThatThrownBy(() -> pool.run(
                        () -> {
                            throw new IllegalStateException("the schedule broke");
                        },
                        delivered::add))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the schedule broke");
        assertThat(delivered).isEmpty();
    }

    @Test
    void anErrorFromTheScheduleIsThrownWrapped() {
        GamePool pool = new GamePool(2, setup -> {
            throw new AssertionError("no game should be played");
        });

        assertThatThrownBy(() -> pool.run(
                        () -> {
                            throw new OutOfMemoryError("pretend");
                        },
                        record -> true))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(OutOfMemoryError.class);
    }

    @Test
    void aGameThatThrowsAnExceptionIsThrownAsItIs() {
        GameSetup setup = GameSetup.of(
                TestBots.entrant("a", "random", "1"), TestBots.entrant("b", "random", "2"), TimeControl.DEFAULT);
        List<GameSetup> setups = new ArrayList<>(List.of(setup, setup, setup));
        GamePool pool = new GamePool(1, s -> {
            throw new IllegalArgumentException("an arena bug");
        });

        assertThatThrownBy(() -> pool.run(
                        () -> setups.isEmpty() ? Optional.empty() : Optional.of(setups.remove(0)), record -> true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("an arena bug");
        // The first failure stopped the pool: the other two games never started.
        assertThat(setups).hasSize(2);
    }
}
