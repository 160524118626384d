package caissa.arena.openings;

import caissa.arena.game.GameRecord;
import caissa.arena.input.BadInputException;
import caissa.arena.rules.Variant;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The book of a run, lines and all, as {@code tournament.json} and a match shard's record keep it:
 * a merge on another machine, or a resumed run after the book file was edited, plays and checks
 * the openings the run started with (a changed book is a changed definition, which
 * {@code --resume} refuses).
 */
@JsonPropertyOrder({"file", "order", "seed", "lines"})
public record BookRecord(String file, String order, long seed, List<GameRecord.BookLineRecord> lines) {

    public static BookRecord of(BookOpenings book) {
        return new BookRecord(book.book().file().toString(), book.order().word(), book.seed(),
                book.book().lines().stream().map(l -> new GameRecord.BookLineRecord(l.line(), l.text())).toList());
    }

    public BookOpenings toBook(Variant variant) {
        return new BookOpenings(OpeningBook.ofLines(Path.of(file), variant,
                lines.stream().map(l -> Map.entry(l.line(), l.text())).toList()),
                BookOrder.fromWord(order).orElseThrow(() -> new BadInputException(
                        "tournament.json: openings.order must be " + BookOrder.words() + ", got " + order)), seed);
    }
}
