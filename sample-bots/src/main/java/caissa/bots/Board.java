package caissa.bots;

import static caissa.bots.BoardGeometry.ADJACENT;
import static caissa.bots.BoardGeometry.BETWEEN;
import static caissa.bots.BoardGeometry.DIAGONAL;
import static caissa.bots.BoardGeometry.KNIGHT;
import static caissa.bots.BoardGeometry.LINE;
import static caissa.bots.BoardGeometry.ORTHOGONAL;
import static caissa.bots.BoardGeometry.RAYS;
import static caissa.bots.BoardGeometry.SQUARES;

import caissa.arena.rules.Move;
import caissa.arena.rules.Piece;
import caissa.arena.rules.Position;
import caissa.arena.rules.Square;
import java.util.ArrayList;
import java.util.List;

/**
 * The tiles and the piece squares of a position as bitboards: what evaluation and move ordering
 * read, many times per node, without asking the {@link Position} square by square.
 *
 * <p>Pieces live in slots {@code side * 4 + type} (side 0 White, type 0 Queen, 1 Rook, 2 Bishop,
 * 3 Knight), the order of {@link Piece}; {@link #NONE} marks a captured piece. {@link #after(Move)}
 * follows a legal move the way the rules do (Atlantis, tiles carried onto holes, exchanges,
 * captures) far more cheaply than reading a played position back; a test keeps the two in step.
 */
final class Board {

    static final int NONE = -1;
    static final int QUEEN = 0;
    static final int ROOK = 1;
    static final int BISHOP = 2;
    static final int KNIGHT_TYPE = 3;

    private static final Piece[] PIECES = Piece.values();

    private final long tiles;
    private final int[] squares;
    private final long occupied;
    private final int side;

    private Board(long tiles, int[] squares, int side) {
        this.tiles = tiles;
        this.squares = squares;
        this.side = side;
        long occ = 0;
        for (int sq : squares) {
            if (sq != NONE) {
                occ |= 1L << sq;
            }
        }
        this.occupied = occ;
    }

    static Board of(Position position) {
        long tiles = 0;
        for (int sq = 0; sq < SQUARES; sq++) {
            if (position.hasTile(Square.of(sq))) {
                tiles |= 1L << sq;
            }
        }
        int[] squares = new int[8];
        for (int k = 0; k < 8; k++) {
            squares[k] = position.squareOf(PIECES[k]).map(Square::index).orElse(NONE);
        }
        return new Board(tiles, squares, position.sideToMove().ordinal());
    }

    /** The board after a move that is legal here. */
    Board after(Move move) {
        int from = move.from().index();
        int to = move.to().index();
        int k = slotAt(from);
        int j = slotAt(to);
        long nextTiles = tiles;
        if ((k & 3) == QUEEN) {
            nextTiles &= ~(1L << from);
        } else if ((tiles >>> to & 1) == 0) {
            nextTiles = nextTiles & ~(1L << from) | 1L << to;
        }
        int[] next = squares.clone();
        next[k] = to;
        if (j >= 0) {
            next[j] = (k & 3) == QUEEN ? NONE : from;
        }
        return new Board(nextTiles, next, side ^ 1);
    }

    long tiles() {
        return tiles;
    }

    long occupied() {
        return occupied;
    }

    /** The side to move: 0 White, 1 Black. */
    int side() {
        return side;
    }

    /** The square of the piece in a slot, or {@link #NONE} if it has been captured. */
    int square(int slot) {
        return squares[slot];
    }

    /** The squares of one side's pieces. */
    long piecesOf(int who) {
        long bits = 0;
        for (int k = who * 4; k < who * 4 + 4; k++) {
            if (squares[k] != NONE) {
                bits |= 1L << squares[k];
            }
        }
        return bits;
    }

    /** How many rooks, bishops and knights a side still has. */
    int minorCount(int who) {
        int n = 0;
        for (int k = who * 4 + 1; k < who * 4 + 4; k++) {
            if (squares[k] != NONE) {
                n++;
            }
        }
        return n;
    }

    /** The slot of the piece on a square, or -1. */
    int slotAt(int square) {
        if ((occupied >>> square & 1) == 0) {
            return -1;
        }
        for (int k = 0; k < 8; k++) {
            if (squares[k] == square) {
                return k;
            }
        }
        throw new IllegalStateException("occupied square without a piece");
    }

