package caissa.arena.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Pairs one Swiss round from the rounds before it. Deterministic: the same bots, seed and results
 * give the same pairings, so a resumed or re-run tournament and every shard of a cluster run pair
 * alike.
 *
 * <p>The rules, in order of priority:
 * <ol>
 * <li>No two bots meet twice while a pairing without a repeat exists (searched exhaustively up to
 *     a fixed step budget, a count, never a time).</li>
 * <li>With an odd field one bot has a bye: the one with the fewest byes so far, the lowest
 *     ranked among them. A bye scores {@value #BYE_POINTS} points, what a drawn game pair
 *     scores, and adds nothing to the Buchholz score.</li>
 * <li>Score groups: bots are ranked by points, then Buchholz, then a lot drawn from the seed;
 *     the highest-ranked unpaired bot meets, by preference, a bot of its own score group from the
 *     group's lower half (the Dutch way), then the rest of its group, then the next groups down.</li>
 * <li>Colours: every meeting is a colour-reversed game pair, so each bot has White in exactly
 *     half its games; of the two, the bot that opened more of its pairs with Black opens this one
 *     with White (on a tie, the lower ranked).</li>
 * </ol>
 */
public final class SwissPairing {

    /** Points a bye scores: a drawn game pair (two draws of 1 point). */
    public static final int BYE_POINTS = 2;

    private static final int STEP_BUDGET = 200_000;

    private SwissPairing() {}

    /** One round: meetings ({@code first} opens with White) and the bot with the bye, if any. */
    public record Round(List<Berger.Pairing> meetings, Optional<Integer> bye) {
        public Round {
            meetings = List.copyOf(meetings);
        }
    }

    /** A paired round with the points each bot scored in it (byes included). */
    public record PlayedRound(Round round, int[] points) {}

    /** What the pairing needs to know of every bot after some rounds. */
    public record Scores(int[] points, int[] buchholz, int[] byes, int[] whiteFirst, int[] meetings, Set<Long> met) {

        public static Scores after(int bots, List<PlayedRound> rounds) {
            int[] points = new int[bots];
            int[] byes = new int[bots];
            int[] whiteFirst = new int[bots];
            int[] meetings = new int[bots];
            Set<Long> met = new HashSet<>();
            for (PlayedRound played : rounds) {
                for (int b = 0; b < bots; b++) {
                    points[b] += played.points()[b];
                }
                played.round().bye().ifPresent(b -> byes[b]++);
                for (Berger.Pairing m : played.round().meetings()) {
                    whiteFirst[m.first()]++;
                    meetings[m.first()]++;
                    meetings[m.second()]++;
                    met.add(key(m.first(), m.second()));
                }
            }
            int[] buchholz = new int[bots];
            for (PlayedRound played : rounds) {
                for (Berger.Pairing m : played.round().meetings()) {
                    buchholz[m.first()] += points[m.second()];
                    buchholz[m.second()] += points[m.first()];
                }
            }
            return new Scores(points, buchholz, byes, whiteFirst, meetings, met);
        }

        boolean met(int a, int b) {
            return met.contains(key(a, b));
        }
    }

    /** Pairs the next round of {@code bots} bots after the given rounds. */
    public static Round next(int bots, long seed, List<PlayedRound> history) {
        Scores scores = Scores.after(bots, history);
        int[] lot = lot(bots, seed);
        List<Integer> ranked = new ArrayList<>();
        for (int b = 0; b < bots; b++) {
            ranked.add(b);
        }
        ranked.sort(Comparator.<Integer>comparingInt(b -> -scores.points()[b])
                .thenComparingInt(b -> -scores.buchholz()[b])
                .thenComparingInt(b -> lot[b]));
        int[] budget = {STEP_BUDGET};
        if (bots % 2 == 0) {
            List<Berger.Pairing> meetings = pair(ranked, scores, false, budget);
            if (meetings == null) {
                meetings = pair(ranked, scores, true, new int[] {Integer.MAX_VALUE});
            }
            return new Round(colour(meetings, scores, ranked), Optional.empty());
        }
        List<Integer> byeCandidates = new ArrayList<>(ranked);
        // Fewest byes first, lowest ranked first among them.
        byeCandidates.sort(
                Comparator.<Integer>comparingInt(b -> scores.byes()[b]).thenComparingInt(b -> -ranked.indexOf(b)));
        for (int bye : byeCandidates) {
            List<Integer> rest = new ArrayList<>(ranked);
            rest.remove(Integer.valueOf(bye));
            List<Berger.Pairing> meetings = pair(rest, scores, false, budget);
            if (meetings != null) {
                return new Round(colour(meetings, scores, ranked), Optional.of(bye));
            }
        }
        int bye = byeCandidates.get(0);
        List<Integer> rest = new ArrayList<>(ranked);
        rest.remove(Integer.valueOf(bye));
        return new Round(
                colour(pair(rest, scores, true, new int[] {Integer.MAX_VALUE}), scores, ranked), Optional.of(bye));
    }

    /** Pairs the bots in rank order, or null when no pairing within the rules (and budget) exists. */
    private static List<Berger.Pairing> pair(
            List<Integer> remaining, Scores scores, boolean allowRepeats, int[] budget) {
        if (remaining.isEmpty()) {
            return new ArrayList<>();
        }
        if (--budget[0] < 0) {
            return null;
        }
        int top = remaining.get(0);
        for (int opponent : preferences(remaining, scores, allowRepeats)) {
            if (!allowRepeats && scores.met(top, opponent)) {
                continue;
            }
            List<Integer> rest = new ArrayList<>(remaining);
            rest.remove(Integer.valueOf(top));
            rest.remove(Integer.valueOf(opponent));
            List<Berger.Pairing> tail = pair(rest, scores, allowRepeats, budget);
            if (tail != null) {
                tail.add(0, new Berger.Pairing(top, opponent));
                return tail;
            }
            if (budget[0] < 0) {
                return null;
            }
        }
        return null;
    }

    /**
     * The opponents of the top remaining bot, best first: its score group's lower half, then the
     * rest of its group upwards, then lower groups in rank order; with repeats allowed, bots it has
     * not met come before bots it has.
     */
    private static List<Integer> preferences(List<Integer> remaining, Scores scores, boolean allowRepeats) {
        int top = remaining.get(0);
        int score = scores.points()[top];
        List<Integer> group =
                remaining.stream().filter(b -> scores.points()[b] == score).toList();
        List<Integer> order = new ArrayList<>();
        int half = group.size() / 2;
        for (int i = Math.max(half, 1); i < group.size(); i++) {
            order.add(group.get(i));
        }
        for (int i = Math.min(half, group.size()) - 1; i >= 1; i--) {
            order.add(group.get(i));
        }
        remaining.stream().filter(b -> scores.points()[b] != score).forEach(order::add);
        if (allowRepeats) {
            List<Integer> fresh = new ArrayList<>(
                    order.stream().filter(b -> !scores.met(top, b)).toList());
            order.stream().filter(b -> scores.met(top, b)).forEach(fresh::add);
            return fresh;
        }
        return order;
    }

    private static List<Berger.Pairing> colour(List<Berger.Pairing> meetings, Scores scores, List<Integer> ranked) {
        List<Berger.Pairing> coloured = new ArrayList<>();
        for (Berger.Pairing m : meetings) {
            int a = m.first();
            int b = m.second();
            // How many more pairs each opened with White than with Black.
            int wa = 2 * scores.whiteFirst()[a] - scores.meetings()[a];
            int wb = 2 * scores.whiteFirst()[b] - scores.meetings()[b];
            boolean aWhite = wa != wb ? wa < wb : ranked.indexOf(a) > ranked.indexOf(b);
            coloured.add(aWhite ? m : new Berger.Pairing(b, a));
        }
        return List.copyOf(coloured);
    }

    /** A seeded random order of the bots, the last tiebreak of the ranking used for pairing. */
    static int[] lot(int bots, long seed) {
        SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        int[] order = new int[bots];
        for (int i = 0; i < bots; i++) {
            order[i] = i;
        }
        for (int i = bots - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int[] lot = new int[bots];
        for (int i = 0; i < bots; i++) {
            lot[order[i]] = i;
        }
        return lot;
    }

    private static long key(int a, int b) {
        return ((long) Math.min(a, b) << 32) | Math.max(a, b);
    }
}
