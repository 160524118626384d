package caissa.arena.ratings;

import caissa.arena.game.Result;
import caissa.arena.rules.Side;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The games of any number of runs counted by who played whom: for each pairing (White, Black)
 * how often White scored 0, 1 and 2 points. That is all the ratings need, so a rating list of
 * 100,000 games holds a count per pairing, never the games. Games that have no rating result
 * (both sides lost, or aborted) are counted apart, and so are games lost by start failure: a bot
 * that never started played no game, and a forfeit says nothing of either bot's strength.
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
    private final Map<String, Long> startFailures = new TreeMap<>();

    /** Counts one game that was not lost by start failure. */
    public void add(String white, String black, Result result) {
        add(white, black, result, false);
    }

    /**
     * Counts one game; one lost by start failure ({@code startFailure}) is not rated but counted
     * against the bot that could not start (both, when neither could).
     */
    public void add(String white, String black, Result result, boolean startFailure) {
        if (startFailure) {
            if (result == Result.BOTH_LOSE || result == Result.WHITE_WINS) {
                startFailures.merge(black, 1L, Long::sum);
            }
            if (result == Result.BOTH_LOSE || result == Result.BLACK_WINS) {
                startFailures.merge(white, 1L, Long::sum);
            }
            unrated++;
            return;
        }
        if (result == Result.BOTH_LOSE || result == Result.ABORTED || white.equals(black)) {
            unrated++;
            return;
        }
        long[] cell = counts.computeIfAbsent(white, w -> new TreeMap<>()).computeIfAbsent(black, b -> new long[3]);
        cell[result.points(Side.WHITE)]++;
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

    /** Games lost by start failure, by the bot that could not start: not rated. */
    public Map<String, Long> startFailures() {
        return Map.copyOf(startFailures);
    }

    /** Games without a rating result: both sides lost, the game was aborted, or a bot could not start. */
    public long unrated() {
        return unrated;
    }

    /** Every pairing, ordered by White then Black. */
    public List<Pairing> pairings() {
        return counts.entrySet().stream()
                .flatMap(w -> w.getValue().entrySet().stream()
                        .map(b ->
                                new Pairing(w.getKey(), b.getKey(), b.getValue()[0], b.getValue()[1], b.getValue()[2])))
                .toList();
    }

    /** Every bot that played a rated game, by name. */
    public List<String> bots() {
        TreeSet<String> names = new TreeSet<>(counts.keySet());
        counts.values().forEach(m -> names.addAll(m.keySet()));
        return List.copyOf(names);
    }
}
