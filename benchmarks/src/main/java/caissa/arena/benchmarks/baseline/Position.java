package caissa.arena.benchmarks.baseline;

import static caissa.arena.benchmarks.baseline.Geometry.ADJACENT;
import static caissa.arena.benchmarks.baseline.Geometry.BETWEEN;
import static caissa.arena.benchmarks.baseline.Geometry.DIAGONAL;
import static caissa.arena.benchmarks.baseline.Geometry.KNIGHT;
import static caissa.arena.benchmarks.baseline.Geometry.LINE;
import static caissa.arena.benchmarks.baseline.Geometry.N;
import static caissa.arena.benchmarks.baseline.Geometry.NO_LINE;
import static caissa.arena.benchmarks.baseline.Geometry.ORTHOGONAL;
import static caissa.arena.benchmarks.baseline.Geometry.RAYS;
import static caissa.arena.benchmarks.baseline.Geometry.RING_CONNECTED;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * An immutable Caïssa position: tiles and holes, the pieces, the side to move, the last move
 * (for the ko rule) and the number of plies played. {@link #play(Move)} returns the next
 * position; {@link #outcome()} says whether the game is over.
 *
 * <p>Every instance is well-formed in the sense of RULES.md section 7: positions come only from
 * {@link #initial()}, {@link #fromCfn(String)} (which checks) and legal moves (which keep it so).
 *
 * <p>Internally the tiles are a 49-bit bitboard and the eight pieces are byte slots of one
 * {@code long} (slot {@code side * 4 + type}, 0xFF when the piece has been captured), so that a
 * position is a handful of primitives and search can create millions of them cheaply.
 */
public final class Position {

    /** Plies after which the game is drawn if neither checkmate nor stalemate has occurred. */
    public static final int MOVE_LIMIT_PLIES = 200;

    /** The initial position of RULES.md section 1, in CFN. */
    public static final String INITIAL_CFN = "......./...bqn./....r../......./..R..../.NQB.../....... w - 0";

    /** More than the most legal moves any position can have (queen 24, rook 12, bishop 12, knight 8). */
    static final int MAX_MOVES = 64;

    static final int NONE = 0xFF;
    static final int NO_MOVE = -1;
    private static final int QUEEN = 0;

    /** Legality verdicts; 0 is legal, the others name why not (see {@link #illegalReason(Move)}). */
    static final int LEGAL = 0;

    private static final int NO_OWN_PIECE = 1;
    private static final int UNREACHABLE = 2;
    private static final int QUEEN_STEP_IN_CHECK = 3;
    private static final int QUEEN_TO_HOLE = 4;
    private static final int ONTO_OWN_PIECE = 5;
    private static final int ONTO_OWN_QUEEN = 6;
    private static final int ONTO_ENEMY_QUEEN = 7;
    private static final int KO = 8;
    private static final int DISCONNECTS = 9;
    private static final int QUEENS_IN_SIGHT = 10;
    private static final int LEAVES_CHECK = 11;

    private static final Position INITIAL = fromCfn(INITIAL_CFN);

    private final long tiles;
    private final long pieces;
    private final long occupied;
    private final int side;
    private final int lastMove;
    private final int plies;

    Position(long tiles, long pieces, int side, int lastMove, int plies) {
        this.tiles = tiles;
        this.pieces = pieces;
        this.side = side;
        this.lastMove = lastMove;
        this.plies = plies;
        long occ = 0;
        for (int k = 0; k < 8; k++) {
            int sq = slot(pieces, k);
            if (sq != NONE) {
                occ |= 1L << sq;
            }
        }
        this.occupied = occ;
    }

    /** The initial position: all 49 tiles, White to move. */
    public static Position initial() {
        return INITIAL;
    }

    /**
     * Reads a position in CFN (RULES.md section 7).
     *
     * @throws InvalidPositionException naming the field and the problem when the text is not a
     *     well-formed position
     */
    public static Position fromCfn(String cfn) {
        return Cfn.parse(cfn);
    }

    /** This position in CFN. */
    public String toCfn() {
        return Cfn.format(this);
    }

    // ----------------------------------------------------------------------------------------
    // Queries

    public Side sideToMove() {
        return side == 0 ? Side.WHITE : Side.BLACK;
    }

    /** Plies played so far; 0 at the start, {@link #MOVE_LIMIT_PLIES} at the move limit. */
    public int plies() {
        return plies;
    }

    /** The move that led here, which decides the ko rule; empty at the start of a game. */
    public Optional<Move> lastMove() {
        return lastMove == NO_MOVE ? Optional.empty() : Optional.of(Moves.ofCode(lastMove));
    }

    public boolean hasTile(Square square) {
        return (tiles >>> square.index() & 1) != 0;
    }

    /** The number of tiles left on the board. */
    public int tileCount() {
        return Long.bitCount(tiles);
    }

    public Optional<Piece> pieceAt(Square square) {
        int k = slotAt(square.index());
        return k < 0 ? Optional.empty() : Optional.of(Piece.ofSlot(k));
    }

    /** Where the piece stands, or empty if it has been captured (queens are never captured). */
    public Optional<Square> squareOf(Piece piece) {
        int sq = slot(pieces, piece.ordinal());
        return sq == NONE ? Optional.empty() : Optional.of(Square.of(sq));
    }

    /** Whether the side to move is in check (RULES.md section 6). */
    public boolean inCheck() {
        return attacked(slot(pieces, side * 4), pieces, (side ^ 1) * 4, occupied);
    }

    /** Whether the given side's queen is attacked by an enemy rook, bishop or knight. */
    public boolean inCheck(Side who) {
        int us = who.ordinal() * 4;
        return attacked(slot(pieces, us), pieces, us ^ 4, occupied);
    }

    /** Whether the two queens see each other (never true of a well-formed position). */
    boolean queensInSight() {
        return queensInSight(pieces, occupied);
    }

    // ----------------------------------------------------------------------------------------
    // Moves

    /** The legal moves of the side to move, in {@link Move#compareTo} order. */
    public List<Move> legalMoves() {
        int[] buffer = new int[MAX_MOVES];
        int n = generate(buffer);
        Move[] moves = new Move[n];
        for (int i = 0; i < n; i++) {
            moves[i] = Moves.ofCode(buffer[i]);
        }
        Arrays.sort(moves);
        return Collections.unmodifiableList(Arrays.asList(moves));
    }

    /** The number of legal moves; the same as {@code legalMoves().size()}, without the list. */
    public int legalMoveCount() {
        return generate(new int[MAX_MOVES]);
    }

    public boolean isLegal(Move move) {
        return verdict(move.from().index(), move.to().index()) == LEGAL;
    }

    /**
     * Why a move is illegal here, as a phrase a bot author can act on (for example
     * {@code "it leaves the tiles disconnected"}); empty when the move is legal.
     */
    public Optional<String> illegalReason(Move move) {
        int v = verdict(move.from().index(), move.to().index());
        String piece = pieceAt(move.from()).map(Piece::toString).orElse("");
        String reason = switch (v) {
            case LEGAL -> null;
            case NO_OWN_PIECE -> "there is no " + sideToMove() + " piece on " + move.from();
            case UNREACHABLE -> "the " + piece + " on " + move.from() + " cannot reach " + move.to();
            case QUEEN_STEP_IN_CHECK -> "the " + piece + " is in check and may only step to an adjacent square";
            case QUEEN_TO_HOLE -> "a queen can only move onto a tile and " + move.to() + " is a hole";
            case ONTO_OWN_PIECE -> "a queen cannot move onto a piece of her own colour";
            case ONTO_OWN_QUEEN -> "a piece cannot exchange with its own queen";
            case ONTO_ENEMY_QUEEN -> "a piece cannot move onto the enemy queen";
            case KO -> "the ko rule forbids repeating the origin and target of the opponent's last move";
            case DISCONNECTS -> "it leaves the tiles disconnected";
            case QUEENS_IN_SIGHT -> "it leaves the queens seeing each other";
            case LEAVES_CHECK -> "it leaves the " + sideToMove() + " queen in check";
            default -> throw new IllegalStateException("unknown verdict " + v);
        };
        return Optional.ofNullable(reason);
    }

    /**
     * The position after a legal move.
     *
     * @throws IllegalArgumentException if the move is not legal here
     */
    public Position play(Move move) {
        int from = move.from().index();
        int to = move.to().index();
        if (verdict(from, to) != LEGAL) {
            throw new IllegalArgumentException("illegal move " + move + " in " + toCfn() + ": "
                    + illegalReason(move).orElseThrow());
        }
        return playCode(from | to << 6);
    }

    /** Where the game stands: ongoing, checkmate, stalemate or the move limit (RULES.md 6). */
    public Outcome outcome() {
        if (generate(new int[MAX_MOVES]) == 0) {
            return inCheck() ? new Outcome.Checkmate(sideToMove().opponent()) : Outcome.STALEMATE;
        }
        return plies >= MOVE_LIMIT_PLIES ? Outcome.MOVE_LIMIT : Outcome.ONGOING;
    }

    /**
     * The number of leaves of the legal-move tree of the given depth (perft). The tree follows
     * the movement rules only: it does not stop at the move limit.
     */
    public long perft(int depth) {
        if (depth < 0) {
            throw new IllegalArgumentException("depth must be at least 0, got " + depth);
        }
        if (depth == 0) {
            return 1;
        }
        return perft(this, depth, new int[depth + 1][MAX_MOVES]);
    }

    /** The perft count below each legal move, for comparing with another implementation. */
    public List<MoveCount> perftDivide(int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("divide needs a depth of at least 1, got " + depth);
        }
        List<MoveCount> counts = new ArrayList<>();
        for (Move move : legalMoves()) {
            counts.add(new MoveCount(move, play(move).perft(depth - 1)));
        }
        return List.copyOf(counts);
    }

    /** A first move and the number of leaves below it. */
    public record MoveCount(Move move, long nodes) {}

    private static long perft(Position position, int depth, int[][] buffers) {
        int[] moves = buffers[depth];
        int n = position.generate(moves);
        if (depth == 1) {
            return n;
        }
        long total = 0;
        for (int i = 0; i < n; i++) {
            total += perft(position.playCode(moves[i]), depth - 1, buffers);
        }
        return total;
    }

    /**
     * A 64-bit hash of everything that decides the future of the game (tiles, pieces, side to
     * move, last move); for transposition tables. The ply count is left out on purpose.
     */
    public long hash64() {
        long h = mix(tiles ^ 0x9E3779B97F4A7C15L);
        h = mix(h ^ pieces);
        return mix(h ^ ((long) lastMove << 1 | side));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return z ^ (z >>> 33);
    }

    // ----------------------------------------------------------------------------------------
    // Engine

    /** Writes the legal moves as codes {@code from | to << 6} into the buffer; returns how many. */
    int generate(int[] out) {
        int us = side * 4;
        int them = us ^ 4;
        int n = 0;
        long enemyMinors = bitOf(pieces, them + 1) | bitOf(pieces, them + 2) | bitOf(pieces, them + 3);

        int queen = slot(pieces, us);
        if (attacked(queen, pieces, them, occupied)) {
            long targets = ADJACENT[queen] & tiles & (~occupied | enemyMinors);
            while (targets != 0) {
                int to = Long.numberOfTrailingZeros(targets);
                targets &= targets - 1;
                n = consider(us, queen, to, out, n);
            }
        } else {
            for (int d = 0; d < 8; d++) {
                for (int to : RAYS[queen * 8 + d]) {
                    long bit = 1L << to;
                    if ((occupied & bit) != 0) {
                        if ((enemyMinors & bit) != 0) {
                            n = consider(us, queen, to, out, n);
                        }
                        break;
                    }
                    if ((tiles & bit) != 0) {
                        n = consider(us, queen, to, out, n);
                    }
                }
            }
        }

        long queens = (1L << queen) | bitOf(pieces, them);
        for (int type = 1; type < 4; type++) {
            int k = us + type;
            int from = slot(pieces, k);
            if (from == NONE) {
                continue;
            }
            if (type == 3) {
                long targets = KNIGHT[from] & ~queens;
                while (targets != 0) {
                    int to = Long.numberOfTrailingZeros(targets);
                    targets &= targets - 1;
                    n = consider(k, from, to, out, n);
                }
                continue;
            }
            int firstDir = type == 1 ? 0 : 4;
            for (int d = firstDir; d < firstDir + 4; d++) {
                for (int to : RAYS[from * 8 + d]) {
                    long bit = 1L << to;
                    if ((occupied & bit) != 0) {
                        if ((queens & bit) == 0) {
                            n = consider(k, from, to, out, n);
                        }
                        break;
                    }
                    n = consider(k, from, to, out, n);
                }
            }
        }
        return n;
    }

    /** Adds a reachable target to the list when the ko rule and the position after it allow. */
    private int consider(int k, int from, int to, int[] out, int n) {
        int code = from | to << 6;
        if (code != lastMove && consequence(k, from, to) == LEGAL) {
            out[n++] = code;
        }
        return n;
    }

    /** The full legality verdict for any origin and target, reachable or not. */
    private int verdict(int from, int to) {
        int us = side * 4;
        int k = slotAt(from);
        if (k < 0 || (k & 4) != us) {
            return NO_OWN_PIECE;
        }
        int type = k & 3;
        int target = slotAt(to);
        int line = LINE[from * N + to];
        boolean clearPath = (BETWEEN[from * N + to] & occupied) == 0;
        if (type == QUEEN) {
            if (inCheck()) {
                if ((ADJACENT[from] >>> to & 1) == 0) {
                    return QUEEN_STEP_IN_CHECK;
                }
            } else if (line == NO_LINE || !clearPath) {
                return UNREACHABLE;
            }
            if ((tiles >>> to & 1) == 0) {
                return QUEEN_TO_HOLE;
            }
            if (target >= 0 && (target & 4) == us) {
                return ONTO_OWN_PIECE;
            }
            if (target >= 0 && (target & 3) == QUEEN) {
                return ONTO_ENEMY_QUEEN;
            }
        } else {
            boolean reachable = switch (type) {
                case 1 -> line == ORTHOGONAL && clearPath;
                case 2 -> line == DIAGONAL && clearPath;
                default -> (KNIGHT[from] >>> to & 1) != 0;
            };
            if (!reachable) {
                return UNREACHABLE;
            }
            if (target == us) {
                return ONTO_OWN_QUEEN;
            }
            if (target == (us ^ 4)) {
                return ONTO_ENEMY_QUEEN;
            }
        }
        if ((from | to << 6) == lastMove) {
            return KO;
        }
        return consequence(k, from, to);
    }

    /**
     * Whether the position after moving the piece in slot {@code k} from {@code from} to a
     * reachable {@code to} is allowed: tiles connected, queens not in sight, mover not in check.
     */
    private int consequence(int k, int from, int to) {
        boolean queenMove = (k & 3) == QUEEN;
        int j = slotAt(to);
        long after = piecesAfter(k, from, to, j);
        long occ = j >= 0 && !queenMove ? occupied : occupied & ~(1L << from) | 1L << to;
        long fromBit = 1L << from;
        if (queenMove) {
            if (!Geometry.connectedWithout(tiles & ~fromBit, from)) {
                return DISCONNECTS;
            }
        } else if ((tiles >>> to & 1) == 0) {
            long without = tiles & ~fromBit;
            boolean connected = RING_CONNECTED[Geometry.ringMask(without, from)]
                    ? (ADJACENT[to] & without) != 0
                    : Geometry.connected(without | 1L << to);
            if (!connected) {
                return DISCONNECTS;
            }
        }
        if (queensInSight(after, occ)) {
            return QUEENS_IN_SIGHT;
        }
        int us = k & 4;
        if (attacked(slot(after, us), after, us ^ 4, occ)) {
            return LEAVES_CHECK;
        }
        return LEGAL;
    }

    /** The next position after a move known to be legal. */
    Position playCode(int code) {
        int from = code & 63;
        int to = code >>> 6;
        int k = slotAt(from);
        int j = slotAt(to);
        long nextTiles = tiles;
        if ((k & 3) == QUEEN) {
            nextTiles &= ~(1L << from);
        } else if ((tiles >>> to & 1) == 0) {
            nextTiles = nextTiles & ~(1L << from) | 1L << to;
        }
        return new Position(nextTiles, piecesAfter(k, from, to, j), side ^ 1, code, plies + 1);
    }

    /** The piece table after the move: the mover on its target, and an exchanged piece on the
     * origin or a captured one removed. */
    private static long piecesAfter(long pieces, int k, int from, int to, int j) {
        long after = withSlot(pieces, k, to);
        if (j >= 0) {
            after = withSlot(after, j, (k & 3) == QUEEN ? NONE : from);
        }
        return after;
    }

    private long piecesAfter(int k, int from, int to, int j) {
        return piecesAfter(pieces, k, from, to, j);
    }

    private static boolean queensInSight(long pieces, long occupied) {
        int line = slot(pieces, 0) * N + slot(pieces, 4);
        return LINE[line] != NO_LINE && (BETWEEN[line] & occupied) == 0;
    }

    /** Whether the queen on {@code queen} is attacked by the R, B or N in slots {@code them + 1..3}. */
    private static boolean attacked(int queen, long pieces, int them, long occupied) {
        int knight = slot(pieces, them + 3);
        if (knight != NONE && (KNIGHT[queen] >>> knight & 1) != 0) {
            return true;
        }
        int rook = slot(pieces, them + 1);
        if (rook != NONE && LINE[queen * N + rook] == ORTHOGONAL && (BETWEEN[queen * N + rook] & occupied) == 0) {
            return true;
        }
        int bishop = slot(pieces, them + 2);
        return bishop != NONE && LINE[queen * N + bishop] == DIAGONAL && (BETWEEN[queen * N + bishop] & occupied) == 0;
    }

    /** The slot of the piece on the square, or -1 if the square holds none. */
    private int slotAt(int square) {
        if ((occupied >>> square & 1) == 0) {
            return -1;
        }
        for (int k = 0; k < 8; k++) {
            if (slot(pieces, k) == square) {
                return k;
            }
        }
        throw new IllegalStateException("occupied square without a piece");
    }

    static int slot(long pieces, int k) {
        return (int) (pieces >>> (k << 3)) & 0xFF;
    }

    private static long bitOf(long pieces, int k) {
        int sq = slot(pieces, k);
        return sq == NONE ? 0 : 1L << sq;
    }

    static long withSlot(long pieces, int k, int square) {
        int shift = k << 3;
        return pieces & ~(0xFFL << shift) | (long) square << shift;
    }

    // ----------------------------------------------------------------------------------------

    @Override
    public boolean equals(Object o) {
        return o instanceof Position p
                && p.tiles == tiles
                && p.pieces == pieces
                && p.side == side
                && p.lastMove == lastMove
                && p.plies == plies;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(hash64()) * 31 + plies;
    }

    /** The position in CFN. */
    @Override
    public String toString() {
        return toCfn();
    }
}
