package caissa.arena.tournament;

import caissa.arena.rules.Move;
import caissa.arena.rules.Variant;
import java.util.ArrayList;
import java.util.List;

/**
 * The games of a round robin. Each pair of bots plays {@code gamesPerPair} games in game pairs:
 * one opening, once with each colour. The order runs round by round (every pair plays its first
 * game pair before any pair plays its second) so that standings are balanced while it runs.
 */
public final class Schedule {

    private Schedule() {
    }

    public static List<ScheduledGame> roundRobin(int bots, int gamesPerPair, int openingPlies, long seed) {
        return roundRobin(Variant.CAISSA, bots, gamesPerPair, openingPlies, seed);
    }

    /** The schedule of a round robin of the given variant (its openings are that variant's). */
    public static List<ScheduledGame> roundRobin(Variant variant, int bots, int gamesPerPair, int openingPlies,
            long seed) {
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < bots; i++) {
            for (int j = i + 1; j < bots; j++) {
                pairs.add(new int[] {i, j});
            }
        }
        List<ScheduledGame> games = new ArrayList<>();
        int pairNumber = 0;
        for (int round = 0; round < gamesPerPair / 2; round++) {
            for (int[] pair : pairs) {
                List<Move> opening = Openings.opening(variant, seed, pairNumber, openingPlies);
                pairNumber++;
                games.add(new ScheduledGame(games.size() + 1, pairNumber, pair[0], pair[1], opening));
                games.add(new ScheduledGame(games.size() + 1, pairNumber, pair[1], pair[0], opening));
            }
        }
        return List.copyOf(games);
    }
}
