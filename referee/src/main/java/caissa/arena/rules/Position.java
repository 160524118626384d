package caissa.arena.rules;

import static caissa.arena.rules.Geometry.DIAGONAL;
import static caissa.arena.rules.Geometry.NO_LINE;
import static caissa.arena.rules.Geometry.ORTHOGONAL;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * An immutable position of a {@link Variant} (Caïssa or HexCaïssa): tiles and holes, the pieces, the side to move, the last move
 * (for the ko rule) and the number of plies played. {@link #play(Move)} returns the next
 * position; {@link #outcome()} says whether the game is over.
 *
 * <p>Every instance is well-formed in the sense of RULES.md section 7: positions come only from
 * {@link #initial()}, {@link #fromCfn(String)}, {@link Variant#initial()}, {@link Variant#fromCfn}
 * (which check) and legal moves (which keep it so).
 *
 * <p>The code is the same for every variant: the board's shape is in the position's
 * {@link Geometry} tables. Internally the tiles are a 49- or 61-bit bitboard and the eight pieces are byte slots of one
 * {@code long} (slot {@code side * 4 + type}, 0xFF when the piece has been captured), so that a
 * position is a handful of primitives and search can create millions of them cheaply.
 */
public final class Position {

    /** Plies after which the game is drawn if neither checkmate nor stalemate has occurred. */
    public static final int MOVE_LIMIT_PLIES = 200;

    /** The initial position of RULES.md section 1, in CFN. */
    public static final String INITIAL_CFN = "......./...bqn./....r../......./..R..../.NQB.../....... w - 0";

    /**
     * More than the most legal moves any position of any variant can have: Caïssa's queen 24,
     * rook 12, bishop 12, knight 8; HexCaïssa's queen 36, rook 24, bishop 12, knight 12.
     */
    public static final int MAX_MOVES = 96;

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

    private final Geometry geo;
    private final long tiles;
    private final long pieces;
    private final long occupied;
    private final int side;
    private final int lastMove;
    private final int plies;

    Position(Geometry geo, long tiles, long pieces, int side, int lastMove, int plies) {
        this.geo = geo;
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

    /** The initial position of Caïssa: all 49 tiles, White to move. */
    public static Position initial() {
        return Geometry.of(Variant.CAISSA).initial();
    }

    /**
     * Reads a Caïssa position in CFN (RULES.md section 7); {@link Variant#fromCfn} reads any variant's.
     *
     * @throws InvalidPositionException naming the field and the problem when the text is not a
     *     well-formed position
     */
    public static Position fromCfn(String cfn) {
        return Cfn.parse(Geometry.of(Variant.CAISSA), cfn);
    }

    /** This position in CFN. */
    public String toCfn() {
        return Cfn.format(this);
    }

    // ----------------------------------------------------------------------------------------
    // Queries

    /** The variant this position belongs to. */
    public Variant variant() {
        return geo.variant;
    }

    Geometry geometry() {
        return geo;
    }

    public Side sideToMove() {
        return side == 0 ? Side.WHITE : Side.BLACK;
    }

    /** Plies played so far; 0 at the start, {@link #MOVE_LIMIT_PLIES} at the move limit. */
    public int plies() {
        return plies;
    }

    /** The move that led here, which decides the ko rule; empty at the start of a game. */
    public Optional<Move> lastMove() {
        return lastMove == NO_MOVE ? Optional.empty() : Optional.of(geo.move(lastMove));
    }

    public boolean hasTile(Square square) {
        return (tiles >>> index(square) & 1) != 0;
    }

    /** The number of tiles left on the board. */
    public int tileCount() {
        return Long.bitCount(tiles);
    }

    public Optional<Piece> pieceAt(Square square) {
        int k = slotAt(index(square));
        return k < 0 ? Optional.empty() : Optional.of(Piece.ofSlot(k));
    }

    /** Where the piece stands, or empty if it has been captured (queens are never captured). */
    public Optional<Square> squareOf(Piece piece) {
        int sq = slot(pieces, piece.ordinal());
        return sq == NONE ? Optional.empty() : Optional.of(geo.cells[sq]);
    }

    /** Whether the side to move is in check (RULES.md section 6). */
    public boolean inCheck() {
        return attacked(geo, slot(pieces, side * 4), pieces, (side ^ 1) * 4, occupied);
    }

    /** Whether the given side's queen is attacked by an enemy rook, bishop or knight. */
    public boolean inCheck(Side who) {
        int us = who.ordinal() * 4;
        return attacked(geo, slot(pieces, us), pieces, us ^ 4, occupied);
    }

    /** Whether the two queens see each other (never true of a well-formed position). */
    boolean queensInSight() {
        return queensInSight(geo, pieces, occupied);
    }

    // ----------------------------------------------------------------------------------------
    // Moves

    /** The legal moves of the side to move, in {@link Move#compareTo} order. */
    public List<Move> legalMoves() {
        int[] buffer = new int[MAX_MOVES];
        int n = generate(buffer);
        Move[] moves = new Move[n];
        for (int i = 0; i < n; i++) {
            moves[i] = geo.move(buffer[i]);
        }
        Arrays.sort(moves);
        return Collections.unmodifiableList(Arrays.asList(moves));
    }

    /**
     * Fills the list with the legal moves of the side to move, in generation order (not sorted),
     * and returns how many; allocates nothing. The list can then play them without a new check.
     */
    public int legalMoves(MoveList list) {
        int n = generate(list.fill(this));
        list.size(n);
        return n;
    }

    /** The board's shape: cells, neighbours, rays and jumps as bitboards. */
    public BoardShape shape() {
        return geo.shape;
    }

    /** The cells holding a tile, as a bitboard over {@link Square#index()}. */
    public long tileBits() {
        return tiles;
    }

    /** The cells holding a piece, as a bitboard over {@link Square#index()}. */
    public long occupiedBits() {
        return occupied;
    }

    /** The cell index of a piece, or -1 once it has been captured. */
    public int cellOf(Piece piece) {
        int sq = slot(pieces, piece.ordinal());
        return sq == NONE ? -1 : sq;
    }

    /**
     * The piece on a cell as its {@link Piece#ordinal()} ({@code side * 4 + type}), or -1 for
     * none: the allocation-free form of {@link #pieceAt(Square)}.
     */
    public int pieceIndexAt(int cell) {
        return slotAt(cell);
    }

    /** The number of legal moves; the same as {@code legalMoves().size()}, without the list. */
    public int legalMoveCount() {
        return generate(new int[MAX_MOVES]);
    }

    public boolean isLegal(Move move) {
        return verdict(index(move.from()), index(move.to())) == LEGAL;
    }

    /** The square's index, after checking that it belongs to this position's board. */
    private int index(Square square) {
        if (square.variant() != geo.variant) {
            throw new IllegalArgumentException(
                    square + " is a " + square.variant() + " " + "cell, not one of " + geo.variant);
        }
        return square.index();
    }

    /**
     * Why a move is illegal here, as a phrase a bot author can act on (for example
     * {@code "it leaves the tiles disconnected"}); empty when the move is legal.
     */
    public Optional<String> illegalReason(Move move) {
        int v = verdict(index(move.from()), index(move.to()));
        String piece = pieceAt(move.from()).map(Piece::toString).orElse("");
        String reason = switch (v) {
            case LEGAL -> null;
            case NO_OWN_PIECE -> "there is no " + sideToMove() + " piece on " + move.from();
            case UNREACHABLE -> "the " + piece + " on " + move.from() + " cannot reach " + move.to();
            case QUEEN_STEP_IN_CHECK -> "the " + piece + " is in check and may only step to " + geo.neighbourPhrase;
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
        int from = index(move.from());
        int to = index(move.to());
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
        Geometry g = geo;
        int[][] rays = g.rays;
        int dirs = g.directions;
        int us = side * 4;
        int them = us ^ 4;
        int n = 0;
        long enemyMinors = bitOf(pieces, them + 1) | bitOf(pieces, them + 2) | bitOf(pieces, them + 3);

        int queen = slot(pieces, us);
        // The tiles after a queen move are the old ones less her origin, wherever she goes
        // (HEXCAISSA.md 4), so the connection rule is asked once for all her moves.
        if (g.connectedWithout(tiles & ~(1L << queen), queen)) {
            if (attacked(g, queen, pieces, them, occupied)) {
                long targets = g.adjacent[queen] & tiles & (~occupied | enemyMinors);
                while (targets != 0) {
                    int to = Long.numberOfTrailingZeros(targets);
                    targets &= targets - 1;
                    n = considerQueen(us, queen, to, out, n);
                }
            } else {
                for (int d = 0; d < dirs; d++) {
                    for (int to : rays[queen * dirs + d]) {
                        long bit = 1L << to;
                        if ((occupied & bit) != 0) {
                            if ((enemyMinors & bit) != 0) {
                                n = considerQueen(us, queen, to, out, n);
                            }
                            break;
                        }
                        if ((tiles & bit) != 0) {
                            n = considerQueen(us, queen, to, out, n);
                        }
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
            // Whether the tiles without this piece's origin stay connected by a local test alone:
            // then a move onto a hole only needs the carried tile to touch another one.
            long without = tiles & ~(1L << from);
            boolean originRemovable = g.ringConnected[g.ringMask(without, from)];
            if (type == 3) {
                long targets = g.knight[from] & ~queens;
                while (targets != 0) {
                    int to = Long.numberOfTrailingZeros(targets);
                    targets &= targets - 1;
                    n = consider(k, from, to, originRemovable, out, n);
                }
                continue;
            }
            int firstDir = type == 1 ? 0 : g.orthogonal;
            int lastDir = type == 1 ? g.orthogonal : dirs;
            for (int d = firstDir; d < lastDir; d++) {
                for (int to : rays[from * dirs + d]) {
                    long bit = 1L << to;
                    if ((occupied & bit) != 0) {
                        if ((queens & bit) == 0) {
                            n = consider(k, from, to, originRemovable, out, n);
                        }
                        break;
                    }
                    n = consider(k, from, to, originRemovable, out, n);
                }
            }
        }
        return n;
    }

    /** Adds a queen move, whose connection is already known to hold, when the position after it allows. */
    private int considerQueen(int k, int from, int to, int[] out, int n) {
        int code = from | to << 6;
        if (code != lastMove && sightAndCheck(k, from, to) == LEGAL) {
            out[n++] = code;
        }
        return n;
    }

    /** Adds a rook, bishop or knight move when the ko rule and the position after it allow. */
    private int consider(int k, int from, int to, boolean originRemovable, int[] out, int n) {
        int code = from | to << 6;
        if (code == lastMove) {
            return n;
        }
        if ((tiles >>> to & 1) == 0) {
            long without = tiles & ~(1L << from);
            boolean connected = originRemovable ? (geo.adjacent[to] & without) != 0 : geo.connected(without | 1L << to);
            if (!connected) {
                return n;
            }
        }
        if (sightAndCheck(k, from, to) == LEGAL) {
            out[n++] = code;
        }
        return n;
    }

    /** The full legality verdict for any origin and target, reachable or not. */
    private int verdict(int from, int to) {
        Geometry g = geo;
        int n = g.n;
        int us = side * 4;
        int k = slotAt(from);
        if (k < 0 || (k & 4) != us) {
            return NO_OWN_PIECE;
        }
        int type = k & 3;
        int target = slotAt(to);
        int line = g.line[from * n + to];
        boolean clearPath = (g.between[from * n + to] & occupied) == 0;
        if (type == QUEEN) {
            if (inCheck()) {
                if ((g.adjacent[from] >>> to & 1) == 0) {
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
                default -> (g.knight[from] >>> to & 1) != 0;
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
        long without = tiles & ~(1L << from);
        if ((k & 3) == QUEEN) {
            if (!geo.connectedWithout(without, from)) {
                return DISCONNECTS;
            }
        } else if ((tiles >>> to & 1) == 0 && !geo.connected(without | 1L << to)) {
            return DISCONNECTS;
        }
        return sightAndCheck(k, from, to);
    }

    /** The rest of {@link #consequence} once the connection rule is known to hold. */
    private int sightAndCheck(int k, int from, int to) {
        int j = slotAt(to);
        long after = piecesAfter(k, from, to, j);
        long occ = j >= 0 && (k & 3) != QUEEN ? occupied : occupied & ~(1L << from) | 1L << to;
        if (queensInSight(geo, after, occ)) {
            return QUEENS_IN_SIGHT;
        }
        int us = k & 4;
        if (attacked(geo, slot(after, us), after, us ^ 4, occ)) {
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
        return new Position(geo, nextTiles, piecesAfter(k, from, to, j), side ^ 1, code, plies + 1);
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

    private static boolean queensInSight(Geometry g, long pieces, long occupied) {
        int line = slot(pieces, 0) * g.n + slot(pieces, 4);
        return g.line[line] != NO_LINE && (g.between[line] & occupied) == 0;
    }

    /** Whether the queen on {@code queen} is attacked by the R, B or N in slots {@code them + 1..3}. */
    private static boolean attacked(Geometry g, int queen, long pieces, int them, long occupied) {
        int knight = slot(pieces, them + 3);
        if (knight != NONE && (g.knight[queen] >>> knight & 1) != 0) {
            return true;
        }
        int n = g.n;
        int rook = slot(pieces, them + 1);
        if (rook != NONE && g.line[queen * n + rook] == ORTHOGONAL && (g.between[queen * n + rook] & occupied) == 0) {
            return true;
        }
        int bishop = slot(pieces, them + 2);
        return bishop != NONE
                && g.line[queen * n + bishop] == DIAGONAL
                && (g.between[queen * n + bishop] & occupied) == 0;
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
                && p.geo == geo
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
