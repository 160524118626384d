package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.game.TimeControl;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each scheme's count of games is the number of games it schedules, played to the end batch by
 * batch with seeded random results: the count a tournament file is checked with, the progress line's
 * total and the schedule are one figure.
 */
class SchemeTest {

    static Stream<Arguments> tournaments() {
        return Stream.of(
                Arguments.of(2, 2, Format.ROUND_ROBIN),
                Arguments.of(7, 4, Format.ROUND_ROBIN),
                Arguments.of(6, 2, new Format.Gauntlet(List.of("b0"))),
                Arguments.of(9, 4, new Format.Gauntlet(List.of("b2", "b5", "b8"))),
                Arguments.of(5, 2, new Format.Swiss(3, Optional.empty())),
                Arguments.of(12, 2, new Format.Swiss(4, Optional.of(new Format.Final(4, 2)))),
                Arguments.of(11, 4, new Format.Swiss(5, Optional.of(new Format.Final(3, 4)))));
    }

    @ParameterizedTest(name = "{0} bots, {1} games a pair, {2}")
    @MethodSource("tournaments")
    void theCountIsWhatTheSchedulePlays(int bots, int gamesPerPair, Format format) {
        List<BotEntry> entries = IntStream.range(0, bots)
                .mapToObj(i -> new BotEntry("b" + i, List.of("true"), Optional.of(Path.of("/")), Map.of()))
                .toList();
        TournamentDefinition definition = new TournamentDefinition(
                "t", entries, gamesPerPair, TimeControl.DEFAULT, 0, 7, Optional.empty(), format);
        Plan plan = Plan.of(definition);
        Random random = new Random(bots * 31L + gamesPerPair);
        Map<Integer, FinishedGame> finished = new TreeMap<>();
        List<Integer> batches = new ArrayList<>();
        for (Optional<Plan.Batch> batch = plan.progress(finished).current();
                batch.isPresent();
                batch = plan.progress(finished).current()) {
            batches.add(batch.get().index());
            for (ScheduledGame g : batch.get().games()) {
                Result result = List.of(Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)
                        .get(random.nextInt(3));
                finished.put(
                        g.number(),
                        new FinishedGame(
                                g.number(),
                                entries.get(g.white()).name(),
                                entries.get(g.black()).name(),
                                result,
                                Termination.CHECKMATE,
                                "games/" + g.number() + ".json"));
            }
        }

        assertThat(finished).hasSize(plan.totalGames());
        assertThat((long) plan.totalGames()).isEqualTo(definition.scheme().totalGames());
        assertThat(batches).hasSize(plan.batchCount()).isSorted().doesNotHaveDuplicates();
        assertThat(finished.keySet())
                .containsExactlyElementsOf(
                        IntStream.rangeClosed(1, plan.totalGames()).boxed().toList());
        // Every stage's count is what its games add up to, and the standings rank every bot.
        StandingsDocument standings = Tournament.standings(plan, finished, finished.size(), plan.totalGames(), true);
        for (StandingsDocument.Stage stage : standings.stages()) {
            assertThat(stage.gamesPlayed()).as(stage.stage().word()).isEqualTo(plan.stageGames(stage.stage()));
            assertThat(stage.complete()).isTrue();
        }
        assertThat(standings.standings()).hasSize(bots);
    }
}
