package caissa.arena.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MaximumLikelihoodRatingsTest {

    private static final double LOG3_ELO = 400 * Math.log10(3); // 190.8485: the Elo of a 75% score

    /**
     * Games of {@code a} against {@code b}: a's wins, draws and losses, colours alternating so
     * that each side has White about half the time.
     */
    private static List<GameScore> match(String a, String b, int wins, int draws, int losses) {
        List<GameScore> games = new ArrayList<>();
        List<Double> scores = new ArrayList<>();
        scores.addAll(Collections.nCopies(wins, 1.0));
        scores.addAll(Collections.nCopies(draws, 0.5));
        scores.addAll(Collections.nCopies(losses, 0.0));
        for (int k = 0; k < scores.size(); k++) {
            double s = scores.get(k);
            games.add(k % 2 == 0 ? new GameScore(a, b, s) : new GameScore(b, a, 1.0 - s));
        }
        return games;
    }

    @SafeVarargs
    private static List<GameScore> all(List<GameScore>... matches) {
        List<GameScore> games = new ArrayList<>();
        for (List<GameScore> m : matches) {
            games.addAll(m);
        }
        return games;
    }

    /*
     * By hand: A scores 75 of 100 against B (60 wins, 30 draws, 10 losses). The likelihood is
     * largest where P(d) = 0.75, d = 400 log10 3 = 190.8485, so A = +95.4243, B = -95.4243.
     * Information about d: 100 k^2 P(1-P) = 18.75 k^2 with k = ln 10 / 400, so SD(d) =
     * 1 / (k sqrt 18.75) = 173.7178 / 4.330127 = 40.1184 if every game were a win or a loss.
     * A game's score has variance P(1-P) - draws/4 = 0.1875 - 0.075 = 0.1125 (the sandwich's J),
     * so SD(d) = 40.1184 * sqrt(0.1125 / 0.1875) = 31.0755. A - mean = d/2 has SD 15.5378;
     * margin 1.959964 * 15.5378 = 30.4535 (numpy gives the same: see irregularFieldMatchesAnIndependentFit).
     */
    @Test
    void twoPlayersAtSeventyFivePercentAreLogThreeApart() {
        MaximumLikelihoodRatings ratings =
                MaximumLikelihoodRatings.of(List.of("A", "B"), match("A", "B", 60, 30, 10), 0);
        assertThat(ratings.rating("A").elo()).isCloseTo(LOG3_ELO / 2, within(1e-6));
        assertThat(ratings.rating("B").elo()).isCloseTo(-LOG3_ELO / 2, within(1e-6));
        assertThat(ratings.rating("A").error()).isCloseTo(30.4535, within(1e-4));
        assertThat(ratings.rating("B").error()).isCloseTo(30.4535, within(1e-4));
    }

    /*
     * The default prior, one virtual draw each against a 0-rated opponent, pulls the pair in
     * slightly: 189.62 apart instead of 190.85 (the independent fit described below gives
     * A = +94.80852 ± 30.403593).
     */
    @Test
    void theDefaultPriorShrinksOnlySlightly() {
        MaximumLikelihoodRatings ratings = MaximumLikelihoodRatings.of(List.of("A", "B"), match("A", "B", 60, 30, 10));
        assertRating(ratings.rating("A"), 94.80852, 30.403593);
        assertThat(ratings.rating("A").elo()).isLessThan(LOG3_ELO / 2);
    }

    /*
     * A transitive field the model fits exactly: A beats B 75% (odds 3:1), B beats C 75%, and A
     * beats C 90% (odds 9:1 = 3 * 3), 20 games each. So A = +190.85, B = 0, C = -190.85.
     * Information / k^2 (weights n P(1-P): 20 * 0.1875 = 3.75 for A-B and B-C, 20 * 0.09 = 1.8 for A-C):
     *   [ 5.55 -3.75 -1.80 ]
     *   [-3.75  7.50 -3.75 ]      pseudo-inverse diagonal 0.0828420, 0.0592593 (= 8/135), 0.0828420
     *   [-1.80 -3.75  5.55 ]      (rows sum to 0, so these are the variances about the mean, / k^2).
     * Margins 1.959964 * sqrt(0.0828420) / k = 97.998 for A and C, 1.959964 * sqrt(8/135) / k = 82.884 for B
     * if no game were drawn; with the draws (half of A-B and B-C, a fifth of A-C) the sandwich
     * H^-1 J H^-1, J with each pairing's P(1-P) less a quarter of its draws, gives 60.253 and 47.853.
     */
    @Test
    void threePlayersTransitiveField() {
        List<GameScore> games = all(match("A", "B", 10, 10, 0), match("B", "C", 10, 10, 0), match("A", "C", 16, 4, 0));
        MaximumLikelihoodRatings ratings = MaximumLikelihoodRatings.of(List.of("A", "B", "C"), games, 0);
        assertThat(ratings.rating("A").elo()).isCloseTo(LOG3_ELO, within(1e-6));
        assertThat(ratings.rating("B").elo()).isCloseTo(0.0, within(1e-6));
        assertThat(ratings.rating("C").elo()).isCloseTo(-LOG3_ELO, within(1e-6));
        assertThat(ratings.rating("A").error()).isCloseTo(60.253, within(1e-3));
        assertThat(ratings.rating("B").error()).isCloseTo(47.853, within(1e-3));
        assertThat(ratings.rating("C").error()).isCloseTo(60.253, within(1e-3));
    }

    /*
     * An irregular four-player field, checked against an independent fit in Python: the
     * stationarity equations (points - expected points + priorDraws (1/2 - P(r_i)) = 0 for each
     * player, one rating pinned when there is no prior) solved by scipy.optimize.root to a
     * residual below 1e-14. The margins (issue 39) from numpy at those ratings: the sandwich
     * pinv(H) J pinv(H) centred on the mean, H the information (prior included), J the same with
     * each pairing's P(1-P) less a quarter of its share of draws; with a prior, at the fit's own
     * level m (the ratings above are about their mean), where sum P(r_i + m) = n / 2.
     *   A-B 5/3/2, A-C 6/2/2, A-D 4/4/2, B-C 3/5/2, B-D 4/2/4, C-D 2/3/5 (first player's W/D/L).
     */
    @Test
    void irregularFieldMatchesAnIndependentFit() {
        List<GameScore> games = all(
                match("A", "B", 5, 3, 2),
                match("A", "C", 6, 2, 2),
                match("A", "D", 4, 4, 2),
                match("B", "C", 3, 5, 2),
                match("B", "D", 4, 2, 4),
                match("C", "D", 2, 3, 5));
        List<String> players = List.of("A", "B", "C", "D");

        MaximumLikelihoodRatings exact = MaximumLikelihoodRatings.of(players, games, 0);
        assertRating(exact.rating("A"), 81.412771, 80.35002);
        assertRating(exact.rating("B"), -17.930583, 76.808812);
        assertRating(exact.rating("C"), -72.281595, 77.930296);
        assertRating(exact.rating("D"), 8.799406, 78.728143);

        MaximumLikelihoodRatings withPrior = MaximumLikelihoodRatings.of(players, games);
        assertRating(withPrior.rating("A"), 79.218343, 79.691692);
        assertRating(withPrior.rating("B"), -17.454214, 76.305895);
        assertRating(withPrior.rating("C"), -70.338337, 77.38648);
        assertRating(withPrior.rating("D"), 8.574208, 78.138324);
    }

    private static void assertRating(PlayerRating rating, double elo, double error) {
        assertThat(rating.elo()).as("%s elo", rating.player()).isCloseTo(elo, within(1e-5));
        assertThat(rating.error()).as("%s error", rating.player()).isCloseTo(error, within(1e-5));
    }

    @Test
    void ratingsSumToZero() {
        MaximumLikelihoodRatings ratings =
                MaximumLikelihoodRatings.of(List.of("A", "B", "C", "D", "E"), randomField(7));
        assertThat(ratings.ratings().stream().mapToDouble(PlayerRating::elo).sum())
                .isCloseTo(0.0, within(1e-9));
    }

    @Test
    void reversingEveryResultNegatesEveryRating() {
        List<String> players = List.of("A", "B", "C", "D", "E");
        List<GameScore> games = randomField(11);
        List<GameScore> reversed = games.stream()
                .map(g -> new GameScore(g.white(), g.black(), 1.0 - g.whiteScore()))
                .toList();
        MaximumLikelihoodRatings forward = MaximumLikelihoodRatings.of(players, games);
        MaximumLikelihoodRatings backward = MaximumLikelihoodRatings.of(players, reversed);
        for (String p : players) {
            assertThat(backward.rating(p).elo()).isCloseTo(-forward.rating(p).elo(), within(1e-9));
            assertThat(backward.rating(p).error()).isCloseTo(forward.rating(p).error(), within(1e-9));
        }
    }

    @Test
    void neitherColourNorOrderMatters() {
        List<String> players = List.of("A", "B", "C", "D", "E");
        List<GameScore> games = randomField(13);
        List<GameScore> swapped = new ArrayList<>(games.stream()
                .map(g -> new GameScore(g.black(), g.white(), 1.0 - g.whiteScore()))
                .toList());
        Collections.shuffle(swapped, new Random(1));
        MaximumLikelihoodRatings original = MaximumLikelihoodRatings.of(players, games);
        MaximumLikelihoodRatings other = MaximumLikelihoodRatings.of(List.of("E", "C", "A", "D", "B"), swapped);
        for (String p : players) {
            assertThat(other.rating(p).elo()).isCloseTo(original.rating(p).elo(), within(1e-9));
            assertThat(other.rating(p).error()).isCloseTo(original.rating(p).error(), within(1e-9));
        }
        assertThat(other.ratings()).extracting(PlayerRating::player).containsExactly("E", "C", "A", "D", "B");
    }

    @Test
    void equalPlayersRateEqual() {
        List<GameScore> games = all(match("A", "B", 3, 4, 3), match("B", "C", 2, 6, 2), match("A", "C", 5, 0, 5));
        for (PlayerRating rating :
                MaximumLikelihoodRatings.of(List.of("A", "B", "C"), games, 0).ratings()) {
            assertThat(rating.elo()).isCloseTo(0.0, within(1e-9));
        }
    }

    @Test
    void moreGamesNarrowTheMargins() {
        MaximumLikelihoodRatings few = MaximumLikelihoodRatings.of(List.of("A", "B"), match("A", "B", 6, 3, 1), 0);
        MaximumLikelihoodRatings many =
                MaximumLikelihoodRatings.of(List.of("A", "B"), match("A", "B", 600, 300, 100), 0);
        assertThat(many.rating("A").elo()).isCloseTo(few.rating("A").elo(), within(1e-6));
        // 100 times the games: a tenth of the margin.
        assertThat(many.rating("A").error()).isCloseTo(few.rating("A").error() / 10, within(1e-6));
    }

    /*
     * A wins all its 20 games: without a prior its rating has no finite maximum. With the
     * default prior it is finite and on top, with a wide margin (values from the independent fit
     * described above).
     */
    @Test
    void aPlayerWhoWonEverythingIsFiniteWithThePriorAndRefusedWithout() {
        List<GameScore> games = all(match("A", "B", 10, 0, 0), match("A", "C", 10, 0, 0), match("B", "C", 6, 2, 2));
        List<String> players = List.of("A", "B", "C");
        MaximumLikelihoodRatings ratings = MaximumLikelihoodRatings.of(players, games);
        assertRating(ratings.rating("A"), 446.008509, 328.426593);
        assertRating(ratings.rating("B"), -155.792473, 185.719451);
        assertRating(ratings.rating("C"), -290.216036, 197.126166);

        assertThatThrownBy(() -> MaximumLikelihoodRatings.of(players, games, 0))
                .hasMessage("ratings diverge without a prior: B, C never scored against A");
    }

    @Test
    void aPlayerWhoLostEverythingIsRefusedWithoutAPrior() {
        List<GameScore> games = all(match("A", "B", 3, 4, 3), match("A", "C", 10, 0, 0), match("B", "C", 10, 0, 0));
        assertThatThrownBy(() -> MaximumLikelihoodRatings.of(List.of("A", "B", "C"), games, 0))
                .hasMessage("ratings diverge without a prior: C never scored against A, B");
    }

    @Test
    void twoSeparateGroupsAreEachCentredByThePrior() {
        // A-B and C-D never met. The two matches are alike, so with the prior both groups land
        // the same way about the centre, as the two-player case does; but only the prior relates
        // one group to the other, and the margins say so (independent fit: ±354.54 each).
        // Without the prior the gap between the groups is unknown and the fit is refused.
        List<GameScore> games = all(match("A", "B", 60, 30, 10), match("C", "D", 60, 30, 10));
        List<String> players = List.of("A", "B", "C", "D");
        MaximumLikelihoodRatings ratings = MaximumLikelihoodRatings.of(players, games);
        assertRating(ratings.rating("A"), 94.80852, 354.542272);
        assertRating(ratings.rating("B"), -94.80852, 354.542272);
        assertRating(ratings.rating("C"), 94.80852, 354.542272);
        assertRating(ratings.rating("D"), -94.80852, 354.542272);
        assertThatThrownBy(() -> MaximumLikelihoodRatings.of(players, games, 0))
                .hasMessage("ratings diverge without a prior: A, B never scored against C, D");
    }

    @Test
    void aPlayerWithoutGamesSitsAtTheCentreWithAWideMargin() {
        // Only the prior speaks for D: one virtual draw is information k^2 / 4, an SD of
        // 2 / k = 347 Elo for D's own rating (independent fit, about the mean: 0 ± 601.40 with the draws counted).
        List<GameScore> games = all(match("A", "B", 5, 5, 0), match("B", "C", 5, 5, 0));
        MaximumLikelihoodRatings ratings = MaximumLikelihoodRatings.of(List.of("A", "B", "C", "D"), games);
        assertRating(ratings.rating("D"), 0.0, 601.404874);
        assertRating(ratings.rating("A"), 170.387493, 229.915743);
        assertThatThrownBy(() -> MaximumLikelihoodRatings.of(List.of("A", "B", "C", "D"), games, 0))
                .hasMessage("ratings diverge without a prior: 'D' played no games");
    }

    @Test
    void tinyFields() {
        assertThat(MaximumLikelihoodRatings.of(List.of(), List.of()).ratings()).isEmpty();
        assertThat(MaximumLikelihoodRatings.of(List.of("A"), List.of()).rating("A"))
                .isEqualTo(new PlayerRating("A", 0.0, 0.0));
        assertThat(MaximumLikelihoodRatings.of(List.of("A"), List.of(), 0).rating("A"))
                .isEqualTo(new PlayerRating("A", 0.0, 0.0));
        MaximumLikelihoodRatings oneGame =
                MaximumLikelihoodRatings.of(List.of("A", "B"), List.of(new GameScore("A", "B", 1.0)));
        assertThat(oneGame.rating("A").elo()).isPositive().isFinite();
        assertThat(oneGame.rating("A").elo()).isEqualTo(-oneGame.rating("B").elo());
    }

    @Test
    void rejectsMalformedInput() {
        assertThatThrownBy(() -> MaximumLikelihoodRatings.of(List.of("A", "A"), List.of()))
                .hasMessage("player 'A' is listed twice");
        assertThatThrownBy(() -> MaximumLikelihoodRatings.of(List.of("A", "B"), List.of(new GameScore("A", "X", 1))))
                .hasMessage("game of 'X', who is not among the players");
        assertThatThrownBy(() -> MaximumLikelihoodRatings.of(List.of("A"), List.of(), -1))
                .hasMessageContaining("prior draws");
        assertThatThrownBy(() -> new GameScore("A", "A", 1)).hasMessageContaining("cannot play itself");
        assertThatThrownBy(() -> new GameScore("A", "B", 0.7)).hasMessage("White's score must be 0, 0.5 or 1, got 0.7");
        assertThat(GameScore.ofPoints("A", "B", 1)).isEqualTo(new GameScore("A", "B", 0.5));
        assertThatThrownBy(() ->
                        MaximumLikelihoodRatings.of(List.of("A"), List.of()).rating("Z"))
                .hasMessageContaining("'Z'");
    }

    /** A double round robin of five players of spread strengths, from a fixed seed. */
    private static List<GameScore> randomField(long seed) {
        Random random = new Random(seed);
        String[] names = {"A", "B", "C", "D", "E"};
        double[] strength = {150, 60, 0, -40, -170};
        List<GameScore> games = new ArrayList<>();
        for (int round = 0; round < 4; round++) {
            for (int i = 0; i < names.length; i++) {
                for (int j = 0; j < names.length; j++) {
                    if (i != j) {
                        double p = Elo.toScore(strength[i] - strength[j]);
                        double u = random.nextDouble();
                        double s = u < p - 0.15 ? 1.0 : u < p + 0.15 ? 0.5 : 0.0;
                        games.add(new GameScore(names[i], names[j], s));
                    }
                }
            }
        }
        return games;
    }
}
