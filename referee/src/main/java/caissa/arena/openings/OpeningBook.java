package caissa.arena.openings;

import caissa.arena.input.BadInputException;
import caissa.arena.records.InputFiles;
import caissa.arena.rules.InvalidPositionException;
import caissa.arena.rules.LineSearch;
import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import java.io.IOException;
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
        } catch (java.nio.file.NoSuchFileException e) {
            throw new BadInputException(file + ": no such book file");
        }
        return parse(file, variant, text);
    }

    /** Parses and checks the text of a book; {@code file} only names it in messages. */
    public static OpeningBook parse(Path file, Variant variant, String text) {
        List<BookLine> lines = new ArrayList<>();
        String[] rows = text.split("\r?\n", -1);
        for (int i = 0; i < rows.length; i++) {
            String row = rows[i];
            int hash = row.indexOf('#');
            String opening = (hash < 0 ? row : row.substring(0, hash)).strip();
            if (!opening.isEmpty()) {
                lines.add(line(file, i + 1, variant, opening));
            }
        }
        if (lines.isEmpty()) {
            throw new BadInputException(file + ": the book has no openings (one a line, the moves from the initial"
                    + " position, e.g. " + variant.moveExample() + ", or a position in CFN)");
        }
        return new OpeningBook(file, variant, lines);
    }

    /** A book from lines kept elsewhere (a run's record), each checked again: line number and text. */
    public static OpeningBook ofLines(Path file, Variant variant, List<java.util.Map.Entry<Integer, String>> lines) {
        List<BookLine> checked = new ArrayList<>();
        for (java.util.Map.Entry<Integer, String> entry : lines) {
            checked.add(line(file, entry.getKey(), variant, entry.getValue().strip()));
        }
        if (checked.isEmpty()) {
            throw new BadInputException(file + ": the book has no openings");
        }
        return new OpeningBook(file, variant, checked);
    }

    private static BookLine line(Path file, int number, Variant variant, String text) {
        String where = file + ":" + number + ": ";
        String[] tokens = text.split("\\s+");
        if (!variant.hasMoveSyntax(tokens[0])) {
            if (text.indexOf('/') >= 0) {
                return positionLine(where, number, variant, String.join(" ", tokens));
            }
            throw new BadInputException(where + "'" + tokens[0] + "' is not a " + variant.id() + " move (e.g. "
                    + variant.moveExample() + ") nor a position in CFN");
        }
        Position position = variant.initial();
        List<Move> moves = new ArrayList<>();
        for (int k = 0; k < tokens.length; k++) {
            Optional<Move> move = variant.parseMove(tokens[k]);
            if (move.isEmpty()) {
                throw new BadInputException(where + "move " + (k + 1) + ", '" + tokens[k] + "', is not a "
                        + variant.id() + " move (e.g. " + variant.moveExample() + ")");
            }
            if (position.outcome().isOver()) {
                throw new BadInputException(where + "the game is over before move " + (k + 1) + " (" + tokens[k]
                        + "): " + position.outcome());
            }
            Optional<String> illegal = position.illegalReason(move.get());
            if (illegal.isPresent()) {
                throw new BadInputException(where + "move " + (k + 1) + ", " + tokens[k] + ", is illegal: "
                        + illegal.get());
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
    private static BookLine positionLine(String where, int number, Variant variant, String text) {
        Position position;
        try {
            position = variant.fromCfn(text);
        } catch (InvalidPositionException e) {
            throw new BadInputException(where + "not a " + variant.id() + " position in CFN: " + e.field() + ": "
                    + e.problem());
        }
        if (position.outcome().isOver()) {
            throw new BadInputException(where + "the position ends the game (" + position.outcome()
                    + "): the bots would have nothing to play");
        }
        LineSearch.Result result = LineSearch.reaching(position, SEARCH_BUDGET);
        if (result instanceof LineSearch.Found found) {
            return new BookLine(number, text, found.moves());
        }
        if (result instanceof LineSearch.Unreachable) {
            throw new BadInputException(where + "no game reaches this position in its " + position.plies() + " plies"
                    + position.lastMove().map(m -> " ending with " + m).orElse("")
                    + "; give the opening as the moves from the initial position");
        }
        throw new BadInputException(where + "no moves reaching this position were found within " + SEARCH_BUDGET
                + " positions searched; give the opening as the moves from the initial position");
    }

    public int size() {
        return lines.size();
    }
}
