package caissa.arena.openings;

import caissa.arena.rules.Move;
import java.util.List;

/**
 * One opening of a book: where it stands in its file and the moves it plays from the initial
 * position. A game log keeps the line number and the text, so that a game can be traced back to
 * its book line after the book has changed.
 *
 * @param line 1-based line number in the book file
 * @param text the line as written, without its comment: moves, or a position in CFN
 * @param moves the moves it plays, checked against the rules; for a position, moves found to reach it
 */
public record BookLine(int line, String text, List<Move> moves) {

    public BookLine {
        if (line < 1) {
            throw new IllegalArgumentException("a book line number starts at 1, got " + line);
        }
        moves = List.copyOf(moves);
    }
}
