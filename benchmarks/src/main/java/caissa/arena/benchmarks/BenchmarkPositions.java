package caissa.arena.benchmarks;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The positions the benchmarks run on: the initial position and midgame positions taken from
 * seeded random games, so that every run measures the same work.
 */
final class BenchmarkPositions {

    /** The number of positions {@link #sample()} returns; fixed so that results can be per position. */
    static final int COUNT = 16;

    private static final long SEED = 2003;

    private BenchmarkPositions() {}

    /** The initial position, then one position from each of 15 random games, between plies 10 and 40. */
    static Position[] sample() {
        Random random = new Random(SEED);
        List<Position> positions = new ArrayList<>();
        positions.add(Position.initial());
        while (positions.size() < COUNT) {
            int plies = 10 + random.nextInt(31);
            Position position = Position.initial();
            for (int i = 0; i < plies && !position.outcome().isOver(); i++) {
                List<Move> moves = position.legalMoves();
                position = position.play(moves.get(random.nextInt(moves.size())));
            }
            if (!position.outcome().isOver()) {
                positions.add(position);
            }
        }
        return positions.toArray(Position[]::new);
    }
}
