package caissa.arena.openings;

import caissa.arena.input.BadInputException;
import caissa.arena.rules.Variant;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The book of a run, lines and all, as {@code tournament.json} and a match shard's record keep it:
 * a merge on another machine, or a resumed run after the book file was edited, plays and checks
 * the openings the run started with (a changed book is a changed definition, which
 * {@code --resume} refuses).
 */
@JsonPropertyOrder({"file", "order", "seed", "lines"})
public record BookRecord(String file, String order, long seed, List<Line> lines) {

    /**
     * One line of the book: its number and text and, for a position in CFN, the moves the search
     * found to reach it when the run started. A book's search has a budget for the whole book
     * (see {@link OpeningBook}): spent once when the run starts, not again by each {@code verify},
     * {@code report}, merge or resume, which replay the remembered moves and check that they reach
     * the position. Absent for a line of moves, and in records written before it was kept.
     */
    @JsonPropertyOrder({"line", "text", "moves"})
    public record Line(
            int line,
            String text,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<String> moves) {}

    public static BookRecord of(BookOpenings book) {
        return new BookRecord(
                book.book().file().toString(),
                book.order().word(),
                book.seed(),
                book.book().lines().stream().map(BookRecord::line).toList());
    }

    private static Line line(BookLine line) {
        List<String> moves = line.moves().stream().map(Object::toString).toList();
        return new Line(line.line(), line.text(), String.join(" ", moves).equals(line.text()) ? null : moves);
    }

    public BookOpenings toBook(Variant variant) {
        return new BookOpenings(
                OpeningBook.ofLines(
                        Path.of(file),
                        variant,
                        lines.stream()
                                .map(l -> new OpeningBook.Kept(l.line(), l.text(), Optional.ofNullable(l.moves())))
                                .toList()),
                BookOrder.fromWord(order)
                        .orElseThrow(() -> new BadInputException(
                                "tournament.json: openings.order must be " + BookOrder.words() + ", got " + order)),
                seed);
    }
}
