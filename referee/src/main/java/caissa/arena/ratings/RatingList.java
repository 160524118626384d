package caissa.arena.ratings;

import caissa.arena.stats.MaximumLikelihoodRatings;
import caissa.arena.stats.PlayerRating;
import caissa.arena.stats.StandardNormal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One rating list from counted games: joint maximum-likelihood ratings with draws as half a
 * point (Ordo's model, {@link MaximumLikelihoodRatings} with its prior of virtual draws, one a
 * bot by default, 0 for pure maximum likelihood), each group of bots that met one another rated
 * apart, every rating with a 95% interval and the likelihood of superiority over the next bot.
 *
 * <p>Intervals: the rating ± 1.96 standard deviations, from the fit's draw-aware covariance
 * (see {@link MaximumLikelihoodRatings}); the LOS of a bot over the next is the normal
 * probability that their difference is above 0, from the same covariance. Both are computed,
 * not sampled, so they are the same to every digit on every run. An earlier bootstrap over each
 * pairing's own results could not vary a pairing one side won every game of, and its intervals
 * held the truth about 87% of the time in small lopsided fields; these hold it at least 93%
 * (figures: {@code caissa bench ratings}).
 *
 * <p>Perfect and zero scores: a bot that won every game (or lost every game) has no finite
 * rating. As Ordo does, it is taken out (repeatedly, since taking one out may leave another with
 * a perfect score), the rest are rated, and it gets a one-sided bound instead: the rating at
 * which it would win all its games against the rated bots it met with probability 2.5% (its
 * 97.5% lower bound; an upper bound for a zero score). It has no estimate and no LOS.
 * Ratings are relative to the mean of the group's rated bots, or with an anchor the anchored
 * bot's group is moved so that it has the given rating, and the intervals are then of each bot's
 * gap to the anchor (the anchor's own has no width), as Ordo's are.
 *
 * @param anchor the bot held at a given rating, if any
 * @param prior the virtual draws a bot of the fit
 * @param groups the bots in groups that never met each other, largest first; one group for a connected field
 * @param bots every bot that played a rated game, by group then rating
 * @param notRated the bots that played no rated game (every game of theirs lost by start
 *     failure): they have no rating
 */
public record RatingList(
        long games,
        long unrated,
        Optional<Anchor> anchor,
        double prior,
        List<List<String>> groups,
        List<Rated> bots,
        List<NotRated> notRated) {

    /** A bot held at a rating: {@code --anchor NAME=ELO}. */
    public record Anchor(String name, double elo) {}

    /** Which side a one-sided interval bounds. */
    public enum Bound {
        /** A perfect score: the rating is at least {@code low}. */
        LOWER,
        /** A zero score: the rating is at most {@code high}. */
        UPPER
    }

    /**
     * One bot's line.
     *
     * @param elo NaN for a bot with only a bound
     * @param low the interval's low end; -∞ for an upper bound
     * @param high its high end; +∞ for a lower bound
     * @param bound present for a perfect or zero score
     * @param group 1-based group number
     * @param los the likelihood that it is stronger than the next bot of its group; empty for the
     *            last, and where either has only a bound
     * @param startFailures its games lost by start failure, not rated and not in {@code games}
     */
    public record Rated(
            int rank,
            String name,
            double elo,
            double low,
            double high,
            Optional<Bound> bound,
            long games,
            double score,
            int group,
            Optional<Double> los,
            long startFailures) {}

    /** A bot that played no game: it could not start in any of its games. */
    public record NotRated(String name, long startFailures) {}

    /** The probability that an interval's one side leaves out the truth. */
    private static final double TAIL = 0.025;

    public RatingList {
        groups = groups.stream().map(List::copyOf).toList();
        bots = List.copyOf(bots);
        notRated = List.copyOf(notRated);
    }

    /**
     * Rates the tallied games by pure maximum likelihood where it has an answer (after perfect and
     * zero scores are taken out), as Ordo does; where it has none (some bots never scored against
     * the rest, and not one bot alone), with {@link MaximumLikelihoodRatings#DEFAULT_PRIOR_DRAWS}
     * virtual draws a bot, which {@link #prior()} then says. A prior pulls every rating towards
     * the mean, by about 10% in a wide field, and shortens the intervals with it: in the seeded
     * wide fields of {@code caissa bench ratings} one virtual draw a bot brings the coverage of a
     * 95% interval from 94.8% down to 92.8%.
     */
    public static RatingList of(GameTally tally, Optional<Anchor> anchor) {
        try {
            return of(tally, anchor, 0.0);
        } catch (IllegalArgumentException e) {
            if (e.getMessage() == null || !e.getMessage().startsWith(MaximumLikelihoodRatings.DIVERGING)) {
                throw e;
            }
            return of(tally, anchor, MaximumLikelihoodRatings.DEFAULT_PRIOR_DRAWS);
        }
    }

    /**
     * Rates the tallied games with a given prior.
     *
     * @param prior virtual draws a bot (see {@link MaximumLikelihoodRatings}), 0 for none
     * @throws IllegalArgumentException for an anchor that names no bot or a bot with only a bound,
     *                                  or, with no prior, a field with no finite ratings
     */
    public static RatingList of(GameTally tally, Optional<Anchor> anchor, double prior) {
        List<String> names = tally.bots();
        if (anchor.isPresent() && !names.contains(anchor.get().name())) {
            throw new IllegalArgumentException("--anchor: no bot is called '"
                    + anchor.get().name() + "' (bots: " + String.join(", ", names) + ")");
        }
        List<GameTally.Pairing> pairings = tally.pairings();
        List<List<String>> groups = groups(names, pairings);
        List<Rated> rated = new ArrayList<>();
        int rank = 0;
        for (int g = 0; g < groups.size(); g++) {
            List<String> group = groups.get(g);
            List<GameTally.Pairing> within =
                    pairings.stream().filter(p -> group.contains(p.white())).toList();
            Map<String, Bound> bounded = bounded(group, within);
            List<String> fitted =
                    group.stream().filter(b -> !bounded.containsKey(b)).toList();
            List<GameTally.Pairing> among = within.stream()
                    .filter(p -> !bounded.containsKey(p.white()) && !bounded.containsKey(p.black()))
                    .toList();
            List<MaximumLikelihoodRatings.PairTally> tallies = among.stream()
                    .map(p -> new MaximumLikelihoodRatings.PairTally(
                            p.white(), p.black(), p.games(), p.wins() + p.draws() / 2.0, p.draws()))
                    .toList();
            MaximumLikelihoodRatings fit = MaximumLikelihoodRatings.ofTallies(fitted, tallies, prior);
            Map<String, Double> elo = new HashMap<>();
            for (PlayerRating r : fit.ratings()) {
                elo.put(r.player(), r.elo());
            }
            Optional<Anchor> held = anchor.filter(a -> group.contains(a.name()));
            int pinned = held.map(a -> fitted.indexOf(a.name())).orElse(-1);
            Map<String, double[]> ends = new HashMap<>();
            for (int i = 0; i < fitted.size(); i++) {
                PlayerRating r = fit.ratings().get(i);
                // Held at a rating, the anchor has none to doubt: the others' errors are of their gap to it.
                double error = pinned < 0 ? r.error() : StandardNormal.Z_95 * fit.differenceDeviation(i, pinned);
                ends.put(r.player(), new double[] {r.elo() - error, r.elo() + error});
            }
            for (Map.Entry<String, Bound> b : bounded.entrySet()) {
                double limit = bound(b.getKey(), b.getValue(), within, elo);
                ends.put(
                        b.getKey(),
                        b.getValue() == Bound.LOWER
                                ? new double[] {limit, Double.POSITIVE_INFINITY}
                                : new double[] {Double.NEGATIVE_INFINITY, limit});
            }
            double shift = 0.0;
            if (held.isPresent()) {
                if (bounded.containsKey(held.get().name())) {
                    throw new IllegalArgumentException(
                            "--anchor: '" + held.get().name() + "' has a "
                                    + (bounded.get(held.get().name()) == Bound.LOWER ? "perfect" : "zero")
                                    + " score and only a bound, not a rating to hold");
                }
                shift = held.get().elo() - elo.get(held.get().name());
            }
            List<String> order = new ArrayList<>(group);
            order.sort(Comparator.comparingDouble((String b) -> -sortKey(b, bounded, elo, ends))
                    .thenComparing(b -> b));
            for (int k = 0; k < order.size(); k++) {
                String bot = order.get(k);
                Optional<Double> los = Optional.empty();
                if (k + 1 < order.size() && !bounded.containsKey(bot) && !bounded.containsKey(order.get(k + 1))) {
                    los = Optional.of(fit.los(fitted.indexOf(bot), fitted.indexOf(order.get(k + 1))));
                }
                long played = 0;
                double points = 0;
                for (GameTally.Pairing p : within) {
                    if (p.white().equals(bot)) {
                        played += p.games();
                        points += p.wins() + p.draws() / 2.0;
                    } else if (p.black().equals(bot)) {
                        played += p.games();
                        points += p.losses() + p.draws() / 2.0;
                    }
                }
                double[] end = ends.get(bot);
                rated.add(new Rated(
                        ++rank,
                        bot,
                        bounded.containsKey(bot) ? Double.NaN : elo.get(bot) + shift,
                        end[0] + shift,
                        end[1] + shift,
                        Optional.ofNullable(bounded.get(bot)),
                        played,
                        played == 0 ? 0 : points / played,
                        g + 1,
                        los,
                        tally.startFailures().getOrDefault(bot, 0L)));
            }
        }
        List<NotRated> notRated = tally.startFailures().entrySet().stream()
                .filter(e -> !names.contains(e.getKey()))
                .map(e -> new NotRated(e.getKey(), e.getValue()))
                .toList();
        return new RatingList(tally.games(), tally.unrated(), anchor, prior, groups, rated, notRated);
    }

    /** Bounds first, by their bound; then ratings; zero scores last. */
    private static double sortKey(
            String bot, Map<String, Bound> bounded, Map<String, Double> elo, Map<String, double[]> ends) {
        Bound bound = bounded.get(bot);
        if (bound == null) {
            return elo.get(bot);
        }
        return bound == Bound.LOWER ? 1e9 + ends.get(bot)[0] : -1e9 + ends.get(bot)[1];
    }

    /**
     * The bots with a perfect or zero score, taken out one round at a time: perfect scores first
     * (taking out a winner may leave another with all its remaining games won), then zero
     * scores, until none is left among the rest; a lone bot left is rated.
     */
    static Map<String, Bound> bounded(List<String> group, List<GameTally.Pairing> pairings) {
        Map<String, Bound> bounded = new LinkedHashMap<>();
        while (group.size() - bounded.size() > 1) {
            Map<String, double[]> record = new HashMap<>();
            for (GameTally.Pairing p : pairings) {
                if (bounded.containsKey(p.white()) || bounded.containsKey(p.black())) {
                    continue;
                }
                double[] white = record.computeIfAbsent(p.white(), b -> new double[2]);
                double[] black = record.computeIfAbsent(p.black(), b -> new double[2]);
                white[0] += p.games();
                white[1] += p.wins() + p.draws() / 2.0;
                black[0] += p.games();
                black[1] += p.losses() + p.draws() / 2.0;
            }
            List<String> perfect = record.entrySet().stream()
                    .filter(e -> e.getValue()[0] > 0 && e.getValue()[1] == e.getValue()[0])
                    .map(Map.Entry::getKey)
                    .sorted()
                    .toList();
            List<String> zero = record.entrySet().stream()
                    .filter(e -> e.getValue()[0] > 0 && e.getValue()[1] == 0)
                    .map(Map.Entry::getKey)
                    .sorted()
                    .toList();
            List<String> out = !perfect.isEmpty() ? perfect : zero;
            if (out.isEmpty() || out.size() >= group.size() - bounded.size()) {
                break;
            }
            out.forEach(b -> bounded.put(b, perfect.isEmpty() ? Bound.UPPER : Bound.LOWER));
        }
        return bounded;
    }

    /**
     * The rating at which a bot would win (LOWER) or lose (UPPER) all its games against the
     * rated bots it met with probability {@link #TAIL}; infinite when it met none of them.
     */
    private static double bound(String bot, Bound side, List<GameTally.Pairing> pairings, Map<String, Double> elo) {
        List<double[]> opponents = new ArrayList<>();
        for (GameTally.Pairing p : pairings) {
            String other = p.white().equals(bot) ? p.black() : p.black().equals(bot) ? p.white() : null;
            if (other != null && elo.containsKey(other)) {
                opponents.add(new double[] {elo.get(other), p.games()});
            }
        }
        if (opponents.isEmpty()) {
            return side == Bound.LOWER ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        double sign = side == Bound.LOWER ? 1.0 : -1.0;
        // ln P(all won at rating x) rises with sign * x: bisect for ln TAIL.
        double low = -20_000;
        double high = 20_000;
        for (int i = 0; i < 200 && high - low > 1e-9; i++) {
            double middle = 0.5 * (low + high);
            double logP = 0.0;
            for (double[] o : opponents) {
                double d = sign * (middle - o[0]) * Math.log(10.0) / 400.0;
                logP += o[1] * (d >= 0 ? -Math.log1p(Math.exp(-d)) : d - Math.log1p(Math.exp(d)));
            }
            boolean tooLikely = logP > Math.log(TAIL);
            if (tooLikely == (sign > 0)) {
                high = middle;
            } else {
                low = middle;
            }
        }
        return 0.5 * (low + high);
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
        Map<String, List<String>> byRoot = new LinkedHashMap<>();
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
