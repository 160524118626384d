package caissa.bots;

import caissa.arena.rules.BoardShape;
import caissa.arena.rules.Move;
import caissa.arena.rules.MoveList;
import caissa.arena.rules.Position;
import caissa.arena.rules.Square;
import caissa.bots.TimeManager.ThinkingTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Iterative-deepening negamax alpha-beta over the rules engine's {@link Position}.
 *
 * <ul>
 *   <li>Principal variation search with a {@link TranspositionTable} keyed by
 *       {@code hash64()} mixed with the ply count (the count matters near the move limit).</li>
 *   <li>Move ordering: the table's move, captures (most valuable victim first), checks, two
 *       killer moves per ply, then the history of quiet moves that caused cut-offs.</li>
 *   <li>Checks are extended by a ply: a queen in check may only step, so the reply is cheap to
 *       search and that is where mates are found. Late quiet moves are searched a ply shallower
 *       first (late move reductions).</li>
 *   <li>Quiescence search: captures, plus checks at its first ply and every evasion when in
 *       check, so the horizon does not hide a capture or a mate in one.</li>
 *   <li>Mate scores count plies from the root, so a nearer mate scores higher and a later loss
 *       less badly; stalemate and the move limit score 0.</li>
 * </ul>
 * A search stops at its depth or when its hard time limit passes; the best move of the last
 * iteration, or of the unfinished one where it has proved better, is the answer.
 */
final class Search {

    static final int INFINITE = 32000;
    static final int MATE = 31000;
    /** Scores beyond this are mate scores. */
    static final int MATE_BOUND = MATE - 1000;

    static final int MAX_PLY = 100;

    private static final int QUIESCENCE_CHECK_PLIES = 6;
    private static final int ORDER_TT = 1 << 30;
    private static final int ORDER_CAPTURE = 1 << 28;
    private static final int ORDER_CHECK = 1 << 27;
    private static final int ORDER_KILLER = 1 << 26;
    private static final int HISTORY_LIMIT = 1 << 24;
    private static final int TIME_CHECK_NODES = 63;

    private final TranspositionTable table;
    private final Random random;
    private final int[][] killers = new int[MAX_PLY + 1][2];
    private final int[][] history = new int[2][4096];
    /** One reusable move list per ply, so that generating moves allocates nothing. */
    private final MoveList[] moveLists = new MoveList[MAX_PLY + 2];
    /** For each move code, its rank in {@link Position#legalMoves()} order, per board. */
    private BoardShape orderShape;

    private int[] orderKeys;

    private long nodes;
    private long start;
    private long hardDeadline;
    private boolean stopped;
    private int rootDepth;

    /** The outcome of a search: the move to play and what is known of it. */
    record Result(Move move, int score, int depth, long nodes, long nanos) {

        /** The score as a stable text: centipawns, or {@code mate N} / {@code mated N} in moves. */
        String scoreText() {
            if (score >= MATE_BOUND) {
                return "mate " + (MATE - score + 1) / 2;
            }
            if (score <= -MATE_BOUND) {
                return "mated " + (MATE + score) / 2;
            }
            return Integer.toString(score);
        }
    }

    Search(TranspositionTable table, long seed) {
        this.table = table;
        this.random = new Random(seed);
        for (int i = 0; i < moveLists.length; i++) {
            moveLists[i] = new MoveList();
        }
    }

    /**
     * Puts the generated moves in the order of {@link Position#legalMoves()} (origin file and
     * rank, then target file and rank), so that move ordering breaks its ties as it always has.
     */
    private void sortAsLegalMoves(MoveList list, BoardShape shape) {
        if (shape != orderShape) {
            int[] keys = new int[64 * 64];
            for (int from = 0; from < shape.cellCount(); from++) {
                for (int to = 0; to < shape.cellCount(); to++) {
                    Square a = shape.cell(from);
                    Square b = shape.cell(to);
                    keys[from | to << 6] = a.file() << 12 | a.rank() << 8 | b.file() << 4 | b.rank();
                }
            }
            orderKeys = keys;
            orderShape = shape;
        }
        int[] keys = orderKeys;
        for (int i = 1; i < list.size(); i++) {
            for (int j = i; j > 0 && keys[list.code(j - 1)] > keys[list.code(j)]; j--) {
                list.swap(j - 1, j);
            }
        }
    }

