package caissa.arena.openings;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Uniformly random legal plies from the initial position, drawn from a seed and an index: a
 * run's random openings (tournament.Openings) and the candidates {@code caissa book} judges. An
 * opening never ends the game (a line that does is drawn again).
 */
public final class RandomOpenings {

    private RandomOpenings() {}

    /** The opening number {@code index} (0-based) of this seed: the same for the same three numbers. */
    public static List<Move> draw(Variant variant, long seed, long index, int plies) {
        if (plies == 0) {
            return List.of();
        }
        // One stream per index: an opening depends on the seed and the index, not on what was drawn before.
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
        while (true) {
            Position position = variant.initial();
            List<Move> moves = new ArrayList<>(plies);
            while (moves.size() < plies && !position.outcome().isOver()) {
                List<Move> legal = position.legalMoves();
                Move move = legal.get(random.nextInt(legal.size()));
                moves.add(move);
                position = position.play(move);
            }
            if (moves.size() == plies && !position.outcome().isOver()) {
                return List.copyOf(moves);
            }
        }
    }
}
