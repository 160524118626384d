package caissa.arena.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Section 7's well-formedness, checked against {@link ReferenceRules}: positions from random games
 * with a few squares or the side to move changed at random are accepted by
 * {@link Position#fromCfn} exactly when the reference finds them well-formed, and read back as
 * written.
 */
class CfnValidationDifferentialTest {

    private static final int POSITIONS_PER_SEED = 100;
    private static final int MUTATIONS_PER_POSITION = 20;
    private static final int MUTATIONS_PER_SEED = POSITIONS_PER_SEED * MUTATIONS_PER_POSITION;
    private static final String SQUARE_CONTENTS = "-.-.-.QRBNqrbn";

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 5);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void acceptsExactlyTheWellFormedPositions(long seed) {
        Random random = new Random(seed);
        int accepted = 0;
        String base = null;
        for (int i = 0; i < MUTATIONS_PER_SEED; i++) {
            if (i % MUTATIONS_PER_POSITION == 0) {
                base = randomPosition(random).toCfn();
            }
            String cfn = mutate(base, random);
            boolean wellFormed = ReferenceRules.isWellFormed(cfn);
            Position position = null;
            try {
                position = Position.fromCfn(cfn);
            } catch (InvalidPositionException e) {
                assertThat(wellFormed)
                        .as("rejected %s: %s", cfn, e.getMessage())
                        .isFalse();
                continue;
            }
            assertThat(wellFormed).as("accepted %s", cfn).isTrue();
            assertThat(position.toCfn()).isEqualTo(cfn);
            accepted++;
        }
        // Both answers must be common, or the comparison says little.
        assertThat(accepted).isBetween(MUTATIONS_PER_SEED / 10, MUTATIONS_PER_SEED * 9 / 10);
    }

    private static Position randomPosition(Random random) {
        Position position = Position.initial();
        int plies = random.nextInt(60);
        for (int i = 0; i < plies && !position.outcome().isOver(); i++) {
            List<Move> moves = position.legalMoves();
            position = position.play(moves.get(random.nextInt(moves.size())));
        }
        return position;
    }

    private static String mutate(String cfn, Random random) {
        char[] text = cfn.toCharArray();
        int changes = 1 + random.nextInt(3);
        for (int i = 0; i < changes; i++) {
            if (random.nextInt(6) == 0) {
                int side = cfn.indexOf(' ') + 1;
                text[side] = text[side] == 'w' ? 'b' : 'w';
            } else {
                int square = random.nextInt(49);
                int index = square / 7 * 8 + square % 7; // skip the '/' separators
                text[index] = SQUARE_CONTENTS.charAt(random.nextInt(SQUARE_CONTENTS.length()));
            }
        }
        return new String(text);
    }
}
