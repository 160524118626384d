package caissa.arena.ratings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import caissa.arena.stats.Elo;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The rating list on seeded synthetic games drawn from known ratings. */
class RatingListTest {

    private static final double[] TRUE_ELO = {-150, -60, 0, 40, 70, 100};
    private static final double DRAWS = 0.3;

    /** A round robin of the bots {@code first..first+TRUE_ELO.length-1}, each pairing {@code games} games. */
    private static void roundRobin(GameTally tally, String prefix, double[] elo, int games, SplittableRandom random) {
        for (int i = 0; i < elo.length; i++) {
            for (int j = i + 1; j < elo.length; j++) {
                long[] counts = new long[3];
                double win = Elo.toScore(elo[i] - elo[j]) - DRAWS / 2;
                for (int k = 0; k < games; k++) {
                    double u = random.nextDouble();
                    counts[u < win ? 2 : u < win + DRAWS ? 1 : 0]++;
                }
                // Half the games with each colour: colour does not enter the model.
                tally.add(prefix + i, prefix + j, counts[0], counts[1], counts[2]);
            }
        }
    }

    private static double trueCentred(int i) {
        double mean = 0;
        for (double e : TRUE_ELO) {
            mean += e / TRUE_ELO.length;
        }
        return TRUE_ELO[i] - mean;
    }

    @Test
    void theTrueRatingsLieInsideTheIntervalsAtAboutTheExpectedRate() {
        SplittableRandom random = new SplittableRandom(11);
        int inside = 0;
        int total = 0;
        for (int field = 0; field < 25; field++) {
            GameTally tally = new GameTally();
            roundRobin(tally, "b", TRUE_ELO, 60, random);
            RatingList list = RatingList.of(tally, Optional.empty());
            for (RatingList.Rated bot : list.bots()) {
                double truth = trueCentred(Integer.parseInt(bot.name().substring(1)));
                inside += bot.low() <= truth && truth <= bot.high() ? 1 : 0;
                total++;
            }
        }
        // 150 intervals at 95%: fewer than 132 inside is far out (about 4 standard deviations), more
        // than 149 would mean intervals far too wide.
        assertThat(inside).isBetween(132, 149);
    }

    @ParameterizedTest(name = "anchor at {0}")
    @ValueSource(doubles = {0, 1500, -200.5})
    void theAnchorHoldsAndTheDifferencesStay(double at) {
        GameTally tally = new GameTally();
        roundRobin(tally, "b", TRUE_ELO, 40, new SplittableRandom(3));
        RatingList free = RatingList.of(tally, Optional.empty());
        RatingList anchored = RatingList.of(tally, Optional.of(new RatingList.Anchor("b2", at)));

        RatingList.Rated held = anchored.bots().stream()
                .filter(b -> b.name().equals("b2"))
                .findFirst()
                .orElseThrow();
        assertThat(held.elo()).isCloseTo(at, within(1e-9));
        assertThat(held.low()).isCloseTo(at, within(1e-6));
        assertThat(held.high()).isCloseTo(at, within(1e-6));
        double shift = at
                - free.bots().stream()
                        .filter(b -> b.name().equals("b2"))
                        .findFirst()
                        .orElseThrow()
                        .elo();
        for (int i = 0; i < free.bots().size(); i++) {
            assertThat(anchored.bots().get(i).name())
                    .isEqualTo(free.bots().get(i).name());
            assertThat(anchored.bots().get(i).elo())
                    .isCloseTo(free.bots().get(i).elo() + shift, within(1e-6));
        }
    }

    @Test
    void aDisconnectedFieldIsFoundAndEachGroupRatedApart() {
        GameTally tally = new GameTally();
        SplittableRandom random = new SplittableRandom(5);
        roundRobin(tally, "a", new double[] {0, 100, 200}, 30, random);
        roundRobin(tally, "z", new double[] {0, 50}, 30, random);

        RatingList list = RatingList.of(tally, Optional.empty());

        assertThat(list.groups()).containsExactly(List.of("a0", "a1", "a2"), List.of("z0", "z1"));
        for (int group = 1; group <= 2; group++) {
            int g = group;
            double mean = list.bots().stream()
                    .filter(b -> b.group() == g)
                    .mapToDouble(RatingList.Rated::elo)
                    .average()
                    .orElseThrow();
            assertThat(mean).as("group %d's mean", g).isCloseTo(0.0, within(1e-6));
        }
        // The last bot of each group has no neighbour below it to be compared with.
        assertThat(list.bots().stream().filter(b -> b.los().isEmpty()).map(RatingList.Rated::name))
                .containsExactlyInAnyOrder("a0", "z0");
    }

