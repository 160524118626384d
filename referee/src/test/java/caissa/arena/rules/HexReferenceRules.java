package caissa.arena.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A second implementation of HexCaïssa (HEXCAISSA.md), written from that text alone, for
 * differential tests of the engine. Naive on purpose: the board is a 9x9 array of CFN characters
 * indexed by axial coordinates {@code [q + 4][r + 4]} (cells outside max(|q|, |r|, |q + r|) ≤ 4 do
 * not exist), the directions are derived from the six orthogonal steps as the text does (a
 * diagonal is the sum of two neighbouring orthogonal steps, a knight jump an orthogonal step and
 * a diagonal one 30° beside it), connectivity is a breadth-first search, and every candidate move
 * is tried on a copy. It uses nothing of the engine; moves are text such as {@code c2-e6}.
 */
final class HexReferenceRules implements Reference {

    static final String INITIAL_CFN = "...../....../RQ...../..N...../..B...b../.....n../.....qr/....../..... w - 0";

    private static final int[] FILE_LENGTHS = {5, 6, 7, 8, 9, 8, 7, 6, 5};

    /** N, NE, SE, S, SW, NW: each next to the one before, in turn round the cell. */
    static final int[][] ORTHOGONAL = {{0, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}};

    static final int[][] DIAGONAL = new int[6][];
    static final int[][] ALL_DIRECTIONS = new int[12][];
    static final int[][] KNIGHT_JUMPS = new int[12][];

    static {
        for (int i = 0; i < 6; i++) {
            int[] a = ORTHOGONAL[i];
            int[] b = ORTHOGONAL[(i + 1) % 6];
            DIAGONAL[i] = new int[] {a[0] + b[0], a[1] + b[1]};
        }
        for (int i = 0; i < 6; i++) {
            ALL_DIRECTIONS[i] = ORTHOGONAL[i];
            ALL_DIRECTIONS[6 + i] = DIAGONAL[i];
            int[] o = ORTHOGONAL[i];
            int[] left = DIAGONAL[(i + 5) % 6]; // the diagonal made with the previous orthogonal
            int[] right = DIAGONAL[i]; // the diagonal made with the next one
            KNIGHT_JUMPS[2 * i] = new int[] {o[0] + left[0], o[1] + left[1]};
            KNIGHT_JUMPS[2 * i + 1] = new int[] {o[0] + right[0], o[1] + right[1]};
        }
    }

    /** {@code board[q + 4][r + 4]}: '-' hole, '.' empty tile, a piece letter, or 0 off the board. */
    private final char[][] board;

    private final boolean whiteToMove;
    private final String lastMove;
    private final int plies;

    private SortedMap<String, HexReferenceRules> legalMoves;

    private HexReferenceRules(char[][] board, boolean whiteToMove, String lastMove, int plies) {
        this.board = board;
        this.whiteToMove = whiteToMove;
        this.lastMove = lastMove;
        this.plies = plies;
    }

    static boolean exists(int q, int r) {
        return Math.max(Math.abs(q), Math.max(Math.abs(r), Math.abs(q + r))) <= 4;
    }

    /** "e5" for (0, 0): file a..i is q + 4, rank = r + 5 + min(q, 0). */
    static String name(int q, int r) {
        return "" + (char) ('a' + q + 4) + (r + 5 + Math.min(q, 0));
    }

    /** Axial coordinates of a cell name, or null when the name is not a cell. */
    static int[] cell(String name) {
        if (name.length() != 2) {
            return null;
        }
        int q = name.charAt(0) - 'a' - 4;
        int rank = name.charAt(1) - '0';
        int r = rank - 5 - Math.min(q, 0);
        if (q < -4 || q > 4 || !exists(q, r) || rank < 1) {
            return null;
        }
        return new int[] {q, r};
    }

    /** Reads CFN that is known to be well-formed; only its shape is checked. */
    static HexReferenceRules fromCfn(String cfn) {
        String[] fields = cfn.split(" ");
        String[] files = fields[0].split("/");
        if (fields.length != 4 || files.length != 9) {
            throw new IllegalArgumentException("not CFN: " + cfn);
        }
        char[][] board = new char[9][9];
        for (int f = 0; f < 9; f++) {
            if (files[f].length() != FILE_LENGTHS[f]) {
                throw new IllegalArgumentException("not CFN: " + cfn);
            }
            for (int i = 0; i < files[f].length(); i++) {
                int[] c = cell("" + (char) ('a' + f) + (i + 1));
                board[c[0] + 4][c[1] + 4] = files[f].charAt(i);
            }
        }
        return new HexReferenceRules(board, fields[1].equals("w"), fields[2], Integer.parseInt(fields[3]));
    }

