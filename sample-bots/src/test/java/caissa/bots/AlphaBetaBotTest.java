package caissa.bots;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AlphaBetaBotTest {

    /**
     * Mates in two with a quiet first move, found by a brute-force search of sample games and
     * verified here with the rules engine, move by move.
     */
    static final String MATE_IN_TWO_BLACK = "......./....-../.r...Bq/....n--/...-.Nb/Q-----./.-..... b d2-f3 27";

    static final String MATE_IN_TWO_WHITE = ".....q./....---/.Q...--/-...-b-/..N-.../-.-..../..--... w e5-f4 38";

    private static final Duration CLOCK = Duration.ofSeconds(30);

    private static AlphaBetaBot bot(int depth, long seed) {
        return AlphaBetaBot.fixedDepth(depth, seed, AlphaBetaBot.silent());
    }

    @ParameterizedTest(name = "depth {0}")
    @ValueSource(ints = {1, 2, 4})
    void findsMateInOne(int depth) {
        Position position = Position.fromCfn(GreedyBotTest.MATE_IN_ONE);

        Move move = bot(depth, 1).choose(position, CLOCK);

        assertThat(Mates.checkmates(position, move)).as("%s mates", move).isTrue();
    }

    @ParameterizedTest(name = "{0} with key move {1}")
    @CsvSource({
        MATE_IN_TWO_BLACK + ", g5-f6",
        MATE_IN_TWO_WHITE + ", c3-e4",
    })
    void findsMateInTwo(String cfn, String key) {
        Position position = Position.fromCfn(cfn);
        assertThat(Mates.hasMateInOne(position)).isFalse();
        assertThat(Mates.forcesMateInTwo(position, Move.of(key))).isTrue();

        AlphaBetaBot bot = bot(3, 1);
        Move first = bot.choose(position, CLOCK);

        // Any first move that forces mate will do; then the mate itself, whatever the reply.
        assertThat(Mates.forcesMateInTwo(position, first))
                .as("%s forces mate", first)
                .isTrue();
        for (Move reply : position.play(first).legalMoves()) {
            Position after = position.play(first).play(reply);
            Move second = bot(3, 1).choose(after, CLOCK);
            assertThat(Mates.checkmates(after, second))
                    .as("%s mates after %s %s", second, first, reply)
                    .isTrue();
        }
    }

    @ParameterizedTest(name = "{0} ms left")
    @ValueSource(longs = {0, 1, 100})
    void answersALegalMoveEvenWithAlmostNoTimeLeft(long millis) {
        AlphaBetaBot bot = AlphaBetaBot.timed(TimeControl.CODECUP, 3, AlphaBetaBot.silent());
        Position position = GameRunner.randomOpening(4, 8);

        Move move = bot.choose(position, Duration.ofMillis(millis));

        assertThat(position.isLegal(move)).isTrue();
    }

    @Test
    void aTimedBotStillSeesAMateInOne() {
        AlphaBetaBot bot = AlphaBetaBot.timed(TimeControl.CODECUP, 3, AlphaBetaBot.silent());
        Position position = Position.fromCfn(GreedyBotTest.MATE_IN_ONE);

        assertThat(Mates.checkmates(position, bot.choose(position, Duration.ofSeconds(2))))
                .isTrue();
    }

    @Test
    void aSeedRepeatsAFixedDepthSearch() {
        Position position = GameRunner.randomOpening(12, 6);

        assertThat(bot(4, 5).choose(position, CLOCK)).isEqualTo(bot(4, 5).choose(position, CLOCK));
    }

    @Test
    void avoidsAMateInOne() {
        Position position = Position.fromCfn(GreedyBotTest.MATE_IN_ONE.replace(" w ", " b "));

        Move move = bot(3, 1).choose(position, CLOCK);

        assertThat(Mates.hasMateInOne(position.play(move))).as("after %s", move).isFalse();
    }
}