    @Test
    void anAnchorThatNamesNoBotIsRefused() {
        GameTally tally = new GameTally();
        tally.add("x", "y", 1, 1, 1);
        assertThatThrownBy(() -> RatingList.of(tally, Optional.of(new RatingList.Anchor("nobody", 0))))
                .hasMessage("--anchor: no bot is called 'nobody' (bots: x, y)");
    }

    /** Issue 39: 80 wins in 80 games had a finite, tight rating; it is a one-sided bound, as Ordo gives. */
    @Test
    void aPerfectScoreIsALowerBoundAndAZeroScoreAnUpperBound() {
        GameTally tally = new GameTally();
        roundRobin(tally, "b", new double[] {0, 50, 100}, 40, new SplittableRandom(8));
        for (int i = 0; i < 3; i++) {
            tally.add("top", "b" + i, 0, 0, 20);
            tally.add("bottom", "b" + i, 20, 0, 0);
        }
        tally.add("top", "bottom", 0, 0, 20);

        RatingList list = RatingList.of(tally, Optional.empty());

        RatingList.Rated top = list.bots().get(0);
        assertThat(top.name()).isEqualTo("top");
        assertThat(top.bound()).contains(RatingList.Bound.LOWER);
        assertThat(top.elo()).isNaN();
        assertThat(top.high()).isInfinite();
        // Winning 60 of 60 against bots rated near 0 is 2.5% likely only far above them.
        double best = list.bots().stream()
                .filter(b -> b.bound().isEmpty())
                .mapToDouble(RatingList.Rated::elo)
                .max()
                .orElseThrow();
        assertThat(top.low()).isGreaterThan(best + 300);
        RatingList.Rated bottom = list.bots().get(list.bots().size() - 1);
        assertThat(bottom.name()).isEqualTo("bottom");
        assertThat(bottom.bound()).contains(RatingList.Bound.UPPER);
        assertThat(bottom.low()).isInfinite();
        assertThat(bottom.high()).isLessThan(-300);
        // The rest are rated among themselves, about their own mean, and compared with no bound.
        double mean = list.bots().stream()
                .filter(b -> b.bound().isEmpty())
                .mapToDouble(RatingList.Rated::elo)
                .average()
                .orElseThrow();
        assertThat(mean).isCloseTo(0.0, within(1e-6));
        assertThat(top.los()).isEmpty();
        assertThat(list.prior()).isZero();
    }

    /** Issue 39: the prior is a stated choice: 0 is pure maximum likelihood, more pulls ratings to the mean. */
    @Test
    void thePriorPullsTowardsTheMeanAndZeroTurnsItOff() {
        GameTally tally = new GameTally();
        roundRobin(tally, "b", new double[] {-400, -200, 0, 200, 400}, 10, new SplittableRandom(4));
        RatingList none = RatingList.of(tally, Optional.empty(), 0.0);
        RatingList some = RatingList.of(tally, Optional.empty(), 1.0);
        RatingList more = RatingList.of(tally, Optional.empty(), 10.0);
        RatingList.Rated topNone = none.bots().get(0);
        RatingList.Rated topSome = some.bots().stream()
                .filter(b -> b.name().equals(topNone.name()))
                .findFirst()
                .orElseThrow();
        RatingList.Rated topMore = more.bots().stream()
                .filter(b -> b.name().equals(topNone.name()))
                .findFirst()
                .orElseThrow();
        assertThat(topSome.elo()).isLessThan(topNone.elo());
        assertThat(topMore.elo()).isLessThan(topSome.elo());
        // Where pure maximum likelihood has an answer, it is what the default gives.
        assertThat(RatingList.of(tally, Optional.empty()).bots()).isEqualTo(none.bots());
    }

    @Test
    void withoutFiniteRatingsTheDefaultFallsBackOnOneVirtualDraw() {
        GameTally tally = new GameTally();
        // a0 and a1 never scored against z0 and z1, and neither pair is alone.
        tally.add("a0", "a1", 3, 4, 3);
        tally.add("z0", "z1", 3, 4, 3);
        tally.add("z0", "a0", 0, 0, 5);
        tally.add("z1", "a1", 0, 0, 5);
        tally.add("z0", "a1", 0, 0, 5);
        tally.add("z1", "a0", 0, 0, 5);
        assertThatThrownBy(() -> RatingList.of(tally, Optional.empty(), 0.0)).hasMessageStartingWith("ratings diverge");
        RatingList list = RatingList.of(tally, Optional.empty());
        assertThat(list.prior()).isEqualTo(1.0);
        assertThat(list.bots()).allSatisfy(b -> assertThat(b.elo()).isFinite());
    }
}