    /** Searches a position that has a legal move, up to a depth or until the time runs out. */
    Result run(Position root, int maxDepth, ThinkingTime time) {
        start = System.nanoTime();
        hardDeadline = time.hardNanos() == Long.MAX_VALUE ? Long.MAX_VALUE : start + time.hardNanos();
        nodes = 0;
        stopped = false;
        table.nextGeneration();
        for (int[] k : killers) {
            Arrays.fill(k, TranspositionTable.NO_MOVE);
        }
        for (int[] h : history) {
            for (int i = 0; i < h.length; i++) {
                h[i] /= 8;
            }
        }

        Board board = Board.of(root);
        RootMoves moves = new RootMoves(root, board, random);
        Move best = moves.get(0).move();
        int bestScore = 0;
        int completed = 0;
        for (int depth = 1; depth <= Math.min(maxDepth, MAX_PLY - 1); depth++) {
            rootDepth = depth;
            int score = searchRoot(root, moves, depth);
            if (moves.improved) {
                best = moves.get(0).move();
                bestScore = score;
            }
            if (stopped) {
                break;
            }
            completed = depth;
            long elapsed = System.nanoTime() - start;
            boolean mateSettled = Math.abs(score) >= MATE_BOUND && depth >= MATE - Math.abs(score) + 2;
            if (elapsed >= time.softNanos() || mateSettled || moves.size() == 1) {
                break;
            }
        }
        return new Result(best, bestScore, completed, nodes, System.nanoTime() - start);
    }

    /** A legal move at the root with what the search needs of it, worked out once per move. */
    private record RootMove(Move move, Position child, Board board, boolean capture, boolean check) {

        static RootMove of(Position root, Board board, Move move) {
            Board after = board.after(move);
            return new RootMove(move, after.position(), after, board.isCapture(move), after.inCheck(after.side()));
        }

        int orderingRank() {
            return (capture ? ORDER_CAPTURE : 0) + (check ? ORDER_CHECK : 0);
        }
    }

    /** The legal moves at the root in search order: captures and checks first, then the best first. */
    private static final class RootMoves {

        private final List<RootMove> moves = new ArrayList<>();
        /** Whether the last iteration proved a best move (false when stopped before the first). */
        boolean improved;

        RootMoves(Position root, Board board, Random random) {
            for (Move move : root.legalMoves()) {
                moves.add(RootMove.of(root, board, move));
            }
            // A seeded shuffle decides among moves the search cannot tell apart; the sort is stable.
            Collections.shuffle(moves, random);
            moves.sort(Comparator.comparingInt(RootMove::orderingRank).reversed());
        }

        int size() {
            return moves.size();
        }

        RootMove get(int i) {
            return moves.get(i);
        }

        /** Moves the entry at {@code i} to the front, keeping the others' order. */
        void promote(int i) {
            moves.add(0, moves.remove(i));
        }
    }

    private int searchRoot(Position root, RootMoves moves, int depth) {
        moves.improved = false;
        int alpha = -INFINITE;
        int beta = INFINITE;
        boolean rootInCheck = root.inCheck();
        for (int i = 0; i < moves.size(); i++) {
            RootMove rootMove = moves.get(i);
            Position child = rootMove.child();
            Board board = rootMove.board();
            int newDepth = depth - 1 + (rootMove.check() ? 1 : 0);
            int score;
            if (i == 0) {
                score = -search(child, board, newDepth, -beta, -alpha, 1);
            } else {
                // Late quiet root moves get a shallower look first, like the inner nodes' ones.
                int reduction =
                        !rootInCheck && !rootMove.check() && !rootMove.capture() && depth >= 4 && i >= 6 ? 1 : 0;
                score = -search(child, board, newDepth - reduction, -alpha - 1, -alpha, 1);
                if (score > alpha && reduction > 0 && !stopped) {
                    score = -search(child, board, newDepth, -alpha - 1, -alpha, 1);
                }
                if (score > alpha && !stopped) {
                    score = -search(child, board, newDepth, -beta, -alpha, 1);
                }
            }
            if (stopped) {
                return alpha;
            }
            if (score > alpha) {
                alpha = score;
                moves.promote(i);
                moves.improved = true;
            }
        }
        return alpha;
    }

