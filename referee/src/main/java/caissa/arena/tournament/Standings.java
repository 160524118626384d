package caissa.arena.tournament;

import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.rules.Side;
import caissa.arena.stats.GameScore;
import caissa.arena.stats.MaximumLikelihoodRatings;
import caissa.arena.stats.PlayerRating;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The table of a round robin from its finished games. Points are 2/1/0 (RULES.md 10). Ranking:
 * points, then fewer irregular losses (RULES.md 9), then points in the games among the bots
 * still tied, then Sonneborn-Berger, then name (so that the order is always the same).
 */
public final class Standings {

    private final List<String> bots;
    private final List<FinishedGame> games;
    private final Map<String, Tally> tallies = new LinkedHashMap<>();
    private final Map<String, Map<String, CrossEntry>> crosstable = new LinkedHashMap<>();

    private static final class Tally {
        int points;
        int games;
        int wins;
        int draws;
        int losses;
        final Map<String, Integer> irregular = new LinkedHashMap<>();
        int headToHead;
        double sonnebornBerger;

        int irregularLosses() {
            return irregular.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    /** The Swiss stage's scores (byes, Buchholz), or null for a round robin or gauntlet. */
    private final SwissPairing.Scores swiss;

    private Standings(List<String> bots, List<FinishedGame> games, SwissPairing.Scores swiss) {
        this.bots = List.copyOf(bots);
        this.games = List.copyOf(games);
        this.swiss = swiss;
    }

    /**
     * The standings of a Swiss stage: points (byes included), then Buchholz, then fewer irregular
     * losses, then Sonneborn-Berger, then name. Bots that met only some of the field are not
     * compared by head-to-head points.
     */
    public static List<Standing> swiss(List<String> bots, List<FinishedGame> games, SwissPairing.Scores scores) {
        return new Standings(bots, games, scores).table();
    }

    /** The standings of the bots (in the order of the tournament file) after the given games. */
    public static List<Standing> compute(List<String> bots, List<FinishedGame> games) {
        return new Standings(bots, games, null).table();
    }

    /** {@code crosstable[bot][opponent]} after the given games, every pair present. */
    public static Map<String, Map<String, CrossEntry>> crosstable(List<String> bots, List<FinishedGame> games) {
        Standings standings = new Standings(bots, games, null);
        standings.tally();
        return standings.crosstable;
    }

    private List<Standing> table() {
        tally();
        Map<String, PlayerRating> ratings = ratings();
        List<String> order = new ArrayList<>(bots);
        Comparator<String> byPointsAndIrregular = Comparator.<String>comparingInt(b -> -tallies.get(b).points)
                .thenComparingInt(b -> tallies.get(b).irregularLosses());
        Comparator<String> ranking;
        if (swiss == null) {
            order.sort(byPointsAndIrregular);
            headToHead(order, byPointsAndIrregular);
            ranking = byPointsAndIrregular
                    .thenComparingInt(b -> -tallies.get(b).headToHead)
                    .thenComparingDouble(b -> -tallies.get(b).sonnebornBerger);
        } else {
            ranking = Comparator.<String>comparingInt(b -> -tallies.get(b).points)
                    .thenComparingInt(b -> -swiss.buchholz()[bots.indexOf(b)])
                    .thenComparingInt(b -> tallies.get(b).irregularLosses())
                    .thenComparingDouble(b -> -tallies.get(b).sonnebornBerger);
        }
        order.sort(ranking.thenComparing(Comparator.naturalOrder()));

        List<Standing> table = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            String bot = order.get(i);
            int rank = i > 0 && ranking.compare(order.get(i - 1), bot) == 0
                    ? table.get(i - 1).rank()
                    : i + 1;
            Tally t = tallies.get(bot);
            PlayerRating rating = ratings.get(bot);
            table.add(new Standing(
                    rank,
                    bot,
                    t.points,
                    t.games,
                    t.wins,
                    t.draws,
                    t.losses,
                    t.irregularLosses(),
                    Map.copyOf(t.irregular),
                    rating == null ? null : round(rating.elo()),
                    rating == null ? null : round(rating.error()),
                    t.headToHead,
                    t.sonnebornBerger,
                    swiss == null ? null : swiss.byes()[bots.indexOf(bot)],
                    swiss == null ? null : swiss.buchholz()[bots.indexOf(bot)]));
        }
        return List.copyOf(table);
    }

