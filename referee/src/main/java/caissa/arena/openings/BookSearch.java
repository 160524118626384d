package caissa.arena.openings;

import caissa.arena.rules.Move;
import caissa.arena.rules.Outcome;
import caissa.arena.rules.Piece;
import caissa.arena.rules.PieceType;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;

/**
 * The judge of {@code caissa book}: a fixed-depth alpha-beta search over the rules engine. The
 * referee cannot use the sample alpha-beta bot's search (sample-bots depends on the referee, not
 * the other way round), so this is its plain equivalent: negamax to a fixed depth, checkmates
 * scored by distance, stalemate and the move limit as draws, and at the leaves the material the
 * sample bot's evaluation counts (rook 450, bishop 350, knight 320; queens are never captured).
 * Material is what an unlucky random opening gives away, a piece left to the enemy queen, and a
 * mate is what it walks into, and both are what a balanced book must leave out.
 */
public final class BookSearch {

    /** A checkmate on the board, in centipawns; less one per ply it takes. */
    public static final int MATE = 100_000;

    private static final int[] VALUE = {0, 450, 350, 320};

    private final int depth;

    public BookSearch(int depth) {
        if (depth < 0 || depth > 8) {
            throw new IllegalArgumentException("a book search depth is 0 to 8, got " + depth);
        }
        this.depth = depth;
    }

    /** The position's value for the side to move, in centipawns. */
    public int score(Position position) {
        return negamax(position, depth, 0, -MATE - 1, MATE + 1);
    }

    private int negamax(Position position, int remaining, int ply, int alpha, int beta) {
        Outcome outcome = position.outcome();
        if (outcome instanceof Outcome.Checkmate) {
            return -MATE + ply;
        }
        if (outcome.isOver()) {
            return 0;
        }
        if (remaining == 0) {
            return material(position);
        }
        int best = -MATE - 1;
        for (Move move : position.legalMoves()) {
            int value = -negamax(position.play(move), remaining - 1, ply + 1, -beta, -alpha);
            if (value > best) {
                best = value;
                if (value > alpha) {
                    alpha = value;
                    if (alpha >= beta) {
                        break;
                    }
                }
            }
        }
        return best;
    }

    /** The side to move's rooks, bishops and knights less the opponent's. */
    static int material(Position position) {
        Side us = position.sideToMove();
        int sum = 0;
        for (Piece piece : Piece.values()) {
            if (piece.type() != PieceType.QUEEN && position.squareOf(piece).isPresent()) {
                int value = VALUE[piece.type().ordinal()];
                sum += piece.side() == us ? value : -value;
            }
        }
        return sum;
    }
}