    private int search(Position position, Board board, int depth, int alpha, int beta, int ply) {
        if (depth <= 0) {
            return quiesce(position, board, alpha, beta, ply, 0);
        }
        if (countNodeAndCheckTime()) {
            return 0;
        }
        MoveList legal = moveLists[ply];
        position.legalMoves(legal);
        sortAsLegalMoves(legal, board.shape());
        int side = board.side();
        boolean inCheck = board.inCheck(side);
        if (legal.isEmpty()) {
            return inCheck ? -MATE + ply : 0;
        }
        if (position.plies() >= Position.MOVE_LIMIT_PLIES) {
            return 0;
        }
        // A mate found nearer the root than this node can reach makes the window empty.
        alpha = Math.max(alpha, -MATE + ply);
        beta = Math.min(beta, MATE - ply - 1);
        if (alpha >= beta) {
            return alpha;
        }
        if (ply >= MAX_PLY) {
            return Evaluation.evaluate(board);
        }

        boolean pvNode = beta - alpha > 1;
        long key = key(position);
        long entry = table.probe(key);
        int ttMove = TranspositionTable.NO_MOVE;
        if (entry != 0) {
            ttMove = TranspositionTable.move(entry);
            if (!pvNode && TranspositionTable.depth(entry) >= depth) {
                int score = fromTable(TranspositionTable.score(entry), ply);
                int bound = TranspositionTable.bound(entry);
                if (bound == TranspositionTable.EXACT
                        || bound == TranspositionTable.LOWER && score >= beta
                        || bound == TranspositionTable.UPPER && score <= alpha) {
                    return score;
                }
            }
        }

        int n = legal.size();
        Move[] moves = new Move[n];
        Board[] boards = new Board[n];
        int[] order = new int[n];
        boolean[] quiet = new boolean[n];
        int[] killer = killers[ply];
        for (int i = 0; i < n; i++) {
            Move move = legal.move(i);
            moves[i] = move;
            int code = legal.code(i);
            Board after = Board.of(legal.play(i));
            boards[i] = after;
            boolean capture = board.isCapture(legal.from(i), legal.to(i));
            boolean check = after.inCheck(after.side());
            quiet[i] = !capture && !check;
            int score;
            if (code == ttMove) {
                score = ORDER_TT;
            } else if (capture) {
                score = ORDER_CAPTURE + Evaluation.VALUE[board.slotAt(move.to().index()) & 3];
            } else if (check) {
                score = ORDER_CHECK;
            } else if (code == killer[0]) {
                score = ORDER_KILLER + 1;
            } else if (code == killer[1]) {
                score = ORDER_KILLER;
            } else {
                score = history[side][code];
            }
            order[i] = score;
        }

        int best = -INFINITE;
        int bestMove = TranspositionTable.NO_MOVE;
        int bound = TranspositionTable.UPPER;
        for (int i = 0; i < n; i++) {
            int pick = i;
            for (int j = i + 1; j < n; j++) {
                if (order[j] > order[pick]) {
                    pick = j;
                }
            }
            swap(moves, boards, order, quiet, i, pick);
            Move move = moves[i];
            Board after = boards[i];
            Position child = after.position();
            boolean givesCheck = !quiet[i] && after.inCheck(after.side());
            int extension = givesCheck && ply < 2 * rootDepth ? 1 : 0;
            int newDepth = depth - 1 + extension;
            int score;
            if (i == 0) {
                score = -search(child, after, newDepth, -beta, -alpha, ply + 1);
            } else {
                int reduction = 0;
                if (quiet[i] && !inCheck && depth >= 3 && i >= 3 && order[i] < ORDER_KILLER) {
                    reduction = i >= 10 && depth >= 5 ? 2 : 1;
                }
                score = -search(child, after, newDepth - reduction, -alpha - 1, -alpha, ply + 1);
                if (score > alpha && reduction > 0 && !stopped) {
                    score = -search(child, after, newDepth, -alpha - 1, -alpha, ply + 1);
                }
                if (score > alpha && score < beta && !stopped) {
                    score = -search(child, after, newDepth, -beta, -alpha, ply + 1);
                }
            }
            if (stopped) {
                return 0;
            }
            if (score > best) {
                best = score;
                bestMove = code(move);
                if (score > alpha) {
                    alpha = score;
                    bound = TranspositionTable.EXACT;
                    if (alpha >= beta) {
                        bound = TranspositionTable.LOWER;
                        if (quiet[i]) {
                            rememberCutoff(side, ply, bestMove, depth);
                        }
                        break;
                    }
                }
            }
        }
        table.store(key, depth, bound, toTable(best, ply), bestMove);
        return best;
    }

