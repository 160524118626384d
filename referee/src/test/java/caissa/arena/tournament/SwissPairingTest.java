package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SwissPairingTest {

    /** Seeds and field sizes, each case named by both. */
    static List<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (int bots : new int[] {2, 3, 4, 5, 6, 7, 8, 9, 10, 12}) {
            for (long seed = 1; seed <= 12; seed++) {
                cases.add(Arguments.of(bots, seed));
            }
        }
        return cases;
    }

    /** Plays {@code rounds} rounds with game-pair results drawn from a seed: 0-4, 1-3, 2-2, 3-1 or 4-0. */
    static List<SwissPairing.PlayedRound> playRounds(int bots, long seed, int rounds) {
        SplittableRandom results = new SplittableRandom(seed * 31 + bots);
        List<SwissPairing.PlayedRound> history = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            SwissPairing.Round round = SwissPairing.next(bots, seed, history);
            int[] points = new int[bots];
            for (Berger.Pairing m : round.meetings()) {
                int first = results.nextInt(5);
                points[m.first()] = first;
                points[m.second()] = 4 - first;
            }
            round.bye().ifPresent(b -> points[b] = SwissPairing.BYE_POINTS);
            history.add(new SwissPairing.PlayedRound(round, points));
        }
        return history;
    }

    @ParameterizedTest(name = "{0} bots, seed {1}")
    @MethodSource("cases")
    void everyBotPlaysOnceARoundAndTheOddOneOutHasTheBye(int bots, long seed) {
        for (SwissPairing.PlayedRound played : playRounds(bots, seed, bots + 2)) {
            Set<Integer> seen = new HashSet<>();
            for (Berger.Pairing m : played.round().meetings()) {
                assertThat(seen.add(m.first())).isTrue();
                assertThat(seen.add(m.second())).isTrue();
            }
            assertThat(played.round().bye().isPresent()).isEqualTo(bots % 2 == 1);
            played.round().bye().ifPresent(b -> assertThat(seen.add(b)).isTrue());
            assertThat(seen).hasSize(bots);
        }
    }

    @ParameterizedTest(name = "{0} bots, seed {1}")
    @MethodSource("cases")
    void botsMeetAgainOnlyWhenNoPairingWithoutARepeatExists(int bots, long seed) {
        List<SwissPairing.PlayedRound> history = playRounds(bots, seed, bots + 1);
        for (int r = 0; r < history.size(); r++) {
            SwissPairing.Scores before = SwissPairing.Scores.after(bots, history.subList(0, r));
            SwissPairing.Round round = history.get(r).round();
            boolean repeats = round.meetings().stream().anyMatch(m -> before.met(m.first(), m.second()));
            if (repeats) {
                assertThat(repeatFreePairingExists(bots, before))
                        .as("round %d repeats a meeting needlessly", r + 1)
                        .isFalse();
            }
        }
        // The first rounds of a field can always avoid repeats: a round robin's worth of them.
        int rounds = bots % 2 == 0 ? bots - 1 : bots;
        Set<Long> met = new HashSet<>();
        for (SwissPairing.PlayedRound played : history.subList(0, Math.min(rounds, 2))) {
            played.round()
                    .meetings()
                    .forEach(m -> assertThat(met.add(
                                    (long) Math.min(m.first(), m.second()) * 100 + Math.max(m.first(), m.second())))
                            .isTrue());
        }
    }

    @ParameterizedTest(name = "{0} bots, seed {1}")
    @MethodSource("cases")
    void coloursAreBalanced(int bots, long seed) {
        int[] whiteFirst = new int[bots];
        int[] meetings = new int[bots];
        for (SwissPairing.PlayedRound played : playRounds(bots, seed, 7)) {
            for (Berger.Pairing m : played.round().meetings()) {
                whiteFirst[m.first()]++;
                meetings[m.first()]++;
                meetings[m.second()]++;
            }
        }
        // Each meeting is a colour-reversed pair, so games are balanced exactly; who opens a pair
        // with White is balanced as far as the score-group pairing allows.
        for (int b = 0; b < bots; b++) {
            assertThat(Math.abs(2 * whiteFirst[b] - meetings[b]))
                    .as("bot %d", b)
                    .isLessThanOrEqualTo(3);
        }
    }

    @ParameterizedTest(name = "{0} bots, seed {1}")
    @MethodSource("cases")
    void byesGoToBotsWithoutOneWhileThereAreAny(int bots, long seed) {
        if (bots % 2 == 0) {
            return;
        }
        // A second bye while another bot has none only when every bye-less choice would force a repeat.
        List<SwissPairing.PlayedRound> history = playRounds(bots, seed, bots);
        for (int r = 0; r < history.size(); r++) {
            SwissPairing.Scores before = SwissPairing.Scores.after(bots, history.subList(0, r));
            int bye = history.get(r).round().bye().orElseThrow();
            int fewest = Arrays.stream(before.byes()).min().getAsInt();
            if (before.byes()[bye] > fewest) {
                for (int other = 0; other < bots; other++) {
                    if (before.byes()[other] == fewest) {
                        List<Integer> rest =
                                new ArrayList<>(IntStream.range(0, bots).boxed().toList());
                        rest.remove(Integer.valueOf(other));
                        assertThat(perfect(rest, before))
                                .as("round %d: bye to %d could go to %d", r + 1, bye, other)
                                .isFalse();
                    }
                }
            }
        }
        int[] byes = new int[bots];
        history.forEach(p -> byes[p.round().bye().orElseThrow()]++);
        assertThat(Arrays.stream(byes).sum()).isEqualTo(bots);
    }

    @ParameterizedTest(name = "{0} bots, seed {1}")
    @MethodSource("cases")
    void pairingsAreDeterministicFromTheSeedAndResults(int bots, long seed) {
        assertThat(rounds(playRounds(bots, seed, 5))).isEqualTo(rounds(playRounds(bots, seed, 5)));
    }

    @Test
    void theSeedDrawsTheFirstRound() {
        Set<List<Berger.Pairing>> firstRounds = new HashSet<>();
        for (long seed = 1; seed <= 10; seed++) {
            firstRounds.add(SwissPairing.next(8, seed, List.of()).meetings());
        }
        assertThat(firstRounds.size()).isGreaterThan(5);
    }

    @Test
    void winnersMeetWinnersInTheirScoreGroup() {
        // Round 1 of 8 bots decided, every first-named bot won its pair 4-0.
        SwissPairing.Round first = SwissPairing.next(8, 3, List.of());
        int[] points = new int[8];
        first.meetings().forEach(m -> points[m.first()] = 4);
        List<SwissPairing.PlayedRound> history = List.of(new SwissPairing.PlayedRound(first, points));

        SwissPairing.Round second = SwissPairing.next(8, 3, history);

        assertThat(second.meetings())
                .hasSize(4)
                .allSatisfy(m -> assertThat(points[m.first()]).isEqualTo(points[m.second()]));
    }

    @Test
    void theByeGoesToTheLowestRankedBotWithoutOne() {
        // 5 bots: after round 1 the bye went to someone; in round 2 it goes to the lowest-scoring other bot.
        SwissPairing.Round first = SwissPairing.next(5, 1, List.of());
        int[] points = new int[5];
        first.meetings().forEach(m -> points[m.first()] = 3);
        first.meetings().forEach(m -> points[m.second()] = 1);
        int firstBye = first.bye().orElseThrow();
        points[firstBye] = SwissPairing.BYE_POINTS;

        SwissPairing.Round second = SwissPairing.next(5, 1, List.of(new SwissPairing.PlayedRound(first, points)));

        int bye = second.bye().orElseThrow();
        assertThat(bye).isNotEqualTo(firstBye);
        assertThat(points[bye]).isEqualTo(1);
    }

    @Test
    void buchholzSumsTheOpponentsPointsAndAByeAddsNothing() {
        SwissPairing.Round round = new SwissPairing.Round(List.of(new Berger.Pairing(0, 1)), Optional.of(2));
        SwissPairing.Scores scores = SwissPairing.Scores.after(
                3, List.of(new SwissPairing.PlayedRound(round, new int[] {3, 1, SwissPairing.BYE_POINTS})));

        assertThat(scores.points()).containsExactly(3, 1, 2);
        assertThat(scores.buchholz()).containsExactly(1, 3, 0);
        assertThat(scores.byes()).containsExactly(0, 0, 1);
    }

    private static List<SwissPairing.Round> rounds(List<SwissPairing.PlayedRound> history) {
        return history.stream().map(SwissPairing.PlayedRound::round).toList();
    }

    /** Brute force: is there a bye (for an odd field) and a pairing of the rest with no repeat? */
    private static boolean repeatFreePairingExists(int bots, SwissPairing.Scores scores) {
        List<Integer> all = IntStream.range(0, bots).boxed().toList();
        if (bots % 2 == 0) {
            return perfect(new ArrayList<>(all), scores);
        }
        for (int bye = 0; bye < bots; bye++) {
            List<Integer> rest = new ArrayList<>(all);
            rest.remove(Integer.valueOf(bye));
            if (perfect(rest, scores)) {
                return true;
            }
        }
        return false;
    }

    private static boolean perfect(List<Integer> left, SwissPairing.Scores scores) {
        if (left.isEmpty()) {
            return true;
        }
        int a = left.get(0);
        for (int i = 1; i < left.size(); i++) {
            int b = left.get(i);
            if (!scores.met(a, b)) {
                List<Integer> rest = new ArrayList<>(left);
                rest.remove(Integer.valueOf(a));
                rest.remove(Integer.valueOf(b));
                if (perfect(rest, scores)) {
                    return true;
                }
            }
        }
        return false;
    }
}