    private void tally() {
        for (String bot : bots) {
            Tally tally = new Tally();
            Arrays.stream(Termination.values())
                    .filter(Termination::isIrregular)
                    .forEach(t -> tally.irregular.put(t.word(), 0));
            tallies.put(bot, tally);
            Map<String, CrossEntry> row = new LinkedHashMap<>();
            bots.stream().filter(other -> !other.equals(bot)).forEach(other -> row.put(other, CrossEntry.NONE));
            crosstable.put(bot, row);
        }
        for (FinishedGame game : games) {
            for (Side side : Side.values()) {
                String bot = side == Side.WHITE ? game.white() : game.black();
                String opponent = side == Side.WHITE ? game.black() : game.white();
                Tally t = tallies.get(bot);
                if (t == null) {
                    throw new IllegalArgumentException("game " + game.game() + " names an unknown bot '" + bot + "'");
                }
                int points = game.result().points(side);
                t.points += points;
                t.games++;
                t.wins += points == 2 ? 1 : 0;
                t.draws += points == 1 ? 1 : 0;
                t.losses += points == 0 ? 1 : 0;
                if (points == 0 && game.termination().isIrregular() && lost(game.result(), side)) {
                    t.irregular.merge(game.termination().word(), 1, Integer::sum);
                }
                crosstable.get(bot).merge(opponent, CrossEntry.NONE.plus(points), (a, b) -> a.plus(points));
            }
        }
        if (swiss != null) {
            for (int b = 0; b < bots.size(); b++) {
                tallies.get(bots.get(b)).points += swiss.byes()[b] * SwissPairing.BYE_POINTS;
            }
        }
        for (FinishedGame game : games) {
            for (Side side : Side.values()) {
                String bot = side == Side.WHITE ? game.white() : game.black();
                String opponent = side == Side.WHITE ? game.black() : game.white();
                tallies.get(bot).sonnebornBerger += game.result().points(side) / 2.0 * tallies.get(opponent).points;
            }
        }
    }

    /** An irregular termination is charged to the side that lost it (both, when neither started). */
    private static boolean lost(Result result, Side side) {
        return result == Result.BOTH_LOSE || result == Result.lossFor(side);
    }

    /** Points in the games among each group of bots tied on points and irregular losses. */
    private void headToHead(List<String> sorted, Comparator<String> tie) {
        int start = 0;
        while (start < sorted.size()) {
            int end = start + 1;
            while (end < sorted.size() && tie.compare(sorted.get(start), sorted.get(end)) == 0) {
                end++;
            }
            List<String> group = sorted.subList(start, end);
            if (group.size() > 1) {
                for (String bot : group) {
                    tallies.get(bot).headToHead = group.stream()
                            .filter(other -> !other.equals(bot))
                            .mapToInt(other -> crosstable.get(bot).get(other).points())
                            .sum();
                }
            }
            start = end;
        }
    }

    /**
     * Ratings from the games played: a game both bots lost, or lost by a bot that could not start,
     * says nothing of their strength. A bot that played no such game has no rating, and its
     * forfeits are no rated wins for the others.
     */
    private Map<String, PlayerRating> ratings() {
        List<FinishedGame> rated = games.stream().filter(Standings::rated).toList();
        List<GameScore> scores = rated.stream()
                .map(g -> GameScore.ofPoints(g.white(), g.black(), g.result().points(Side.WHITE)))
                .toList();
        Map<String, PlayerRating> ratings = new LinkedHashMap<>();
        if (scores.isEmpty()) {
            return ratings;
        }
        Set<String> played = new HashSet<>();
        rated.forEach(g -> {
            played.add(g.white());
            played.add(g.black());
        });
        // As caissa ratings: pure maximum likelihood where it has an answer, one virtual draw a bot
        // where it has none (a bot that won every game so far); margins count draws (issue 39).
        // Only the bots that played are fitted: one that never played would pull the field's mean.
        List<String> playing = bots.stream().filter(played::contains).toList();
        MaximumLikelihoodRatings fit;
        try {
            fit = MaximumLikelihoodRatings.of(playing, scores, 0.0);
        } catch (IllegalArgumentException e) {
            fit = MaximumLikelihoodRatings.of(playing, scores);
        }
        for (PlayerRating rating : fit.ratings()) {
            ratings.put(rating.player(), rating);
        }
        return ratings;
    }

    /** Whether a game counts for the ratings: someone won or it was drawn, and both bots played. */
    static boolean rated(FinishedGame game) {
        return game.result() != Result.BOTH_LOSE && game.termination() != Termination.START_FAILURE;
    }

    /** One decimal is all an Elo figure can claim; JSON has no infinity, so an unbounded one is null. */
    private static Double round(double value) {
        return Double.isFinite(value) ? Math.round(value * 10) / 10.0 : null;
    }
}
