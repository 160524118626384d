package caissa.arena.openings;

import caissa.arena.input.BadInputException;
import caissa.arena.records.InputFiles;
import caissa.arena.rules.InvalidPositionException;
import caissa.arena.rules.LineSearch;
import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A book of openings: a text file, one opening a line, each the moves played from the variant's
 * initial position ({@code b2-c4 e6-d5 ...}) or a position in CFN, which is played as moves
 * found to reach it; {@code #} starts a comment, blank lines are skipped. Every line is checked against the rules when a run starts, and the first bad one is
 * reported as {@code FILE:LINE: what is wrong}, as a tournament file's errors are.
 */
public record OpeningBook(Path file, Variant variant, List<BookLine> lines) {

    /**
     * The positions searched for the moves to a line written in CFN: two seconds at most.
     * Positions of up to about 8 plies, as books hold, take far fewer (LineSearchTest).
     */
    static final long SEARCH_BUDGET = 2_000_000;
    /** The most of a book's word (a move, a position) that a message quotes: a huge token is cut. */
    static final int QUOTED = 60;
    /**
     * Positions searched for all of a book's CFN lines together: ten lines at their own budget.
     * Without it 300 hard lines (20 KB) held a tournament for two minutes before its first game.
     */
    static final long TOTAL_SEARCH_BUDGET = 10 * SEARCH_BUDGET;

    /** What is left of {@link #TOTAL_SEARCH_BUDGET} while one book is read. */
    private static final class Budget {
        final long total;
        long left;

        Budget(long total) {
            this.total = total;
            this.left = total;
        }
    }

    /** A book file is text written by hand or by {@code caissa book}: far below this. */
    static final long FILE_CAP = 64L * 1024 * 1024;

    public OpeningBook {
        lines = List.copyOf(lines);
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("a book has at least one opening");
        }
    }

    /**
     * Reads and checks a book of the given variant.
     *
     * @throws BadInputException naming the file and line of the first problem
     * @throws IOException if the file cannot be read
     */
    public static OpeningBook read(Path file, Variant variant) throws IOException {
        String text;
        try {
            text = InputFiles.readString(file, FILE_CAP);
        } catch (NoSuchFileException e) {
            throw new BadInputException(file + ": no such book file");
        }
        return parse(file, variant, text);
    }

    /** Parses and checks the text of a book; {@code file} only names it in messages. */
    public static OpeningBook parse(Path file, Variant variant, String text) {
        return parse(file, variant, text, TOTAL_SEARCH_BUDGET);
    }

    /** As {@link #parse(Path, Variant, String)}, with this many positions of search for all its CFN lines. */
    static OpeningBook parse(Path file, Variant variant, String text, long totalSearch) {
        List<BookLine> lines = new ArrayList<>();
        Budget budget = new Budget(totalSearch);
        String[] rows = text.split("\r?\n", -1);
        for (int i = 0; i < rows.length; i++) {
            String row = rows[i];
            int hash = row.indexOf('#');
            String opening = (hash < 0 ? row : row.substring(0, hash)).strip();
            if (!opening.isEmpty()) {
                lines.add(line(file, i + 1, variant, opening, budget));
            }
        }
        if (lines.isEmpty()) {
            throw new BadInputException(file + ": the book has no openings (one a line, the moves from the initial"
                    + " position, e.g. " + variant.moveExample() + ", or a position in CFN)");
        }
        return new OpeningBook(file, variant, lines);
    }

    /**
     * A line kept in a run's record: its number, its text and, for a position in CFN, the moves
     * found to reach it when the run started (empty in records written before they were kept).
     */
    public record Kept(int line, String text, Optional<List<String>> moves) {}

    /**
     * A book from lines kept elsewhere (a run's record), each checked again: a position whose
     * moves were kept is replayed, not searched again, so that the book's search budget is spent
     * once, when the run starts.
     */
    public static OpeningBook ofLines(Path file, Variant variant, List<Kept> lines) {
        return ofLines(file, variant, lines, TOTAL_SEARCH_BUDGET);
    }

    /** As {@link #ofLines(Path, Variant, List)}, with this many positions of search for the CFN lines without kept moves. */
    static OpeningBook ofLines(Path file, Variant variant, List<Kept> lines, long totalSearch) {
        List<BookLine> checked = new ArrayList<>();
        Budget budget = new Budget(totalSearch);
        for (Kept kept : lines) {
            String text = kept.text().strip();
            checked.add(
                    kept.moves().isPresent() && text.indexOf('/') >= 0
                            ? remembered(
                                    file + ":" + kept.line() + ": ",
                                    kept.line(),
                                    variant,
                                    text,
                                    kept.moves().get())
                            : line(file, kept.line(), variant, text, budget));
        }
        if (checked.isEmpty()) {
            throw new BadInputException(file + ": the book has no openings");
        }
        return new OpeningBook(file, variant, checked);
    }

    /** A position in CFN with the moves kept for it: they must be legal and reach exactly that position. */
    private static BookLine remembered(String where, int number, Variant variant, String text, List<String> words) {
        Position target;
        try {
            target = variant.fromCfn(text);
        } catch (InvalidPositionException e) {
            throw new BadInputException(
                    where + "not a " + variant.id() + " position in CFN: " + e.field() + ": " + e.problem());
        }
        Position position = variant.initial();
        List<Move> moves = new ArrayList<>();
        for (String word : words) {
            Optional<Move> move = variant.parseMove(word);
            if (move.isEmpty()
                    || position.outcome().isOver()
                    || position.illegalReason(move.get()).isPresent()) {
                throw new BadInputException(where + "the moves kept for this position are not legal from the initial"
                        + " position (move " + (moves.size() + 1) + ", " + quoted(word) + ")");
            }
            moves.add(move.get());
            position = position.play(move.get());
        }
        if (!position.equals(target)) {
            throw new BadInputException(where + "the moves kept for this position do not reach it");
        }
        return new BookLine(number, text, moves);
    }

    private static BookLine line(Path file, int number, Variant variant, String text, Budget budget) {
        String where = file + ":" + number + ": ";
        String[] tokens = text.split("\\s+");
        if (!variant.hasMoveSyntax(tokens[0])) {
            if (text.indexOf('/') >= 0) {
                return positionLine(where, number, variant, String.join(" ", tokens), budget);
            }
            throw new BadInputException(where + quoted(tokens[0]) + " is not a " + variant.id() + " move (e.g. "
                    + variant.moveExample() + ") nor a position in CFN");
        }
        Position position = variant.initial();
        List<Move> moves = new ArrayList<>();
        for (int k = 0; k < tokens.length; k++) {
            Optional<Move> move = variant.parseMove(tokens[k]);
            if (move.isEmpty()) {
                throw new BadInputException(where + "move " + (k + 1) + ", " + quoted(tokens[k]) + ", is not a "
                        + variant.id() + " move (e.g. " + variant.moveExample() + ")");
            }
            if (position.outcome().isOver()) {
                throw new BadInputException(where + "the game is over before move " + (k + 1) + " (" + cut(tokens[k])
                        + "): " + position.outcome());
            }
            Optional<String> illegal = position.illegalReason(move.get());
            if (illegal.isPresent()) {
                throw new BadInputException(
                        where + "move " + (k + 1) + ", " + cut(tokens[k]) + ", is illegal: " + illegal.get());
            }
            moves.add(move.get());
            position = position.play(move.get());
        }
        if (position.outcome().isOver()) {
            throw new BadInputException(where + "the opening ends the game (" + position.outcome()
                    + "): the bots would have nothing to play");
        }
        return new BookLine(number, String.join(" ", tokens), moves);
    }

    /**
     * A line written as a position: bots are told an opening as moves from the initial position
     * (the protocol has no way to give them a position), so the line plays moves found to reach it.
     */
    private static BookLine positionLine(String where, int number, Variant variant, String text, Budget budget) {
        Position position;
        try {
            position = variant.fromCfn(text);
        } catch (InvalidPositionException e) {
            throw new BadInputException(
                    where + "not a " + variant.id() + " position in CFN: " + e.field() + ": " + e.problem());
        }
        if (position.outcome().isOver()) {
            throw new BadInputException(where + "the position ends the game (" + position.outcome()
                    + "): the bots would have nothing to play");
        }
        if (budget.left < 1) {
            throw new BadInputException(where + "the book's positions in CFN took the " + budget.total
                    + " positions of search a book may take before this line; give its openings as moves from the"
                    + " initial position (caissa book writes them so)");
        }
        long allowed = Math.min(SEARCH_BUDGET, budget.left);
        LineSearch.Result result = LineSearch.reaching(position, allowed);
        budget.left -= result.nodes();
        if (result instanceof LineSearch.Found found) {
            return new BookLine(number, text, found.moves());
        }
        if (result instanceof LineSearch.Unreachable) {
            throw new BadInputException(where + "no game reaches this position in its " + position.plies() + " plies"
                    + position.lastMove().map(m -> " ending with " + m).orElse("")
                    + "; give the opening as the moves from the initial position");
        }
        throw new BadInputException(where + "no moves reaching this position were found within " + allowed
                + " positions searched"
                + (allowed < SEARCH_BUDGET ? " (what was left of the book's " + budget.total + ")" : "")
                + "; give the opening as the moves from the initial position");
    }

    /** A word of the book as a message quotes it: at most {@value #QUOTED} characters of it. */
    private static String quoted(String token) {
        return "'" + cut(token) + "'";
    }

    private static String cut(String token) {
        return token.length() > QUOTED ? token.substring(0, QUOTED) + "…" : token;
    }

    public int size() {
        return lines.size();
    }
}