    /** Whether the move is a queen taking an enemy piece (the only captures of the game). */
    boolean isCapture(Move move) {
        int k = slotAt(move.from().index());
        int j = slotAt(move.to().index());
        return k >= 0 && (k & 3) == QUEEN && j >= 0 && (j & 4) != (k & 4);
    }

    /**
     * Candidate captures and direct checks of the side to move, for quiescence search: queen
     * moves onto an enemy piece she sees, and rook, bishop or knight moves onto a square from
     * which they attack the enemy queen (checks only when {@code withChecks}). Candidates follow
     * the movement rules only; the caller asks the position whether each is legal. Discovered
     * checks are not among them.
     */
    List<Move> tacticalCandidates(boolean withChecks) {
        int own = side * 4;
        int them = own ^ 4;
        List<Move> moves = new ArrayList<>(8);
        int queen = squares[own];
        long victims = queenRays(queen) & piecesOf(side ^ 1) & ~(1L << squares[them]);
        addMoves(moves, queen, victims);
        if (withChecks) {
            int enemyQueen = squares[them];
            long queens = 1L << queen | 1L << enemyQueen;
            for (int type = ROOK; type <= KNIGHT_TYPE; type++) {
                if (squares[own + type] == NONE) {
                    continue;
                }
                long checkingSquares = switch (type) {
                    case ROOK -> rays(enemyQueen, 0, occupied);
                    case BISHOP -> rays(enemyQueen, 4, occupied);
                    default -> KNIGHT[enemyQueen];
                };
                addMoves(moves, squares[own + type], minorTargets(own + type) & checkingSquares & ~queens);
            }
        }
        return moves;
    }

    private static void addMoves(List<Move> moves, int from, long targets) {
        Square origin = Square.of(from);
        while (targets != 0) {
            int to = Long.numberOfTrailingZeros(targets);
            targets &= targets - 1;
            moves.add(Move.of(origin, Square.of(to)));
        }
    }

    /** Whether the queen of a side is attacked by an enemy rook, bishop or knight (RULES.md 6). */
    boolean inCheck(int who) {
        int queen = squares[who * 4];
        int them = (who ^ 1) * 4;
        int knight = squares[them + KNIGHT_TYPE];
        if (knight != NONE && (KNIGHT[queen] >>> knight & 1) != 0) {
            return true;
        }
        int rook = squares[them + ROOK];
        if (rook != NONE && LINE[queen * SQUARES + rook] == ORTHOGONAL
                && (BETWEEN[queen * SQUARES + rook] & occupied) == 0) {
            return true;
        }
        int bishop = squares[them + BISHOP];
        return bishop != NONE && LINE[queen * SQUARES + bishop] == DIAGONAL
                && (BETWEEN[queen * SQUARES + bishop] & occupied) == 0;
    }

    /**
     * The squares a rook, bishop or knight in a slot could move onto by its movement alone: the
     * squares it attacks, blockers included. Empty for a captured piece.
     */
    long minorTargets(int slot) {
        int from = squares[slot];
        if (from == NONE) {
            return 0;
        }
        return switch (slot & 3) {
            case ROOK -> rays(from, 0, occupied);
            case BISHOP -> rays(from, 4, occupied);
            case KNIGHT_TYPE -> KNIGHT[from];
            default -> throw new IllegalArgumentException("slot " + slot + " holds a queen");
        };
    }

    /** The squares a queen on this square sees along all eight rays, the first piece included. */
    long queenRays(int from) {
        return rays(from, 0, occupied) | rays(from, 4, occupied);
    }

    /** Orthogonal (first direction 0) or diagonal (4) rays from a square, stopping at pieces. */
    static long rays(int from, int firstDirection, long blockers) {
        long bits = 0;
        for (int d = firstDirection; d < firstDirection + 4; d++) {
            for (int sq : RAYS[from * 8 + d]) {
                bits |= 1L << sq;
                if ((blockers >>> sq & 1) != 0) {
                    break;
                }
            }
        }
        return bits;
    }

    /** The squares next to a square. */
    static long adjacent(int square) {
        return ADJACENT[square];
    }
}
