import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * RandomBot.java: a Caissa (CodeCup 2003) bot that plays a uniformly random legal move.
 *
 * <p>A starter kit. It keeps the position, generates every legal move exactly as the rules
 * (RULES.md, sections 1-6) say and speaks the referee protocol (section 8). To write your own
 * bot, copy this file and replace {@link #chooseMove}; the rest is the part everybody needs.
 *
 * <p>Build and run: {@code javac RandomBot.java && java RandomBot [seed]}. Debugging:
 * {@code CAISSA_EXAMPLE_LIST_MOVES=1} makes the bot print, before each of its moves, the
 * position (CFN) and its legal moves to stderr, in the same format as
 * {@code caissa moves --position CFN}, so the two can be compared.
 */
public class RandomBot {

    // Squares are numbered 0..48 as rank * 7 + file, with file 0..6 for a..g and rank 0..6 for
    // 1..7: a1 = 0, g1 = 6, a2 = 7, g7 = 48.
    static final int SIZE = 7;
    static final int SQUARES = SIZE * SIZE;

    // Directions as {file step, rank step}: the first four are the rook's, the last four the
    // bishop's, all eight the queen's (and the eight neighbours of a square).
    static final int[][] DIRECTIONS = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}};
    static final int[][] KNIGHT_JUMPS = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

    static int fileOf(int square) {
        return square % SIZE;
    }

    static int rankOf(int square) {
        return square / SIZE;
    }

    static boolean onBoard(int file, int rank) {
        return file >= 0 && file < SIZE && rank >= 0 && rank < SIZE;
    }

    /** "c2" from the text at {@code at} -> its number, or -1 if it is not a square. */
    static int parseSquare(String s, int at) {
        if (s.length() < at + 2) {
            return -1;
        }
        char file = s.charAt(at);
        char rank = s.charAt(at + 1);
        return file >= 'a' && file <= 'g' && rank >= '1' && rank <= '7' ? (rank - '1') * SIZE + (file - 'a') : -1;
    }

    static String squareText(int square) {
        return "" + (char) ('a' + fileOf(square)) + (char) ('1' + rankOf(square));
    }

    /** A move from one square to another; captures and exchanges are written the same way. */
    record Move(int from, int to) {
        /** "b2-c4" -> a move, or null if the text does not have that shape. */
        static Move parse(String text) {
            int from = parseSquare(text, 0);
            int to = parseSquare(text, 3);
            return text.length() == 5 && text.charAt(2) == '-' && from >= 0 && to >= 0 ? new Move(from, to) : null;
        }

        @Override
        public String toString() {
            return squareText(from) + "-" + squareText(to);
        }
    }

    // Pieces are letters: 'Q' 'R' 'B' 'N' White, 'q' 'r' 'b' 'n' Black, '.' for no piece.
    static boolean isWhite(char piece) {
        return Character.isUpperCase(piece);
    }

    static char kind(char piece) {
        return Character.toUpperCase(piece);
    }

    static final class Position {
        final boolean[] tiles = new boolean[SQUARES]; // false: a hole
        final char[] pieces = new char[SQUARES];
        boolean whiteToMove = true;
        Move lastMove;                                 // for the ko rule; null before the first
        int plies;                                     // moves played (drawn after 200)

        /** The initial position (RULES.md 1): all 49 tiles, White to move. */
        Position() {
            Arrays.fill(tiles, true);
            Arrays.fill(pieces, '.');
            for (String placed : new String[] {"Qc2", "Rc3", "Bd2", "Nb2", "qe6", "re5", "bd6", "nf6"}) {
                pieces[parseSquare(placed, 1)] = placed.charAt(0);
            }
        }

        Position(Position other) {
            System.arraycopy(other.tiles, 0, tiles, 0, SQUARES);
            System.arraycopy(other.pieces, 0, pieces, 0, SQUARES);
            whiteToMove = other.whiteToMove;
            lastMove = other.lastMove;
            plies = other.plies;
        }

        /** Makes a move without checking it: {@link #legalMoves} decides what is legal. */
        void play(Move m) {
            char mover = pieces[m.from()];
            char target = pieces[m.to()];
            if (kind(mover) == 'Q') {
                // Atlantis effect (4): the tile the queen leaves sinks. An enemy piece on the
                // target is captured simply by being overwritten.
                tiles[m.from()] = false;
                target = '.';
            } else if (target == '.' && !tiles[m.to()]) {
                // Into a hole: the piece takes its tile along (3).
                tiles[m.to()] = true;
                tiles[m.from()] = false;
            }
            // Onto an R, B or N of either colour this is an exchange, not a capture (3).
            pieces[m.to()] = mover;
            pieces[m.from()] = target;
            whiteToMove = !whiteToMove;
            lastMove = m;
            plies++;
        }

        int queen(boolean white) {
            for (int sq = 0; sq < SQUARES; sq++) {
                if (pieces[sq] == (white ? 'Q' : 'q')) {
                    return sq;
                }
            }
            throw new IllegalStateException("no queen"); // never: queens are never captured
        }

        /**
         * Whether a and b share a line of an allowed kind with no piece strictly between them.
         * Holes never block: pieces slide over them and queens see across them.
         */
        boolean clearLine(int a, int b, boolean orthogonal, boolean diagonal) {
            int df = fileOf(b) - fileOf(a);
            int dr = rankOf(b) - rankOf(a);
            boolean alongOrthogonal = df == 0 || dr == 0;
            boolean alongDiagonal = Math.abs(df) == Math.abs(dr);
            if (a == b || !(orthogonal && alongOrthogonal) && !(diagonal && alongDiagonal)) {
                return false;
            }
            // One step towards b as a change of square number: a rank is SIZE squares.
            int step = Integer.signum(dr) * SIZE + Integer.signum(df);
            for (int square = a + step; square != b; square += step) {
                if (pieces[square] != '.') {
                    return false;
                }
            }
            return true;
        }

        /**
         * RULES.md 6: a queen is in check when an enemy R, B or N could move onto her square
         * (even if that move would be illegal for its own side).
         */
        boolean inCheck(boolean white) {
            int q = queen(white);
            for (int sq = 0; sq < SQUARES; sq++) {
                char c = pieces[sq];
                if (c == '.' || isWhite(c) == white) {
                    continue;
                }
                int df = Math.abs(fileOf(sq) - fileOf(q));
                int dr = Math.abs(rankOf(sq) - rankOf(q));
                if (kind(c) == 'N' && df * dr == 2 // a knight's jump is 1 by 2 or 2 by 1
                        || kind(c) == 'R' && clearLine(sq, q, true, false)
                        || kind(c) == 'B' && clearLine(sq, q, false, true)) {
                    return true;
                }
            }
            return false;
        }

        /** RULES.md 5: the queens may never see each other. */
        boolean queensSeeEachOther() {
            return clearLine(queen(true), queen(false), true, true);
        }

        /**
         * RULES.md 2: all tiles form one group, neighbours counted orthogonally and diagonally.
         * A flood fill from one tile must reach all of them.
         */
        boolean tilesConnected() {
            boolean[] seen = new boolean[SQUARES];
            int[] stack = new int[SQUARES];
            int top = 0;
            int tileCount = 0;
            int reached = 0;
            for (int sq = 0; sq < SQUARES; sq++) {
                if (tiles[sq] && tileCount++ == 0) { // the first tile starts the fill
                    seen[sq] = true;
                    stack[top++] = sq;
                }
            }
            while (top > 0) {
                int sq = stack[--top];
                reached++;
                for (int[] d : DIRECTIONS) {
                    int f = fileOf(sq) + d[0];
                    int r = rankOf(sq) + d[1];
                    int neighbour = r * SIZE + f;
                    if (onBoard(f, r) && tiles[neighbour] && !seen[neighbour]) {
                        seen[neighbour] = true;
                        stack[top++] = neighbour;
                    }
                }
            }
            return reached == tileCount;
        }

        static boolean isEnemyMinor(char piece, boolean white) {
            return piece != '.' && isWhite(piece) != white && kind(piece) != 'Q';
        }

        /** All legal moves of the side to move. */
        List<Move> legalMoves() {
            List<Move> moves = new ArrayList<>();
            boolean white = whiteToMove;
            boolean check = inCheck(white);
            for (int from = 0; from < SQUARES; from++) {
                char c = pieces[from];
                if (c == '.' || isWhite(c) != white) {
                    continue;
                }
                int f0 = fileOf(from);
                int r0 = rankOf(from);
                if (kind(c) == 'N') {
                    // Any jump except onto a queen: exchanges with R, B, N of both colours are fine.
                    for (int[] j : KNIGHT_JUMPS) {
                        int f = f0 + j[0];
                        int r = r0 + j[1];
                        if (onBoard(f, r) && kind(pieces[r * SIZE + f]) != 'Q') {
                            tryMove(new Move(from, r * SIZE + f), moves);
                        }
                    }
                } else if (kind(c) == 'Q' && check) {
                    // In check the queen may only step to a neighbouring tile, empty or holding
                    // an enemy R, B or N (RULES.md 4).
                    for (int[] d : DIRECTIONS) {
                        int f = f0 + d[0];
                        int r = r0 + d[1];
                        int to = r * SIZE + f;
                        if (onBoard(f, r) && tiles[to] && (pieces[to] == '.' || isEnemyMinor(pieces[to], white))) {
                            tryMove(new Move(from, to), moves);
                        }
                    }
                } else {
                    // Sliders walk each ray over holes and empty tiles until the first piece.
                    int first = kind(c) == 'B' ? 4 : 0;
                    int last = kind(c) == 'R' ? 4 : 8;
                    for (int d = first; d < last; d++) {
                        int df = DIRECTIONS[d][0];
                        int dr = DIRECTIONS[d][1];
                        for (int f = f0 + df, r = r0 + dr; onBoard(f, r); f += df, r += dr) {
                            int to = r * SIZE + f;
                            char t = pieces[to];
                            if (t != '.') {
                                // The queen captures an enemy R, B, N; R and B exchange with any R, B, N.
                                if (kind(c) == 'Q' ? isEnemyMinor(t, white) : kind(t) != 'Q') {
                                    tryMove(new Move(from, to), moves);
                                }
                                break;
                            }
                            // The queen lands on tiles only; R and B also move into holes.
                            if (kind(c) != 'Q' || tiles[to]) {
                                tryMove(new Move(from, to), moves);
                            }
                        }
                    }
                }
            }
            return moves;
        }

        /**
         * Adds the move if the ko rule allows it and the position after it is legal: tiles
         * connected, queens not in sight, mover not in check (RULES.md 6). Trying the move on a
         * copy and looking at the result is the simplest way to get all of that right.
         */
        private void tryMove(Move m, List<Move> moves) {
            if (m.equals(lastMove)) {
                return; // ko rule (3)
            }
            Position next = new Position(this);
            next.play(m);
            if (next.tilesConnected() && !next.queensSeeEachOther() && !next.inCheck(whiteToMove)) {
                moves.add(m);
            }
        }

        /** The position in CFN (RULES.md 7), as {@code caissa moves} prints it. */
        String cfn() {
            StringBuilder out = new StringBuilder();
            for (int r = SIZE - 1; r >= 0; r--) {
                for (int f = 0; f < SIZE; f++) {
                    int sq = r * SIZE + f;
                    out.append(pieces[sq] != '.' ? pieces[sq] : tiles[sq] ? '.' : '-');
                }
                out.append(r > 0 ? '/' : ' ');
            }
            out.append(whiteToMove ? "w " : "b ").append(lastMove == null ? "-" : lastMove.toString());
            return out.append(' ').append(plies).toString();
        }
    }

    /** THE PLACE TO MAKE YOUR BOT SMARTER: pick one of the legal moves (there is at least one). */
    static Move chooseMove(Position position, List<Move> moves, Random random) {
        return moves.get(random.nextInt(moves.size()));
    }

    /** Plays a move given as text if it is legal here; says why not on stderr. */
    static boolean playTextMove(Position position, String text) {
        Move move = Move.parse(text);
        if (move == null || !position.legalMoves().contains(move)) {
            System.err.println("RandomBot: '" + text + "' is not a legal move here");
            return false;
        }
        position.play(move);
        return true;
    }

    public static void main(String[] args) throws IOException {
        // A seed on the command line replays the same game against the same opponent.
        Random random = args.length > 0 ? new Random(Long.parseLong(args[0])) : new Random(System.nanoTime());
        boolean debugMoves = "1".equals(System.getenv("CAISSA_EXAMPLE_LIST_MOVES"));

        Position position = new Position();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String raw;
        while ((raw = in.readLine()) != null) {
            String line = raw.strip().toLowerCase(Locale.ROOT); // strip() also removes a stray \r
            if (line.isEmpty()) {
                continue;
            }
            if (line.equals("end")) {
                break;
            }
            String[] words = line.split("\\s+");
            if (words[0].equals("opening")) {
                // Arena extension: moves played from the initial position before the game proper.
                for (int i = 1; i < words.length; i++) {
                    if (!playTextMove(position, words[i])) {
                        System.exit(1);
                    }
                }
                continue;
            }
            // "start" means it is our turn at once; anything else is the opponent's move. Either
            // way we then move for the side to move, so we never need to remember our colour.
            if (!line.equals("start") && !playTextMove(position, line)) {
                System.exit(1);
            }

            List<Move> moves = position.legalMoves();
            if (debugMoves) {
                List<String> texts = new ArrayList<>();
                moves.forEach(m -> texts.add(m.toString()));
                texts.sort(null);
                System.err.println("position: " + position.cfn());
                System.err.println(texts.size() + " legal moves: " + String.join(" ", texts));
            }
            if (moves.isEmpty()) { // the referee never asks then; if it happens our rules are wrong
                System.err.println("RandomBot: no legal move");
                System.exit(1);
            }
            Move move = chooseMove(position, moves, random);
            System.out.println(move);
            System.out.flush(); // the referee is waiting for this line: never leave it in a buffer
            position.play(move);
        }
    }
}
