package caissa.arena.ratings;

import caissa.arena.stats.MaximumLikelihoodRatings;
import caissa.arena.stats.MaximumLikelihoodRatings.PairTally;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * One rating list from counted games: joint maximum-likelihood ratings with draws as half a
 * point (Ordo's model, {@link MaximumLikelihoodRatings} with its one virtual draw a bot), each
 * group of bots that met one another rated apart, every rating with a 95% interval from a
 * bootstrap over games and the likelihood of superiority over the next bot in the list.
 *
 * <p>Bootstrap: each resample draws, for every pairing, as many games as it played from its own
 * wins, draws and losses (a bootstrap over games, stratified by pairing, so that every resample
 * has the same schedule), and fits it again. The interval is the 2.5th to 97.5th percentile of a
 * bot's rating over the resamples; the LOS of a bot over the next one is the share of resamples
 * in which it is rated higher (ties count half). Ratings are relative to the group's mean, or
 * with an anchor the anchored bot's group is moved so that it has the given rating.
 *
 * @param anchor the bot held at a given rating, if any
 * @param groups the bots in groups that never met each other, largest first; one group for a connected field
 * @param bots every bot that played a rated game, by group then rating
 * @param notRated the bots that played no rated game (every game of theirs lost by start
 *     failure): they have no rating
 */
public record RatingList(long games, long unrated, Optional<Anchor> anchor, List<List<String>> groups, List<Rated> bots,
        List<NotRated> notRated) {

    /** A bot held at a rating: {@code --anchor NAME=ELO}. */
    public record Anchor(String name, double elo) {
    }

    /**
     * One bot's line.
     *
     * @param group 1-based group number
     * @param los the likelihood that it is stronger than the next bot of its group; empty for the last
     * @param startFailures its games lost by start failure, not rated and not in {@code games}
     */
    public record Rated(int rank, String name, double elo, double low, double high, long games, double score, int group,
            Optional<Double> los, long startFailures) {
    }

    /** A bot that played no game: it could not start in any of its games. */
    public record NotRated(String name, long startFailures) {
    }

    public RatingList {
        groups = groups.stream().map(List::copyOf).toList();
        bots = List.copyOf(bots);
        notRated = List.copyOf(notRated);
    }

    /**
     * Rates the tallied games.
     *
     * @param resamples bootstrap resamples (0: no intervals, each end the rating itself)
     * @throws IllegalArgumentException for an anchor that names no bot
     */
    public static RatingList of(GameTally tally, Optional<Anchor> anchor, int resamples, long seed) {
        List<String> names = tally.bots();
        if (anchor.isPresent() && !names.contains(anchor.get().name())) {
            throw new IllegalArgumentException("--anchor: no bot is called '" + anchor.get().name() + "' (bots: "
                    + String.join(", ", names) + ")");
        }
        List<GameTally.Pairing> pairings = tally.pairings();
        List<List<String>> groups = groups(names, pairings);
        List<Rated> rated = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(seed);
        int rank = 0;
        for (int g = 0; g < groups.size(); g++) {
            List<String> group = groups.get(g);
            List<GameTally.Pairing> within = pairings.stream().filter(p -> group.contains(p.white())).toList();
            Optional<Anchor> held = anchor.filter(a -> group.contains(a.name()));
            double[] elo = fit(group, within, held, point -> point);
            double[][] samples = new double[resamples][];
            for (int s = 0; s < resamples; s++) {
                samples[s] = fit(group, within, held, p -> resample(p, random));
            }
            Integer[] order = new Integer[group.size()];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -elo[i]).thenComparing(i -> group.get(i)));
            for (int k = 0; k < order.length; k++) {
                int i = order[k];
                double[] mine = new double[resamples];
                for (int s = 0; s < resamples; s++) {
                    mine[s] = samples[s][i];
                }
                Arrays.sort(mine);
                double low = resamples == 0 ? elo[i] : percentile(mine, 0.025);
                double high = resamples == 0 ? elo[i] : percentile(mine, 0.975);
                Optional<Double> los = Optional.empty();
                if (k + 1 < order.length && resamples > 0) {
                    int next = order[k + 1];
                    double above = 0;
                    for (double[] sample : samples) {
                        above += sample[i] > sample[next] ? 1 : sample[i] == sample[next] ? 0.5 : 0;
                    }
                    los = Optional.of(above / resamples);
                }
                long played = 0;
                double points = 0;
                for (GameTally.Pairing p : within) {
                    if (p.white().equals(group.get(i))) {
                        played += p.games();
                        points += p.wins() + p.draws() / 2.0;
                    } else if (p.black().equals(group.get(i))) {
                        played += p.games();
                        points += p.losses() + p.draws() / 2.0;
                    }
                }
                rated.add(new Rated(++rank, group.get(i), elo[i], low, high, played, played == 0 ? 0 : points / played,
                        g + 1, los, tally.startFailures().getOrDefault(group.get(i), 0L)));
            }
        }
        List<NotRated> notRated = tally.startFailures().entrySet().stream().filter(e -> !names.contains(e.getKey()))
                .map(e -> new NotRated(e.getKey(), e.getValue())).toList();
        return new RatingList(tally.games(), tally.unrated(), anchor, groups, rated, notRated);
    }

    /** The ratings of a group, anchored or about its mean, from its pairings as {@code counts} gives them. */
    private static double[] fit(List<String> group, List<GameTally.Pairing> pairings, Optional<Anchor> anchor,
            java.util.function.Function<GameTally.Pairing, GameTally.Pairing> counts) {
        List<PairTally> tallies = new ArrayList<>(pairings.size());
        for (GameTally.Pairing p : pairings) {
            GameTally.Pairing c = counts.apply(p);
            tallies.add(new PairTally(c.white(), c.black(), c.games(), c.wins() + c.draws() / 2.0));
        }
        MaximumLikelihoodRatings ratings = MaximumLikelihoodRatings.ofTallies(group, tallies,
                MaximumLikelihoodRatings.DEFAULT_PRIOR_DRAWS);
        double[] elo = new double[group.size()];
        for (int i = 0; i < elo.length; i++) {
            elo[i] = ratings.ratings().get(i).elo();
        }
        if (anchor.isPresent()) {
            double shift = anchor.get().elo() - elo[group.indexOf(anchor.get().name())];
            for (int i = 0; i < elo.length; i++) {
                elo[i] += shift;
            }
        }
        return elo;
    }

    /** A pairing's games drawn again, as many, from its own wins, draws and losses. */
    private static GameTally.Pairing resample(GameTally.Pairing p, SplittableRandom random) {
        long n = p.games();
        long wins = 0;
        long draws = 0;
        double pWin = p.wins() / (double) n;
        double pDraw = p.draws() / (double) n;
        for (long k = 0; k < n; k++) {
            double u = random.nextDouble();
            if (u < pWin) {
                wins++;
            } else if (u < pWin + pDraw) {
                draws++;
            }
        }
        return new GameTally.Pairing(p.white(), p.black(), n - wins - draws, draws, wins);
    }

    private static double percentile(double[] sorted, double q) {
        double position = q * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(sorted.length - 1, below + 1);
        return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
    }

    /** Bots linked by having played each other, largest group first (then by first name). */
    static List<List<String>> groups(List<String> names, List<GameTally.Pairing> pairings) {
        Map<String, String> parent = new HashMap<>();
        names.forEach(n -> parent.put(n, n));
        for (GameTally.Pairing p : pairings) {
            if (p.games() > 0) {
                parent.put(root(parent, p.white()), root(parent, p.black()));
            }
        }
        Map<String, List<String>> byRoot = new java.util.LinkedHashMap<>();
        for (String name : names) {
            byRoot.computeIfAbsent(root(parent, name), r -> new ArrayList<>()).add(name);
        }
        List<List<String>> groups = new ArrayList<>(byRoot.values());
        groups.sort(Comparator.comparingInt((List<String> g) -> -g.size()).thenComparing(g -> g.get(0)));
        return groups;
    }

    private static String root(Map<String, String> parent, String name) {
        String r = name;
        while (!parent.get(r).equals(r)) {
            r = parent.get(r);
        }
        return r;
    }
}
