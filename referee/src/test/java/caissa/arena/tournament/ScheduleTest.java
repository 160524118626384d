package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.runner.Openings;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ScheduleTest {

    @Test
    void everyPairPlaysItsGamesHalfWithEachColour() {
        List<ScheduledGame> games = Schedule.roundRobin(4, 6, 0, 1);

        assertThat(games).hasSize(4 * 3 / 2 * 6);
        assertThat(games)
                .extracting(ScheduledGame::number)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, 36).boxed().toList());
        Map<String, Integer> asWhite = new HashMap<>();
        games.forEach(g -> asWhite.merge(g.white() + "-" + g.black(), 1, Integer::sum));
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                if (i != j) {
                    assertThat(asWhite.get(i + "-" + j))
                            .as("%d white against %d", i, j)
                            .isEqualTo(3);
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
        assertThat(pairs.values().stream().map(p -> p.get(0).opening()).distinct())
                .hasSize(6);
    }

    @Test
    void openingsDependOnlyOnTheSeedAndThePair() {
        assertThat(Schedule.roundRobin(3, 4, 5, 7)).isEqualTo(Schedule.roundRobin(3, 4, 5, 7));
        assertThat(Openings.opening(7, 3, 5))
                .isEqualTo(Schedule.roundRobin(5, 2, 5, 7).get(6).opening());
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

    @ParameterizedTest(name = "{0} bots")
    @ValueSource(ints = {3, 4, 5, 6, 7, 8, 10})
    void atAnyMomentEveryBotHasPlayedAboutAsManyGamesAsAnother(int bots) {
        // Berger rounds: a game pair is 2 games; an even field is at most one game pair apart at
        // any moment, an odd one (a bot sits out each round) at most two.
        List<ScheduledGame> games = Schedule.roundRobin(bots, 4, 0, 1);
        int[] played = new int[bots];
        int allowed = bots % 2 == 0 ? 2 : 4;
        for (ScheduledGame game : games) {
            played[game.white()]++;
            played[game.black()]++;
            int max = Arrays.stream(played).max().getAsInt();
            int min = Arrays.stream(played).min().getAsInt();
            assertThat(max - min).as("after game %d", game.number()).isLessThanOrEqualTo(allowed);
        }
    }

    @Test
    void aGauntletPlaysTheEnginesAgainstTheFieldOnly() {
        List<ScheduledGame> games = Schedule.gauntlet(5, List.of(0, 3), 4, 2, 9);

        // Engines 0 and 3 each meet 1, 2, 4 and each other; the field never meets itself.
        assertThat(games).hasSize((2 * 3 + 1) * 4);
        Map<String, Integer> meetings = new HashMap<>();
        games.forEach(g ->
                meetings.merge(Math.min(g.white(), g.black()) + "-" + Math.max(g.white(), g.black()), 1, Integer::sum));
        assertThat(meetings).containsOnlyKeys("0-1", "0-2", "0-4", "0-3", "1-3", "2-3", "3-4");
        assertThat(meetings.values()).containsOnly(4);
        Map<String, Integer> asWhite = new HashMap<>();
        games.forEach(g -> asWhite.merge(g.white() + ">" + g.black(), 1, Integer::sum));
        assertThat(asWhite.values()).containsOnly(2);
        assertThat(games)
                .extracting(ScheduledGame::number)
                .containsExactlyElementsOf(
                        IntStream.rangeClosed(1, games.size()).boxed().toList());
    }

    @Test
    void aGauntletSpreadsTheFieldsGamesOverTheRun() {
        // Two engines, six others: in every block of two meetings both engines play, against different bots.
        List<ScheduledGame> games = Schedule.gauntlet(8, List.of(0, 1), 2, 0, 1);
        for (int i = 0; i < 12 * 2; i += 4) {
            assertThat(Set.of(
                            games.get(i).white(),
                            games.get(i).black(),
                            games.get(i + 2).white(),
                            games.get(i + 2).black()))
                    .hasSize(4);
        }
    }

    @Test
    void noOpeningPliesMeansTheInitialPosition() {
        assertThat(Schedule.roundRobin(2, 2, 0, 1))
                .allSatisfy(g -> assertThat(g.opening()).isEmpty());
    }
}