    @Override
    public String toCfn() {
        StringBuilder sb = new StringBuilder();
        for (int f = 0; f < 9; f++) {
            for (int i = 0; i < FILE_LENGTHS[f]; i++) {
                int[] c = cell("" + (char) ('a' + f) + (i + 1));
                sb.append(board[c[0] + 4][c[1] + 4]);
            }
            sb.append(f < 8 ? "/" : " ");
        }
        return sb.append(whiteToMove ? "w" : "b")
                .append(' ')
                .append(lastMove)
                .append(' ')
                .append(plies)
                .toString();
    }

    boolean whiteToMove() {
        return whiteToMove;
    }

    @Override
    public char at(String name) {
        int[] c = cell(name);
        return board[c[0] + 4][c[1] + 4];
    }

    private char at(int q, int r) {
        return exists(q, r) ? board[q + 4][r + 4] : 0;
    }

    /** The legal moves, sorted as text, each with the position after it. */
    @Override
    public SortedMap<String, HexReferenceRules> legalMoves() {
        if (legalMoves == null) {
            SortedMap<String, HexReferenceRules> moves = new TreeMap<>();
            for (int[] m : candidates()) {
                String move = name(m[0], m[1]) + "-" + name(m[2], m[3]);
                if (move.equals(lastMove)) {
                    continue; // ko (section 3)
                }
                HexReferenceRules after = apply(m);
                if (after.tilesConnected() && !after.queensSeeEachOther() && !after.inCheck(whiteToMove)) {
                    moves.put(move, after);
                }
            }
            legalMoves = Collections.unmodifiableSortedMap(moves);
        }
        return legalMoves;
    }

