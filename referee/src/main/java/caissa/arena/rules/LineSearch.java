package caissa.arena.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds moves from the initial position that reach a given position exactly (board, side to
 * move, last move and ply count): the bot protocol can only tell a bot an opening as moves, so a
 * book line written as a position is played as such a line.
 *
 * <p>A depth-first search of exactly as many plies as the position counts, the last of them its
 * last move. It is pruned by bounds no line can beat: a ply changes at most two cells (what a
 * cell holds: a hole, an empty tile or a piece), so the plies left must cover half the cells
 * that still differ; a captured piece never comes back; and only a queen captures, only a queen
 * moves herself and each queen move, and no other, takes away a tile, so each side's queen
 * moves still to play (at least its captures still to make, and one if she stands elsewhere)
 * must fit in its plies and together in the tiles still to go. Moves that bring the board
 * closer are tried first, and a position whose whole subtree failed is not searched again when
 * the same moves in another order lead back to it. A node budget bounds the work: a position it
 * does not reach is given up, not refused as unreachable.
 */
public final class LineSearch {

    /** How a search ended. */
    public sealed interface Result {
        /** The positions the search visited. */
        long nodes();
    }

    /** A line reaching the position: playing {@code moves} from the initial position gives it. */
    public record Found(List<Move> moves, long nodes) implements Result {
        public Found {
            moves = List.copyOf(moves);
        }
    }

    /** Every line of the position's length was searched and none reaches it. */
    public record Unreachable(long nodes) implements Result {}

    /** The budget ran out before a line was found or every line ruled out. */
    public record OverBudget(long nodes) implements Result {}

    /** Signals that the budget ran out, unwinding the search. */
    private static final class BudgetSpent extends RuntimeException {
        BudgetSpent() {
            super(null, null, false, false);
        }
    }

    private final Position target;
    private final long budget;
    private final int plies;
    private final int lastMove;
    private final int[] targetCells = new int[8];
    private final int targetTiles;
    /** Positions whose subtree holds no line, as {@link Key}s: the same moves in another order meet here. */
    private final Set<Key> dead = new HashSet<>();

    private final int[] path;
    private long nodes;

    private LineSearch(Position target, long budget) {
        this.target = target;
        this.budget = budget;
        this.plies = target.plies();
        this.lastMove = target.lastMove()
                .map(m -> m.from().index() | m.to().index() << 6)
                .orElse(Position.NO_MOVE);
        for (Piece piece : Piece.values()) {
            targetCells[piece.ordinal()] = target.cellOf(piece);
        }
        this.targetTiles = target.tileCount();
        this.path = new int[plies];
    }

    /**
     * Searches for a line from the variant's initial position to {@code target}, visiting at
     * most {@code nodeBudget} positions. The same target and budget give the same result.
     */
    public static Result reaching(Position target, long nodeBudget) {
        if (nodeBudget < 1) {
            throw new IllegalArgumentException("a node budget is at least 1, got " + nodeBudget);
        }
        LineSearch search = new LineSearch(target, nodeBudget);
        Position start = target.variant().initial();
        if (target.plies() == 0 || search.lastMove == Position.NO_MOVE) {
            // Only the initial position has no last move and no plies.
            return target.equals(start) ? new Found(List.of(), 1) : new Unreachable(1);
        }
        try {
            if (search.search(start, 0)) {
                List<Move> moves = new ArrayList<>(search.plies);
                for (int code : search.path) {
                    moves.add(start.geometry().move(code));
                }
                return new Found(moves, search.nodes);
            }
            return new Unreachable(search.nodes);
        } catch (BudgetSpent e) {
            return new OverBudget(search.nodes);
        }
    }

