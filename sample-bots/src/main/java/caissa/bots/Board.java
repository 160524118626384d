package caissa.bots;

import caissa.arena.rules.BoardShape;
import caissa.arena.rules.Move;
import caissa.arena.rules.Piece;
import caissa.arena.rules.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * What evaluation and move ordering read of a position, many times per node: the rules
 * package's bitboards ({@link Position#tileBits()}, {@link Position#occupiedBits()}) and its
 * board tables ({@link BoardShape}), for either variant. The rules stay the single source of
 * board truth: this class only names the questions a search asks.
 *
 * <p>Pieces live in slots {@code side * 4 + type} (side 0 White, type 0 Queen, 1 Rook, 2 Bishop,
 * 3 Knight), the order of {@link Piece}; {@link #NONE} marks a captured piece.
 */
final class Board {

    static final int NONE = -1;
    static final int QUEEN = 0;
    static final int ROOK = 1;
    static final int BISHOP = 2;
    static final int KNIGHT_TYPE = 3;

    private static final Piece[] PIECES = Piece.values();

    private final Position position;
    private final BoardShape shape;

    private Board(Position position) {
        this.position = position;
        this.shape = position.shape();
    }

    static Board of(Position position) {
        return new Board(position);
    }

    Position position() {
        return position;
    }

    BoardShape shape() {
        return shape;
    }

    /** The board after a move that is legal here. */
    Board after(Move move) {
        return new Board(position.play(move));
    }

    long tiles() {
        return position.tileBits();
    }

    long occupied() {
        return position.occupiedBits();
    }

    /** The side to move: 0 White, 1 Black. */
    int side() {
        return position.sideToMove().ordinal();
    }

    /** The cell of the piece in a slot, or {@link #NONE} if it has been captured. */
    int square(int slot) {
        return position.cellOf(PIECES[slot]);
    }

    /** The cells of one side's pieces. */
    long piecesOf(int who) {
        long bits = 0;
        for (int k = who * 4; k < who * 4 + 4; k++) {
            int sq = square(k);
            if (sq != NONE) {
                bits |= 1L << sq;
            }
        }
        return bits;
    }

    /** How many rooks, bishops and knights a side still has. */
    int minorCount(int who) {
        int n = 0;
        for (int k = who * 4 + 1; k < who * 4 + 4; k++) {
            if (square(k) != NONE) {
                n++;
            }
        }
        return n;
    }

    /** The slot of the piece on a cell, or -1. */
    int slotAt(int square) {
        return position.pieceIndexAt(square);
    }

    /** Whether the move is a queen taking an enemy piece (the only captures of the game). */
    boolean isCapture(Move move) {
        return isCapture(move.from().index(), move.to().index());
    }

    boolean isCapture(int from, int to) {
        int k = slotAt(from);
        int j = slotAt(to);
        return k >= 0 && (k & 3) == QUEEN && j >= 0 && (j & 4) != (k & 4);
    }

    /**
     * Candidate captures and direct checks of the side to move, for quiescence search: queen
     * moves onto an enemy piece she sees, and rook, bishop or knight moves onto a cell from
     * which they attack the enemy queen (checks only when {@code withChecks}). Candidates follow
     * the movement rules only; the caller asks the position whether each is legal. Discovered
     * checks are not among them.
     */
    List<Move> tacticalCandidates(boolean withChecks) {
        int side = side();
        int own = side * 4;
        int them = own ^ 4;
        List<Move> moves = new ArrayList<>(8);
        int queen = square(own);
        long victims = queenRays(queen) & piecesOf(side ^ 1) & ~(1L << square(them));
        addMoves(moves, queen, victims);
        if (withChecks) {
            int enemyQueen = square(them);
            long queens = 1L << queen | 1L << enemyQueen;
            long occupied = occupied();
            for (int type = ROOK; type <= KNIGHT_TYPE; type++) {
                if (square(own + type) == NONE) {
                    continue;
                }
                long checkingSquares = switch (type) {
                    case ROOK -> shape.orthogonalRays(enemyQueen, occupied);
                    case BISHOP -> shape.diagonalRays(enemyQueen, occupied);
                    default -> shape.knightJumps(enemyQueen);
                };
                addMoves(moves, square(own + type), minorTargets(own + type) & checkingSquares & ~queens);
            }
        }
        return moves;
    }

    private void addMoves(List<Move> moves, int from, long targets) {
        while (targets != 0) {
            int to = Long.numberOfTrailingZeros(targets);
            targets &= targets - 1;
            moves.add(shape.move(from, to));
        }
    }

    /** Whether the queen of a side is attacked by an enemy rook, bishop or knight (RULES.md 6). */
    boolean inCheck(int who) {
        return position.inCheck(PIECES[who * 4].side());
    }

    /**
     * The cells a rook, bishop or knight in a slot could move onto by its movement alone: the
     * cells it attacks, blockers included. Empty for a captured piece.
     */
    long minorTargets(int slot) {
        int from = square(slot);
        if (from == NONE) {
            return 0;
        }
        return switch (slot & 3) {
            case ROOK -> shape.orthogonalRays(from, occupied());
            case BISHOP -> shape.diagonalRays(from, occupied());
            case KNIGHT_TYPE -> shape.knightJumps(from);
            default -> throw new IllegalArgumentException("slot " + slot + " holds a queen");
        };
    }

    /** The cells a queen on this cell sees along all her lines, the first piece included. */
    long queenRays(int from) {
        long occupied = occupied();
        return shape.orthogonalRays(from, occupied) | shape.diagonalRays(from, occupied);
    }
}
