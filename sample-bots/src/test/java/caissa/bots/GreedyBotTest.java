package caissa.bots;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GreedyBotTest {

    /**
     * The black queen in the a7 corner: a6 and b6 are holes and her own knight stands on b7, so
     * she cannot step, and a knight check cannot be blocked. White's knight on d4 mates on b5 or
     * c6; Black's knight cannot reach either square to exchange.
     */
    static final String MATE_IN_ONE = "qn...../--...../......./...N..R/......./......Q/....B.. w - 20";

    /** The black knight on b6 stands on the white queen's file and nothing guards it. */
    static final String FREE_KNIGHT = "....r../.n...../.....q./......./......./.Q....B/N.....R w - 10";

    private static final Duration CLOCK = Duration.ofSeconds(30);

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void takesAMateInOne(long seed) {
        Position position = Position.fromCfn(MATE_IN_ONE);
        assertThat(Mates.hasMateInOne(position)).isTrue();

        Move move = new GreedyBot(seed).choose(position, CLOCK);

        assertThat(Mates.checkmates(position, move)).as("%s mates", move).isTrue();
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void takesAFreePiece(long seed) {
        Position position = Position.fromCfn(FREE_KNIGHT);
        assertThat(position.isLegal(Move.of("b2-b6"))).isTrue();

        Move move = new GreedyBot(seed).choose(position, CLOCK);

        assertThat(move).isEqualTo(Move.of("b2-b6"));
    }

    @Test
    void avoidsAMoveThatAllowsMateInOne() {
        // The mate-in-one position with Black to move: a move that keeps the corner shut (the
        // knight staying on b7, the queen staying put) allows Nb5 or Nc6 mate. Greedy must not
        // allow it when it has a way out.
        Position position = Position.fromCfn(MATE_IN_ONE.replace(" w ", " b "));

        for (long seed = 1; seed <= 5; seed++) {
            Move move = new GreedyBot(seed).choose(position, CLOCK);
            assertThat(Mates.hasMateInOne(position.play(move)))
                    .as("after %s", move)
                    .isFalse();
        }
    }

    @Test
    void aSeedRepeatsItsChoices() {
        Position position = GameRunner.randomOpening(11, 6);

        assertThat(new GreedyBot(9).choose(position, CLOCK)).isEqualTo(new GreedyBot(9).choose(position, CLOCK));
    }
}
