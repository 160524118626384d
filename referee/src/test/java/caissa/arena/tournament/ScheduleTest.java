package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ScheduleTest {

    @Test
    void everyPairPlaysItsGamesHalfWithEachColour() {
        List<ScheduledGame> games = Schedule.roundRobin(4, 6, 0, 1);

        assertThat(games).hasSize(4 * 3 / 2 * 6);
        assertThat(games).extracting(ScheduledGame::number).containsExactlyElementsOf(
                java.util.stream.IntStream.rangeClosed(1, 36).boxed().toList());
        Map<String, Integer> asWhite = new HashMap<>();
        games.forEach(g -> asWhite.merge(g.white() + "-" + g.black(), 1, Integer::sum));
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                if (i != j) {
                    assertThat(asWhite.get(i + "-" + j)).as("%d white against %d", i, j).isEqualTo(3);
                }
            }
        }
    }

    @Test
    void theTwoGamesOfAPairShareTheirOpeningWithColoursSwapped() {
        List<ScheduledGame> games = Schedule.roundRobin(3, 4, 6, 42);

        Map<Integer, List<ScheduledGame>> pairs = games.stream().collect(Collectors.groupingBy(ScheduledGame::pair));
        assertThat(pairs).hasSize(6);
        pairs.values().forEach(pair -> {
            assertThat(pair).hasSize(2);
            assertThat(pair.get(0).opening()).hasSize(6).isEqualTo(pair.get(1).opening());
            assertThat(pair.get(0).white()).isEqualTo(pair.get(1).black());
        });
        assertThat(pairs.values().stream().map(p -> p.get(0).opening()).distinct()).hasSize(6);
    }

    @Test
    void openingsDependOnlyOnTheSeedAndThePair() {
        assertThat(Schedule.roundRobin(3, 4, 5, 7)).isEqualTo(Schedule.roundRobin(3, 4, 5, 7));
        assertThat(Openings.opening(7, 3, 5)).isEqualTo(Schedule.roundRobin(5, 2, 5, 7).get(6).opening());
        assertThat(Openings.opening(7, 0, 5)).isNotEqualTo(Openings.opening(8, 0, 5));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void anOpeningIsLegalAndLeavesTheGameOpen(long seed) {
        for (int pair = 0; pair < 20; pair++) {
            Position position = Position.initial();
            List<Move> opening = Openings.opening(seed, pair, 12);
            assertThat(opening).hasSize(12);
            for (Move move : opening) {
                assertThat(position.isLegal(move)).isTrue();
                position = position.play(move);
            }
            assertThat(position.outcome().isOver()).isFalse();
        }
    }

    @Test
    void noOpeningPliesMeansTheInitialPosition() {
        assertThat(Schedule.roundRobin(2, 2, 0, 1)).allSatisfy(g -> assertThat(g.opening()).isEmpty());
    }
}