    private int quiesce(Position position, Board board, int alpha, int beta, int ply, int qply) {
        if (countNodeAndCheckTime()) {
            return 0;
        }
        if (position.plies() >= Position.MOVE_LIMIT_PLIES) {
            return position.legalMoveCount() == 0 && board.inCheck(board.side()) ? -MATE + ply : 0;
        }
        int side = board.side();
        if (board.inCheck(side)) {
            return evasions(position, board, alpha, beta, ply, qply);
        }
        // Standing pat: the side to move need not take. (A stalemate here goes unseen: the
        // price of not generating every move at the horizon; it is rare.)
        int best = Evaluation.evaluate(board);
        if (best >= beta || ply >= MAX_PLY) {
            return best;
        }
        alpha = Math.max(alpha, best);
        List<Move> candidates = board.tacticalCandidates(qply == 0);
        int n = candidates.size();
        Move[] moves = new Move[n];
        int[] order = new int[n];
        int count = 0;
        for (Move move : candidates) {
            if (!position.isLegal(move)) {
                continue;
            }
            moves[count] = move;
            order[count] = board.isCapture(move)
                    ? ORDER_CAPTURE + Evaluation.VALUE[board.slotAt(move.to().index()) & 3]
                    : 0;
            count++;
        }
        for (int i = 0; i < count; i++) {
            int pick = i;
            for (int j = i + 1; j < count; j++) {
                if (order[j] > order[pick]) {
                    pick = j;
                }
            }
            Move move = moves[pick];
            moves[pick] = moves[i];
            order[pick] = order[i];
            Board after = board.after(move);
            int score = -quiesce(after.position(), after, -beta, -alpha, ply + 1, qply + 1);
            if (stopped) {
                return 0;
            }
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                    if (alpha >= beta) {
                        break;
                    }
                }
            }
        }
        return best;
    }

    /** Quiescence in check: every evasion, since a queen in check has few and none is mate. */
    private int evasions(Position position, Board board, int alpha, int beta, int ply, int qply) {
        MoveList legal = moveLists[ply];
        position.legalMoves(legal);
        if (legal.isEmpty()) {
            return -MATE + ply;
        }
        if (ply >= MAX_PLY || qply >= QUIESCENCE_CHECK_PLIES) {
            return Evaluation.evaluate(board);
        }
        sortAsLegalMoves(legal, board.shape());
        int best = -MATE + ply;
        for (int i = 0; i < legal.size(); i++) {
            Board after = Board.of(legal.play(i));
            int score = -quiesce(after.position(), after, -beta, -alpha, ply + 1, qply + 1);
            if (stopped) {
                return 0;
            }
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                    if (alpha >= beta) {
                        break;
                    }
                }
            }
        }
        return best;
    }

    private boolean countNodeAndCheckTime() {
        if ((++nodes & TIME_CHECK_NODES) == 0 && System.nanoTime() >= hardDeadline) {
            stopped = true;
        }
        return stopped;
    }

    private void rememberCutoff(int side, int ply, int move, int depth) {
        int[] killer = killers[ply];
        if (killer[0] != move) {
            killer[1] = killer[0];
            killer[0] = move;
        }
        int[] h = history[side];
        h[move] += depth * depth;
        if (h[move] > HISTORY_LIMIT) {
            for (int i = 0; i < h.length; i++) {
                h[i] /= 2;
            }
        }
    }

    private static void swap(Move[] moves, Board[] boards, int[] order, boolean[] quiet, int i, int j) {
        if (i == j) {
            return;
        }
        Move m = moves[i];
        moves[i] = moves[j];
        moves[j] = m;
        Board b = boards[i];
        boards[i] = boards[j];
        boards[j] = b;
        int o = order[i];
        order[i] = order[j];
        order[j] = o;
        if (quiet != null) {
            boolean q = quiet[i];
            quiet[i] = quiet[j];
            quiet[j] = q;
        }
    }

    static int code(Move move) {
        return move.from().index() | move.to().index() << 6;
    }

    /** The table key: the position's hash with the ply count mixed in, which the move limit needs. */
    private static long key(Position position) {
        return position.hash64() ^ position.plies() * 0x9E3779B97F4A7C15L;
    }

    /** Mate scores are stored as distances from the stored node, not from the root. */
    private static int toTable(int score, int ply) {
        return score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score;
    }

    private static int fromTable(int score, int ply) {
        return score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score;
    }
}
