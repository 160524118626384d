package caissa.bots;

import caissa.arena.rules.BoardShape;

/**
 * A static judgement of a position (either variant) in centipawns, from the side to move's point of view.
 *
 * <p>The game is won only by checkmate, and only rooks, bishops and knights give check, so the
 * terms are about the means to mate and the room to escape it:
 * <ul>
 *   <li><b>Material</b>: each rook, bishop and knight is an attacker; a side without any can
 *       never win. Only queens capture, so material changes only when a queen takes.</li>
 *   <li><b>Queen escape squares</b>: a queen in check may only step, and is mated when no step
 *       is safe. Adjacent tiles she may step to, and above all those no enemy piece attacks,
 *       are her life insurance; the penalty grows steeply as they run out.</li>
 *   <li><b>Room</b>: tiles within two squares of a queen. Queens destroy the tile they leave
 *       (Atlantis), so a queen that has wandered sits among holes; tiles near her are the
 *       escape squares of the next few moves.</li>
 *   <li><b>Check threats</b>: enemy pieces that could give check with their next move.</li>
 *   <li><b>Mobility</b>: moves of the rooks, bishops and knights (attacking chances), and the
 *       tiles a queen can reach (capturing chances).</li>
 * </ul>
 * Queen danger is scaled by how many attackers the enemy has left: with none it is nil.
 */
final class Evaluation {

    /** Values of a rook, bishop and knight, indexed by piece type (queen 0 is never captured). */
    static final int[] VALUE = {0, 450, 350, 320};

    static final int TEMPO = 10;

    /** Penalty by the number of safe escape squares of a queen: 0, 1, 2, 3, 4, 5 or more. */
    private static final int[] SAFE_ESCAPES = {-220, -110, -50, -20, -6, 0};

    private static final int ESCAPE = 6;
    private static final int ROOM = 3;
    private static final int CHECK_THREAT = 25;
    /** Percent of queen danger that counts, by the number of enemy rooks, bishops and knights. */
    private static final int[] DANGER_PERCENT = {0, 45, 80, 100};

    private static final int MINOR_MOBILITY = 3;
    private static final int QUEEN_MOBILITY = 2;

    private Evaluation() {}

    /** The position's value for the side to move. */
    static int evaluate(Board board) {
        long[] targets = new long[8];
        for (int k = 0; k < 8; k++) {
            if ((k & 3) != Board.QUEEN) {
                targets[k] = board.minorTargets(k);
            }
        }
        int us = board.side();
        return sideScore(board, us, targets) - sideScore(board, us ^ 1, targets) + TEMPO;
    }

    /** Material as the side to move sees it: its pieces' value minus the opponent's. */
    static int material(Board board) {
        int us = board.side();
        return materialOf(board, us) - materialOf(board, us ^ 1);
    }

    static int materialOf(Board board, int who) {
        int sum = 0;
        for (int type = 1; type < 4; type++) {
            if (board.square(who * 4 + type) != Board.NONE) {
                sum += VALUE[type];
            }
        }
        return sum;
    }

    /** The number of squares the side's rooks, bishops and knights can move to (queens excepted). */
    static int minorMobility(Board board, int who) {
        long queens = 1L << board.square(0) | 1L << board.square(4);
        int n = 0;
        for (int type = 1; type < 4; type++) {
            n += Long.bitCount(board.minorTargets(who * 4 + type) & ~queens);
        }
        return n;
    }

    private static int sideScore(Board board, int who, long[] targets) {
        int own = who * 4;
        int them = own ^ 4;
        int queen = board.square(own);
        long ownPieces = board.piecesOf(who);
        long tiles = board.tiles();
        long queens = 1L << queen | 1L << board.square(them);

        int score = materialOf(board, who);
        for (int type = 1; type < 4; type++) {
            score += MINOR_MOBILITY * Long.bitCount(targets[own + type] & ~queens);
        }
        score += QUEEN_MOBILITY * Long.bitCount(board.queenRays(queen) & tiles & ~ownPieces);

        int attackers = board.minorCount(who ^ 1);
        if (attackers > 0) {
            long enemyAttacks = targets[them + 1] | targets[them + 2] | targets[them + 3];
            BoardShape shape = board.shape();
            long escapes = shape.neighbours(queen) & tiles & ~ownPieces;
            int safe = Long.bitCount(escapes & ~enemyAttacks);
            int danger = SAFE_ESCAPES[Math.min(safe, SAFE_ESCAPES.length - 1)]
                    + ESCAPE * Long.bitCount(escapes)
                    + ROOM * Long.bitCount(shape.near(queen) & tiles)
                    - CHECK_THREAT * checkThreats(board, queen, them, targets);
            score += danger * DANGER_PERCENT[attackers] / 100;
        }
        return score;
    }

    /** How many enemy pieces could give check to the queen on {@code queen} with one move. */
    private static int checkThreats(Board board, int queen, int them, long[] targets) {
        long occupied = board.occupied();
        BoardShape shape = board.shape();
        int n = 0;
        if ((targets[them + Board.ROOK] & shape.orthogonalRays(queen, occupied)) != 0) {
            n++;
        }
        if ((targets[them + Board.BISHOP] & shape.diagonalRays(queen, occupied)) != 0) {
            n++;
        }
        if ((targets[them + Board.KNIGHT_TYPE] & shape.knightJumps(queen)) != 0) {
            n++;
        }
        return n;
    }
}
