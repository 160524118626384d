package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The ranking rules on constructed results: points, irregular losses, head to head, Sonneborn-Berger. */
class StandingsTest {

    private final List<FinishedGame> games = new ArrayList<>();

    private void game(String white, String black, Result result, Termination termination) {
        games.add(new FinishedGame(games.size() + 1, white, black, result, termination, "games/x.json"));
    }

    private void win(String winner, String loser) {
        game(winner, loser, Result.WHITE_WINS, Termination.CHECKMATE);
    }

    private static List<String> names(List<Standing> table) {
        return table.stream().map(Standing::name).toList();
    }

    @Test
    void pointsRankFirstAndCountTwoOneZero() {
        win("a", "b");
        game("b", "c", Result.DRAW, Termination.MOVE_LIMIT);
        win("a", "c");

        List<Standing> table = Standings.compute(List.of("c", "b", "a"), games);

        assertThat(names(table)).containsExactly("a", "b", "c");
        assertThat(table.get(0))
                .extracting(Standing::points, Standing::games, Standing::wins, Standing::draws, Standing::losses)
                .containsExactly(4, 2, 2, 0, 0);
        assertThat(table.get(1))
                .extracting(Standing::points, Standing::wins, Standing::draws, Standing::losses)
                .containsExactly(1, 0, 1, 1);
        assertThat(table.stream().mapToInt(Standing::points).sum()).isEqualTo(2 * games.size());
        // b and c drew each other and both lost to a: tied on everything, they share second place.
        assertThat(table).extracting(Standing::rank).containsExactly(1, 2, 2);
    }

    @Test
    void onEqualPointsFewerIrregularLossesRankHigher() {
        win("b", "x");
        game("x", "b", Result.WHITE_WINS, Termination.CRASH);
        win("a", "x");
        game("x", "a", Result.WHITE_WINS, Termination.CHECKMATE);

        List<Standing> table = Standings.compute(List.of("b", "a", "x"), games);

        assertThat(names(table)).containsExactly("x", "a", "b");
        assertThat(table.get(2).irregularLosses()).isEqualTo(1);
        assertThat(table.get(2).irregularByCause()).containsEntry("crash", 1).containsEntry("time-forfeit", 0);
    }

    @Test
    void thenHeadToHeadAmongTheTiedBeforeSonnebornBerger() {
        win("y", "c");
        win("c", "y");
        win("d", "c");
        win("y", "d");
        win("y", "d");

        List<Standing> table = Standings.compute(List.of("c", "d", "y"), games);

        assertThat(names(table)).containsExactly("y", "d", "c");
        Standing d = table.get(1);
        Standing c = table.get(2);
        assertThat(d.points()).isEqualTo(c.points()).isEqualTo(2);
        assertThat(d.headToHead()).isEqualTo(2);
        assertThat(c.headToHead()).isZero();
        // Sonneborn-Berger alone would have put c first: its win was against the leader.
        assertThat(c.sonnebornBerger()).isEqualTo(6.0);
        assertThat(d.sonnebornBerger()).isEqualTo(2.0);
    }

    @Test
    void thenSonnebornBerger() {
        game("e", "f", Result.DRAW, Termination.STALEMATE);
        win("e", "z");
        win("w", "e");
        win("f", "w");
        win("z", "f");
        win("z", "w");

        List<Standing> table = Standings.compute(List.of("f", "e", "z", "w"), games);

        assertThat(names(table)).containsExactly("z", "e", "f", "w");
        assertThat(table.get(1).sonnebornBerger()).isEqualTo(0.5 * 3 + 4);
        assertThat(table.get(2).sonnebornBerger()).isEqualTo(0.5 * 3 + 2);
        assertThat(table.get(1).headToHead())
                .isEqualTo(table.get(2).headToHead())
                .isEqualTo(1);
        assertThat(table).extracting(Standing::rank).containsExactly(1, 2, 3, 4);
    }

    @Test
    void botsTiedOnEverythingShareARank() {
        game("p", "q", Result.DRAW, Termination.MOVE_LIMIT);
        game("q", "p", Result.DRAW, Termination.MOVE_LIMIT);

        List<Standing> table = Standings.compute(List.of("q", "p"), games);

        assertThat(table).extracting(Standing::rank).containsExactly(1, 1);
        assertThat(names(table)).containsExactly("p", "q");
    }