    /** Whether the ko rule forbids a move here that would otherwise be legal. */
    @Override
    public boolean koForbidsAMove() {
        for (int[] m : candidates()) {
            HexReferenceRules after = apply(m);
            if ((name(m[0], m[1]) + "-" + name(m[2], m[3])).equals(lastMove)
                    && after.tilesConnected()
                    && !after.queensSeeEachOther()
                    && !after.inCheck(whiteToMove)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public HexReferenceRules play(String move) {
        HexReferenceRules after = legalMoves().get(move);
        if (after == null) {
            throw new IllegalArgumentException("not a legal move: " + move + " in " + toCfn());
        }
        return after;
    }

    @Override
    public String outcome() {
        if (legalMoves().isEmpty()) {
            if (inCheck(whiteToMove)) {
                return "checkmate, " + (whiteToMove ? "black" : "white") + " wins";
            }
            return "stalemate";
        }
        return plies >= 200 ? "move limit" : "ongoing";
    }

    @Override
    public long perft(int depth) {
        if (depth == 0) {
            return 1;
        }
        if (depth == 1) {
            return legalMoves().size();
        }
        long nodes = 0;
        for (HexReferenceRules next : legalMoves().values()) {
            nodes += next.perft(depth - 1);
        }
        return nodes;
    }

    /** Section 6: an enemy rook, bishop or knight could move onto this side's queen. */
    @Override
    public boolean inCheck(boolean white) {
        int[] queen = find(white ? 'Q' : 'q');
        for (int q = -4; q <= 4; q++) {
            for (int r = -4; r <= 4; r++) {
                char c = at(q, r);
                if (isPiece(c)
                        && isWhite(c) != white
                        && Character.toUpperCase(c) != 'Q'
                        && reaches(q, r, queen[0], queen[1])) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Section 5: along any of the 12 lines, nothing but holes and empty tiles between the queens. */
    @Override
    public boolean queensSeeEachOther() {
        int[] white = find('Q');
        for (int[] d : ALL_DIRECTIONS) {
            int q = white[0] + d[0];
            int r = white[1] + d[1];
            while (exists(q, r) && !isPiece(at(q, r))) {
                q += d[0];
                r += d[1];
            }
            if (exists(q, r) && at(q, r) == 'q') {
                return true;
            }
        }
        return false;
    }

    /** Section 2: one group of tiles over the 12-neighbourhood, side cells ignored. */
    @Override
    public boolean tilesConnected() {
        List<int[]> tiles = new ArrayList<>();
        for (int q = -4; q <= 4; q++) {
            for (int r = -4; r <= 4; r++) {
                if (exists(q, r) && at(q, r) != '-') {
                    tiles.add(new int[] {q, r});
                }
            }
        }
        if (tiles.isEmpty()) {
            return true;
        }
        boolean[][] seen = new boolean[9][9];
        List<int[]> queue = new ArrayList<>();
        queue.add(tiles.get(0));
        seen[tiles.get(0)[0] + 4][tiles.get(0)[1] + 4] = true;
        for (int head = 0; head < queue.size(); head++) {
            int[] c = queue.get(head);
            for (int[] d : ALL_DIRECTIONS) {
                int q = c[0] + d[0];
                int r = c[1] + d[1];
                if (exists(q, r) && !seen[q + 4][r + 4] && at(q, r) != '-') {
                    seen[q + 4][r + 4] = true;
                    queue.add(new int[] {q, r});
                }
            }
        }
        return queue.size() == tiles.size();
    }

    /** Every move by sections 3 and 4, before ko and section 6: {fromQ, fromR, toQ, toR}. */
    private List<int[]> candidates() {
        List<int[]> candidates = new ArrayList<>();
        for (int q = -4; q <= 4; q++) {
            for (int r = -4; r <= 4; r++) {
                char c = at(q, r);
                if (isPiece(c) && isWhite(c) == whiteToMove) {
                    for (int[] t : targets(q, r)) {
                        candidates.add(new int[] {q, r, t[0], t[1]});
                    }
                }
            }
        }
        return candidates;
    }

    private List<int[]> targets(int q0, int r0) {
        char piece = at(q0, r0);
        List<int[]> targets = new ArrayList<>();
        switch (Character.toUpperCase(piece)) {
            case 'N' -> {
                for (int[] j : KNIGHT_JUMPS) {
                    int q = q0 + j[0];
                    int r = r0 + j[1];
                    if (exists(q, r) && Character.toUpperCase(at(q, r)) != 'Q') {
                        targets.add(new int[] {q, r});
                    }
                }
            }
            case 'R', 'B' -> {
                for (int[] d : Character.toUpperCase(piece) == 'R' ? ORTHOGONAL : DIAGONAL) {
                    for (int q = q0 + d[0], r = r0 + d[1]; exists(q, r); q += d[0], r += d[1]) {
                        char c = at(q, r);
                        if (isPiece(c)) {
                            if (Character.toUpperCase(c) != 'Q') {
                                targets.add(new int[] {q, r});
                            }
                            break;
                        }
                        targets.add(new int[] {q, r});
                    }
                }
            }
            default -> {
                boolean white = isWhite(piece);
                if (inCheck(white)) {
                    for (int[] d : ALL_DIRECTIONS) {
                        int q = q0 + d[0];
                        int r = r0 + d[1];
                        if (exists(q, r) && (at(q, r) == '.' || isEnemyMinor(at(q, r), white))) {
                            targets.add(new int[] {q, r});
                        }
                    }
                } else {
                    for (int[] d : ALL_DIRECTIONS) {
                        for (int q = q0 + d[0], r = r0 + d[1]; exists(q, r); q += d[0], r += d[1]) {
                            char c = at(q, r);
                            if (isPiece(c)) {
                                if (isEnemyMinor(c, white)) {
                                    targets.add(new int[] {q, r});
                                }
                                break;
                            }
                            if (c == '.') {
                                targets.add(new int[] {q, r});
                            }
                        }
                    }
                }
            }
        }
        return targets;
    }

    private HexReferenceRules apply(int[] m) {
        char[][] next = new char[9][];
        for (int i = 0; i < 9; i++) {
            next[i] = board[i].clone();
        }
        char piece = at(m[0], m[1]);
        char target = at(m[2], m[3]);
        next[m[2] + 4][m[3] + 4] = piece;
        if (Character.toUpperCase(piece) == 'Q') {
            next[m[0] + 4][m[1] + 4] = '-';
        } else if (target == '-') {
            next[m[0] + 4][m[1] + 4] = '-';
        } else {
            next[m[0] + 4][m[1] + 4] = target;
        }
        return new HexReferenceRules(next, !whiteToMove, name(m[0], m[1]) + "-" + name(m[2], m[3]), plies + 1);
    }

    private boolean reaches(int q0, int r0, int q1, int r1) {
        char type = Character.toUpperCase(at(q0, r0));
        if (type == 'N') {
            for (int[] j : KNIGHT_JUMPS) {
                if (q0 + j[0] == q1 && r0 + j[1] == r1) {
                    return true;
                }
            }
            return false;
        }
        for (int[] d : type == 'R' ? ORTHOGONAL : DIAGONAL) {
            for (int q = q0 + d[0], r = r0 + d[1]; exists(q, r); q += d[0], r += d[1]) {
                if (q == q1 && r == r1) {
                    return true;
                }
                if (isPiece(at(q, r))) {
                    break;
                }
            }
        }
        return false;
    }

    private int[] find(char piece) {
        for (int q = -4; q <= 4; q++) {
            for (int r = -4; r <= 4; r++) {
                if (at(q, r) == piece) {
                    return new int[] {q, r};
                }
            }
        }
        throw new IllegalStateException("no " + piece + " in " + toCfn());
    }

    private static boolean isEnemyMinor(char c, boolean white) {
        return isPiece(c) && isWhite(c) != white && Character.toUpperCase(c) != 'Q';
    }

    private static boolean isPiece(char c) {
        return Character.isLetter(c);
    }

    private static boolean isWhite(char c) {
        return Character.isUpperCase(c);
    }
}
