package caissa.arena.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A second implementation of RULES.md sections 1 to 7, written from the rules text alone, for
 * differential tests of the engine. It is naive on purpose, so that it can be checked by reading:
 * a 7x7 array of characters (the CFN alphabet), explicit walks along rays, a breadth-first search
 * for connectivity, and every candidate move tried on a copy of the board. It uses nothing of the
 * engine (no bitboards, no tables, not even {@link Square} or {@link Move}); moves are text such as
 * {@code b2-c4}, whose string order is the order of {@link Position#legalMoves()}.
 */
final class ReferenceRules implements Reference {

    static final String INITIAL_CFN = "......./...bqn./....r../......./..R..../.NQB.../....... w - 0";

    private static final int[][] ORTHOGONAL = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    private static final int[][] DIAGONAL = {{1, 1}, {1, -1}, {-1, -1}, {-1, 1}};
    private static final int[][] ALL_DIRECTIONS = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}
    };
    private static final int[][] KNIGHT_JUMPS = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}
    };

    /** {@code board[rank][file]}, rank 0 being rank 1: '-' hole, '.' empty tile, or a piece letter. */
    private final char[][] board;

    private final boolean whiteToMove;
    private final String lastMove;
    private final int plies;

    private SortedMap<String, ReferenceRules> legalMoves;

    private ReferenceRules(char[][] board, boolean whiteToMove, String lastMove, int plies) {
        this.board = board;
        this.whiteToMove = whiteToMove;
        this.lastMove = lastMove;
        this.plies = plies;
    }

    /** Reads CFN that is known to be well-formed; only its shape is checked. */
    static ReferenceRules fromCfn(String cfn) {
        String[] fields = cfn.split(" ");
        String[] ranks = fields[0].split("/");
        if (fields.length != 4 || ranks.length != 7) {
            throw new IllegalArgumentException("not CFN: " + cfn);
        }
        char[][] board = new char[7][7];
        for (int i = 0; i < 7; i++) {
            if (ranks[i].length() != 7) {
                throw new IllegalArgumentException("not CFN: " + cfn);
            }
            board[6 - i] = ranks[i].toCharArray();
        }
        return new ReferenceRules(board, fields[1].equals("w"), fields[2], Integer.parseInt(fields[3]));
    }

    @Override
    public String toCfn() {
        StringBuilder sb = new StringBuilder();
        for (int rank = 6; rank >= 0; rank--) {
            sb.append(board[rank]).append(rank > 0 ? "/" : " ");
        }
        return sb.append(whiteToMove ? "w" : "b")
                .append(' ')
                .append(lastMove)
                .append(' ')
                .append(plies)
                .toString();
    }

    /**
     * Whether the CFN text passes every test of section 7: each side has exactly one queen and at
     * most one rook, bishop and knight, the tiles are connected, the queens do not see each other
     * and the side not to move is not in check. (Every piece stands on a tile by the notation.)
     */
    static boolean isWellFormed(String cfn) {
        String[] fields = cfn.split(" ", -1);
        if (fields.length != 4
                || !fields[1].matches("[wb]")
                || !fields[3].matches("[0-9]{1,6}")
                || !(fields[2].equals("-") || fields[2].matches("[a-g][1-7]-[a-g][1-7]"))) {
            return false;
        }
        String[] ranks = fields[0].split("/", -1);
        if (ranks.length != 7) {
            return false;
        }
        for (String rank : ranks) {
            if (!rank.matches("[-.QRBNqrbn]{7}")) {
                return false;
            }
        }
        for (char piece : "QRBNqrbn".toCharArray()) {
            long count = fields[0].chars().filter(c -> c == piece).count();
            if (count > 1 || Character.toUpperCase(piece) == 'Q' && count == 0) {
                return false;
            }
        }
        ReferenceRules position = fromCfn(cfn);
        return position.tilesConnected() && !position.queensSeeEachOther() && !position.inCheck(!position.whiteToMove);
    }

    boolean whiteToMove() {
        return whiteToMove;
    }

    int plies() {
        return plies;
    }

    /** '-' for a hole, '.' for an empty tile, else the piece's CFN letter. */
    @Override
    public char at(String square) {
        return board[square.charAt(1) - '1'][square.charAt(0) - 'a'];
    }

    /** The legal moves, sorted as text, each with the position after it. */
    @Override
    public SortedMap<String, ReferenceRules> legalMoves() {
        if (legalMoves == null) {
            SortedMap<String, ReferenceRules> moves = new TreeMap<>();
            for (Candidate candidate : candidates()) {
                if (candidate.move().equals(lastMove)) {
                    continue; // ko (section 3)
                }
                ReferenceRules after = candidate.play();
                if (after.isAcceptableAfterMoveBy(whiteToMove)) {
                    moves.put(candidate.move(), after);
                }
            }
            legalMoves = Collections.unmodifiableSortedMap(moves);
        }
        return legalMoves;
    }

    /** Whether the ko rule forbids a move here that would otherwise be legal. */
    @Override
    public boolean koForbidsAMove() {
        for (Candidate candidate : candidates()) {
            if (candidate.move().equals(lastMove) && candidate.play().isAcceptableAfterMoveBy(whiteToMove)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public ReferenceRules play(String move) {
        ReferenceRules after = legalMoves().get(move);
        if (after == null) {
            throw new IllegalArgumentException("not a legal move: " + move + " in " + toCfn());
        }
        return after;
    }

    /** "ongoing", "checkmate, white wins", "checkmate, black wins", "stalemate" or "move limit". */
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
        for (ReferenceRules next : legalMoves().values()) {
            nodes += next.perft(depth - 1);
        }
        return nodes;
    }

    /** Section 6: an enemy rook, bishop or knight could move onto this side's queen. */
    @Override
    public boolean inCheck(boolean white) {
        int[] queen = find(white ? 'Q' : 'q');
        for (int rank = 0; rank < 7; rank++) {
            for (int file = 0; file < 7; file++) {
                char c = board[rank][file];
                if (isPiece(c)
                        && isWhite(c) != white
                        && Character.toUpperCase(c) != 'Q'
                        && reaches(file, rank, queen[0], queen[1])) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Section 5: nothing but holes and empty tiles between the queens on a line. */
    @Override
    public boolean queensSeeEachOther() {
        int[] white = find('Q');
        for (int[] d : ALL_DIRECTIONS) {
            int f = white[0] + d[0];
            int r = white[1] + d[1];
            while (onBoard(f, r) && !isPiece(board[r][f])) {
                f += d[0];
                r += d[1];
            }
            if (onBoard(f, r) && board[r][f] == 'q') {
                return true;
            }
        }
        return false;
    }

    /** Section 2: one group of tiles, orthogonally or diagonally connected (breadth-first search). */
    @Override
    public boolean tilesConnected() {
        int tiles = 0;
        int start = -1;
        for (int rank = 0; rank < 7; rank++) {
            for (int file = 0; file < 7; file++) {
                if (board[rank][file] != '-') {
                    tiles++;
                    start = rank * 7 + file;
                }
            }
        }
        if (start < 0) {
            return true;
        }
        boolean[][] seen = new boolean[7][7];
        int[] queue = new int[49]; // squares as rank * 7 + file, each queued once
        int head = 0;
        int tail = 0;
        queue[tail++] = start;
        seen[start / 7][start % 7] = true;
        while (head < tail) {
            int square = queue[head++];
            for (int[] d : ALL_DIRECTIONS) {
                int f = square % 7 + d[0];
                int r = square / 7 + d[1];
                if (onBoard(f, r) && !seen[r][f] && board[r][f] != '-') {
                    seen[r][f] = true;
                    queue[tail++] = r * 7 + f;
                }
            }
        }
        return tail == tiles;
    }

    private boolean isAcceptableAfterMoveBy(boolean white) {
        return tilesConnected() && !queensSeeEachOther() && !inCheck(white);
    }

    /** A move by the movement rules alone, not yet made. */
    private final class Candidate {
        private final int fromFile;
        private final int fromRank;
        private final int toFile;
        private final int toRank;

        Candidate(int fromFile, int fromRank, int toFile, int toRank) {
            this.fromFile = fromFile;
            this.fromRank = fromRank;
            this.toFile = toFile;
            this.toRank = toRank;
        }

        String move() {
            return name(fromFile, fromRank) + "-" + name(toFile, toRank);
        }

        ReferenceRules play() {
            return apply(fromFile, fromRank, toFile, toRank);
        }
    }

    /** Every move the pieces of the side to move can make by sections 3 and 4, before ko and section 6. */
    private List<Candidate> candidates() {
        List<Candidate> candidates = new ArrayList<>();
        for (int rank = 0; rank < 7; rank++) {
            for (int file = 0; file < 7; file++) {
                char c = board[rank][file];
                if (isPiece(c) && isWhite(c) == whiteToMove) {
                    for (int[] target : targets(file, rank)) {
                        candidates.add(new Candidate(file, rank, target[0], target[1]));
                    }
                }
            }
        }
        return candidates;
    }

    private List<int[]> targets(int file, int rank) {
        char piece = board[rank][file];
        List<int[]> targets = new ArrayList<>();
        switch (Character.toUpperCase(piece)) {
            case 'N' -> {
                for (int[] j : KNIGHT_JUMPS) {
                    int f = file + j[0];
                    int r = rank + j[1];
                    // Never onto a queen: its own is forbidden, the enemy's would be in check.
                    if (onBoard(f, r) && Character.toUpperCase(board[r][f]) != 'Q') {
                        targets.add(new int[] {f, r});
                    }
                }
            }
            case 'R', 'B' -> {
                for (int[] d : Character.toUpperCase(piece) == 'R' ? ORTHOGONAL : DIAGONAL) {
                    for (int f = file + d[0], r = rank + d[1]; onBoard(f, r); f += d[0], r += d[1]) {
                        char c = board[r][f];
                        if (isPiece(c)) {
                            if (Character.toUpperCase(c) != 'Q') {
                                targets.add(new int[] {f, r});
                            }
                            break;
                        }
                        targets.add(new int[] {f, r});
                    }
                }
            }
            default -> {
                boolean white = isWhite(piece);
                if (inCheck(white)) {
                    for (int[] d : ALL_DIRECTIONS) {
                        int f = file + d[0];
                        int r = rank + d[1];
                        if (onBoard(f, r) && (board[r][f] == '.' || isEnemyMinor(board[r][f], white))) {
                            targets.add(new int[] {f, r});
                        }
                    }
                } else {
                    for (int[] d : ALL_DIRECTIONS) {
                        for (int f = file + d[0], r = rank + d[1]; onBoard(f, r); f += d[0], r += d[1]) {
                            char c = board[r][f];
                            if (isPiece(c)) {
                                if (isEnemyMinor(c, white)) {
                                    targets.add(new int[] {f, r});
                                }
                                break;
                            }
                            if (c == '.') {
                                targets.add(new int[] {f, r});
                            }
                        }
                    }
                }
            }
        }
        return targets;
    }

    /** The board after the move, by the cases of sections 3 and 4; the side and counters advance. */
    private ReferenceRules apply(int fromFile, int fromRank, int toFile, int toRank) {
        char[][] next = new char[7][];
        for (int rank = 0; rank < 7; rank++) {
            next[rank] = board[rank].clone();
        }
        char piece = board[fromRank][fromFile];
        char target = board[toRank][toFile];
        next[toRank][toFile] = piece;
        if (Character.toUpperCase(piece) == 'Q') {
            next[fromRank][fromFile] = '-'; // Atlantis; a piece on the target is captured
        } else if (target == '-') {
            next[fromRank][fromFile] = '-'; // the piece took its tile along
        } else {
            next[fromRank][fromFile] = target; // '.' stays a tile; a piece is exchanged
        }
        String move = name(fromFile, fromRank) + "-" + name(toFile, toRank);
        return new ReferenceRules(next, !whiteToMove, move, plies + 1);
    }

    /** Whether the rook, bishop or knight on the first square could move onto the second. */
    private boolean reaches(int file, int rank, int toFile, int toRank) {
        char type = Character.toUpperCase(board[rank][file]);
        if (type == 'N') {
            int df = Math.abs(toFile - file);
            int dr = Math.abs(toRank - rank);
            return df == 1 && dr == 2 || df == 2 && dr == 1;
        }
        for (int[] d : type == 'R' ? ORTHOGONAL : DIAGONAL) {
            for (int f = file + d[0], r = rank + d[1]; onBoard(f, r); f += d[0], r += d[1]) {
                if (f == toFile && r == toRank) {
                    return true;
                }
                if (isPiece(board[r][f])) {
                    break;
                }
            }
        }
        return false;
    }

    private int[] find(char piece) {
        for (int rank = 0; rank < 7; rank++) {
            for (int file = 0; file < 7; file++) {
                if (board[rank][file] == piece) {
                    return new int[] {file, rank};
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

    private static boolean onBoard(int file, int rank) {
        return file >= 0 && file < 7 && rank >= 0 && rank < 7;
    }

    private static String name(int file, int rank) {
        return "" + (char) ('a' + file) + (char) ('1' + rank);
    }
}
