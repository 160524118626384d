package caissa.bots;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Looks one move ahead and takes the move that scores best, in this order of importance:
 * <ol>
 *   <li>a move that checkmates is played at once;</li>
 *   <li>a move after which the opponent can checkmate at once is avoided (cheap to see: only
 *       the opponent's checking replies need a look);</li>
 *   <li>a capture, worth the piece taken (a side without pieces can no longer give check);</li>
 *   <li>a check, which limits the enemy queen to a step;</li>
 *   <li>mobility: the rook, bishop and knight moves it leaves us, minus the opponent's.</li>
 * </ol>
 * Moves that score the same are chosen between by a seeded random, so a seed repeats a game.
 * It never looks at what the opponent can take back, which is what {@link AlphaBetaBot} adds.
 */
public final class GreedyBot implements Player {

    private static final int MATE_ALLOWED = -1_000_000;
    private static final int CAPTURE_WEIGHT = 10;
    private static final int CHECK = 200;
    private static final int STALEMATE = -300;

    private final Random random;

    public GreedyBot(long seed) {
        this.random = new Random(seed);
    }

    @Override
    public Move choose(Position position, Duration timeLeft) {
        Board board = Board.of(position);
        List<Move> best = new ArrayList<>();
        int bestScore = Integer.MIN_VALUE;
        for (Move move : position.legalMoves()) {
            Board after = board.after(move);
            Position next = after.position();
            int replies = next.legalMoveCount();
            if (replies == 0 && next.inCheck()) {
                return move;
            }
            int score = replies == 0 ? STALEMATE : score(board, after, next);
            if (score > bestScore) {
                best.clear();
                bestScore = score;
            }
            if (score == bestScore) {
                best.add(move);
            }
        }
        return best.get(random.nextInt(best.size()));
    }

    /** The score of the position after our move; the opponent is to move there. */
    private static int score(Board before, Board after, Position next) {
        if (allowsMateInOne(next)) {
            return MATE_ALLOWED;
        }
        int us = before.side();
        int them = us ^ 1;
        int taken = Evaluation.materialOf(before, them) - Evaluation.materialOf(after, them);
        int score = CAPTURE_WEIGHT * taken;
        if (next.inCheck()) {
            score += CHECK;
        }
        return score + Evaluation.minorMobility(after, us) - Evaluation.minorMobility(after, them);
    }

    private static boolean allowsMateInOne(Position next) {
        for (Move reply : next.legalMoves()) {
            Position after = next.play(reply);
            if (after.inCheck() && after.legalMoveCount() == 0) {
                return true;
            }
        }
        return false;
    }
}
