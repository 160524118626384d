package caissa.arena.ratings;

import caissa.arena.game.Result;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The games of any number of runs counted by who played whom: for each pairing (White, Black)
 * how often White scored 0, 1 and 2 points. That is all the ratings need, so a rating list of
 * 100,000 games holds a count per pairing, never the games. Games that have no rating result
 * (both sides lost, or aborted) are counted apart.
 */
public final class GameTally {

    /** One pairing's counts, White's points 0 (a loss), 1 (a draw) and 2 (a win). */
    public record Pairing(String white, String black, long losses, long draws, long wins) {
        public long games() {
            return losses + draws + wins;
        }
    }

    private final Map<String, Map<String, long[]>> counts = new TreeMap<>();
    private long games;
    private long unrated;

    /** Counts one game. */
    public void add(String white, String black, Result result) {
        if (result == Result.BOTH_LOSE || result == Result.ABORTED || white.equals(black)) {
            unrated++;
            return;
        }
        long[] cell = counts.computeIfAbsent(white, w -> new TreeMap<>()).computeIfAbsent(black, b -> new long[3]);
        cell[result.points(caissa.arena.rules.Side.WHITE)]++;
        games++;
    }

    /** Counts given directly (tests and synthetic fields). */
    public void add(String white, String black, long losses, long draws, long wins) {
        long[] cell = counts.computeIfAbsent(white, w -> new TreeMap<>()).computeIfAbsent(black, b -> new long[3]);
        cell[0] += losses;
        cell[1] += draws;
        cell[2] += wins;
        games += losses + draws + wins;
    }

    /** Rated games counted. */
    public long games() {
        return games;
    }

    /** Games without a rating result: both sides lost, or the game was aborted. */
    public long unrated() {
        return unrated;
    }

    /** Every pairing, ordered by White then Black. */
    public List<Pairing> pairings() {
        return counts.entrySet().stream().flatMap(w -> w.getValue().entrySet().stream()
                .map(b -> new Pairing(w.getKey(), b.getKey(), b.getValue()[0], b.getValue()[1], b.getValue()[2])))
                .toList();
    }

    /** Every bot that played a rated game, by name. */
    public List<String> bots() {
        TreeSet<String> names = new TreeSet<>(counts.keySet());
        counts.values().forEach(m -> names.addAll(m.keySet()));
        return List.copyOf(names);
    }
}
