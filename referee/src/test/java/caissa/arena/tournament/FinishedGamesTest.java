package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.records.GameFiles;
import caissa.arena.records.TournamentLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run keeps its finished games as a few bytes each, not as objects: the map must answer as a
 * {@link TreeMap} of the same games would, and hold none of a run's own games as an object.
 */
class FinishedGamesTest {

    private static final List<String> BOTS = List.of("alpha", "beta", "gamma", "delta");
    private static final int TOTAL = 120;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void answersAsATreeMapOfTheSameGamesAndKeepsARunsOwnGamesCompact(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        FinishedGames games = new FinishedGames(BOTS, TOTAL);
        Map<Integer, FinishedGame> expected = new TreeMap<>();
        for (int i = 0; i < 200; i++) {
            FinishedGame game = ownGame(random, 1 + random.nextInt(TOTAL));
            assertThat(games.put(game.game(), game)).isEqualTo(expected.put(game.game(), game));
        }

        assertThat(games.keptWhole()).isZero();
        assertThat(games).isEqualTo(expected);
        assertThat(new ArrayList<>(games.keySet())).isEqualTo(new ArrayList<>(expected.keySet()));
        assertThat(new ArrayList<>(games.values())).isEqualTo(new ArrayList<>(expected.values()));
        for (int number = -1; number <= TOTAL + 2; number++) {
            assertThat(games.containsKey(number)).isEqualTo(expected.containsKey(number));
            assertThat(games.get(number)).isEqualTo(expected.get(number));
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13, 14})
    void gamesThatDoNotFitAreKeptWholeInTheirPlace(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        FinishedGames games = new FinishedGames(BOTS, TOTAL);
        Map<Integer, FinishedGame> expected = new TreeMap<>();
        for (int i = 0; i < 200; i++) {
            int number = random.nextInt(TOTAL + 20) - 5;
            FinishedGame own = ownGame(random, number);
            FinishedGame game = switch (random.nextInt(4)) {
                case 0 ->
                    new FinishedGame(number, "stranger", own.black(), own.result(), own.termination(), own.file());
                case 1 ->
                    new FinishedGame(number, own.white(), own.black(), own.result(), own.termination(), "games/x.json");
                default -> own;
            };
            assertThat(games.put(number, game)).isEqualTo(expected.put(number, game));
        }

        long whole = expected.values().stream()
                .filter(g -> g.game() < 1
                        || g.game() > TOTAL
                        || g.white().equals("stranger")
                        || !g.file().equals(fileOf(g.game())))
                .count();
        assertThat(games.keptWhole()).isEqualTo(whole).isPositive();
        assertThat(games).isEqualTo(expected);
        assertThat(new ArrayList<>(games.keySet())).isEqualTo(new ArrayList<>(expected.keySet()));
        assertThat(games.size()).isEqualTo(expected.size());
    }

    private static FinishedGame ownGame(SplittableRandom random, int number) {
        int white = random.nextInt(BOTS.size());
        int black = (white + 1 + random.nextInt(BOTS.size() - 1)) % BOTS.size();
        Result result = Result.values()[random.nextInt(Result.values().length)];
        Termination termination = Termination.values()[random.nextInt(Termination.values().length)];
        return new FinishedGame(number, BOTS.get(white), BOTS.get(black), result, termination, fileOf(number));
    }

    private static String fileOf(int number) {
        return TournamentLayout.GAMES_DIR + "/" + GameFiles.name(number, TOTAL);
    }
}
