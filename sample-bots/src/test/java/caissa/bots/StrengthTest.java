package caissa.bots;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.rules.Variant;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * Whole games in process (see {@link GameRunner}), colours alternating, from seeded random
 * openings of four plies. Fixed depths keep the games fast and the results repeatable.
 */
class StrengthTest {

    private static final int OPENING_PLIES = 4;

    private static LongFunction<Player> alphabeta(int depth) {
        return seed -> AlphaBetaBot.fixedDepth(depth, seed, AlphaBetaBot.silent());
    }

    @Test
    void alphabetaBeatsRandomInAtLeast95PercentOfGames() {
        GameRunner.Score score = GameRunner.match(alphabeta(3), RandomBot::new, 40, OPENING_PLIES, 1);

        assertThat(score.wins()).as("alphabeta vs random: %s", score).isGreaterThanOrEqualTo(38);
    }

    @Test
    void alphabetaOutscoresGreedy() {
        GameRunner.Score score = GameRunner.match(alphabeta(3), GreedyBot::new, 40, OPENING_PLIES, 2);

        assertThat(score.fraction()).as("alphabeta vs greedy: %s", score).isGreaterThan(0.5);
    }

    @Test
    void greedyBeatsRandomMostOfTheTime() {
        GameRunner.Score score = GameRunner.match(GreedyBot::new, RandomBot::new, 40, OPENING_PLIES, 3);

        assertThat(score.fraction()).as("greedy vs random: %s", score).isGreaterThan(0.75);
    }

    @Test
    void alphabetaBeatsRandomInAtLeast95PercentOfHexCaissaGames() {
        GameRunner.Score score =
                GameRunner.match(Variant.HEXCAISSA, alphabeta(3), RandomBot::new, 40, OPENING_PLIES, 5);

        assertThat(score.wins())
                .as("alphabeta vs random at HexCaïssa: %s", score)
                .isGreaterThanOrEqualTo(38);
    }

    @Test
    void greedyBeatsRandomMostOfTheTimeAtHexCaissa() {
        GameRunner.Score score =
                GameRunner.match(Variant.HEXCAISSA, GreedyBot::new, RandomBot::new, 40, OPENING_PLIES, 6);

        assertThat(score.fraction())
                .as("greedy vs random at HexCaïssa: %s", score)
                .isGreaterThan(0.75);
    }

    @Test
    void aDeeperSearchOutscoresAShallowerOne() {
        GameRunner.Score score = GameRunner.match(alphabeta(4), alphabeta(2), 20, OPENING_PLIES, 4);

        assertThat(score.fraction()).as("depth 4 vs depth 2: %s", score).isGreaterThan(0.5);
    }
}