    @Test
    void whenNeitherStartsBothLoseIrregularlyAndNobodyScores() {
        game("a", "b", Result.BOTH_LOSE, Termination.START_FAILURE);
        game("b", "a", Result.BLACK_WINS, Termination.TIME_FORFEIT);

        List<Standing> table = Standings.compute(List.of("a", "b"), games);

        Standing a = table.get(0);
        Standing b = table.get(1);
        assertThat(a.name()).isEqualTo("a");
        assertThat(a.irregularByCause()).containsEntry("start-failure", 1).containsEntry("time-forfeit", 0);
        assertThat(b.irregularByCause()).containsEntry("start-failure", 1).containsEntry("time-forfeit", 1);
        assertThat(b.irregularLosses()).isEqualTo(2);
        assertThat(a.points() + b.points()).isEqualTo(2);
    }

    @Test
    void theCrosstableHoldsEveryPairFromBothSides() {
        win("a", "b");
        game("b", "a", Result.DRAW, Termination.MOVE_LIMIT);

        Map<String, Map<String, CrossEntry>> cross = Standings.crosstable(List.of("a", "b", "c"), games);

        assertThat(cross.get("a").get("b")).isEqualTo(new CrossEntry(3, 2, 1, 1, 0));
        assertThat(cross.get("b").get("a")).isEqualTo(new CrossEntry(1, 2, 0, 1, 1));
        assertThat(cross.get("a").get("c")).isEqualTo(new CrossEntry(0, 0, 0, 0, 0));
        assertThat(cross.get("c")).containsOnlyKeys("a", "b");
    }

    @Test
    void eloIsRelativeToTheFieldMeanAndMatchesTheScore() {
        for (int i = 0; i < 100; i++) {
            if (i % 4 == 3) {
                win("b", "a");
            } else {
                win("a", "b");
            }
        }

        List<Standing> table = Standings.compute(List.of("a", "b"), games);

        double a = table.get(0).elo();
        double b = table.get(1).elo();
        assertThat(a + b).isCloseTo(0, within(0.11));
        // 75% is 400 * log10(3) = 190.85 Elo: pure maximum likelihood, no prior where none is needed.
        assertThat(a - b).isCloseTo(190.85, within(0.11));
        assertThat(table.get(0).eloError()).isPositive();
    }

    @Test
    void aBotWithoutGamesHasNoRatingYet() {
        win("a", "b");

        List<Standing> table = Standings.compute(List.of("a", "b", "c"), games);

        Standing c =
                table.stream().filter(s -> s.name().equals("c")).findFirst().orElseThrow();
        assertThat(c.elo()).isNull();
        assertThat(c.eloError()).isNull();
        assertThat(c.games()).isZero();
    }

    @Test
    void aBotThatNeverStartedHasNoRatingAndItsForfeitsAreNoRatedWins() {
        // "ghost" could not start in any game: it keeps its points (none) and its start failures,
        // but played nothing to be rated on, and the others' wins over it are no evidence.
        for (int i = 0; i < 4; i++) {
            win("a", "b");
            win("b", "c");
            game("a", "ghost", Result.WHITE_WINS, Termination.START_FAILURE);
            game("ghost", "c", Result.BLACK_WINS, Termination.START_FAILURE);
        }
        game("b", "a", Result.WHITE_WINS, Termination.CHECKMATE);
        game("c", "b", Result.WHITE_WINS, Termination.CHECKMATE);

        List<Standing> table = Standings.compute(List.of("a", "b", "c", "ghost"), games);
        List<Standing> without = Standings.compute(
                List.of("a", "b", "c"),
                games.stream()
                        .filter(g -> g.termination() != Termination.START_FAILURE)
                        .toList());

        Standing ghost =
                table.stream().filter(s -> s.name().equals("ghost")).findFirst().orElseThrow();
        assertThat(ghost.elo()).isNull();
        assertThat(ghost.eloError()).isNull();
        assertThat(ghost.irregularByCause()).containsEntry("start-failure", 8);
        assertThat(ghost.games()).isEqualTo(8);
        // The others are rated exactly as if the forfeits had not happened; their points still count them.
        for (Standing other : without) {
            Standing same = table.stream()
                    .filter(s -> s.name().equals(other.name()))
                    .findFirst()
                    .orElseThrow();
            assertThat(same.elo()).as(other.name()).isEqualTo(other.elo());
            assertThat(same.eloError()).as(other.name()).isEqualTo(other.eloError());
            assertThat(same.points())
                    .as(other.name())
                    .isEqualTo(other.points() + (other.name().equals("b") ? 0 : 8));
        }
    }
}
