package caissa.bots;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import java.time.Duration;
import java.util.List;
import java.util.Random;

/** Plays a uniformly random legal move; with a seed, the same game against the same opponent. */
public final class RandomBot implements Player {

    private final Random random;

    public RandomBot(long seed) {
        this.random = new Random(seed);
    }

    @Override
    public Move choose(Position position, Duration timeLeft) {
        List<Move> moves = position.legalMoves();
        return moves.get(random.nextInt(moves.size()));
    }
}