    /** Whether a line from {@code position}, {@code ply} plies in, reaches the target; fills the path. */
    private boolean search(Position position, int ply) {
        if (++nodes > budget) {
            throw new BudgetSpent();
        }
        int left = plies - ply;
        if (left == 0) {
            return position.equals(target);
        }
        if (!feasible(position, left)) {
            return false;
        }
        Key key = Key.of(position);
        if (dead.contains(key)) {
            return false;
        }
        MoveList moves = new MoveList();
        int n = position.legalMoves(moves);
        if (left == 1) {
            for (int i = 0; i < n; i++) {
                if (moves.code(i) == lastMove && search(moves.play(i), ply + 1)) {
                    path[ply] = lastMove;
                    return true;
                }
            }
            return false;
        }
        // Closest first: sort the children by the cells that would still differ, then by generation order.
        Position[] children = new Position[n];
        long[] ordering = new long[n];
        for (int i = 0; i < n; i++) {
            children[i] = moves.play(i);
            ordering[i] = (long) differingCells(children[i]) << 8 | i;
        }
        Arrays.sort(ordering);
        for (long order : ordering) {
            int i = (int) (order & 0xFF);
            if (search(children[i], ply + 1)) {
                path[ply] = moves.code(i);
                return true;
            }
        }
        dead.add(key);
        return false;
    }

    /**
     * A position as far as the rest of a line is concerned: its board, side and ply count, and its
     * last move only where the ko rule could forbid a move by it, that is when the side to move
     * has a piece on the last move's origin (the enemy piece it swapped with). Before the last
     * ply the last move is otherwise no matter, so positions reached by the same moves in another
     * order share a key.
     */
    private record Key(long tiles, long pieces, int plies, int ko) {

        static Key of(Position position) {
            long pieces = 0;
            for (int k = 0; k < 8; k++) {
                pieces = pieces << 8 | (position.cellOf(Piece.ofSlot(k)) & 0xFF);
            }
            int ko = Position.NO_MOVE;
            if (position.lastMove().isPresent()) {
                Move last = position.lastMove().get();
                int piece = position.pieceIndexAt(last.from().index());
                if (piece >= 0 && piece >> 2 == position.sideToMove().ordinal()) {
                    ko = last.from().index() | last.to().index() << 6;
                }
            }
            return new Key(position.tileBits(), pieces, position.plies(), ko);
        }
    }

    /** Whether the bounds of the class comment leave a line of {@code left} plies possible. */
    private boolean feasible(Position position, int left) {
        int queenMoves = position.tileCount() - targetTiles;
        if (queenMoves < 0 || queenMoves > left || (differingCells(position) + 1) / 2 > left) {
            return false;
        }
        // Only queens capture, and only a queen moves herself: each side's queen moves still to play
        // are at least its captures still to make, and one if she stands elsewhere; together they
        // are the tiles still to go, and each side plays every other ply.
        int[] queenMovesNeeded = new int[2];
        for (int k = 0; k < 8; k++) {
            int now = position.cellOf(Piece.ofSlot(k));
            int then = targetCells[k];
            if (now < 0 && then >= 0) {
                return false; // a captured piece never comes back
            }
            if (now >= 0 && then < 0) {
                queenMovesNeeded[(k >> 2) ^ 1]++;
            }
        }
        for (int side = 0; side < 2; side++) {
            if (queenMovesNeeded[side] == 0 && position.cellOf(Piece.ofSlot(side * 4)) != targetCells[side * 4]) {
                queenMovesNeeded[side] = 1;
            }
        }
        int mover = position.sideToMove().ordinal();
        return queenMovesNeeded[0] + queenMovesNeeded[1] <= queenMoves
                && queenMovesNeeded[mover] <= (left + 1) / 2
                && queenMovesNeeded[mover ^ 1] <= left / 2;
    }

    /** The cells whose content (hole, empty tile, which piece) differs from the target's. */
    private int differingCells(Position position) {
        long differ = position.tileBits() ^ target.tileBits();
        for (int k = 0; k < 8; k++) {
            int now = position.cellOf(Piece.ofSlot(k));
            int then = targetCells[k];
            if (now != then) {
                differ |= (now < 0 ? 0 : 1L << now) | (then < 0 ? 0 : 1L << then);
            }
        }
        return Long.bitCount(differ);
    }
}
