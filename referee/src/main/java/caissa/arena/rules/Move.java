package caissa.arena.rules;

import java.util.Objects;
import java.util.Optional;

/**
 * A move as the protocol writes it: an origin and a target square, {@code b2-c4}. Captures and
 * exchanges are written the same way; whether a move is legal is a question for a {@link Position}.
 */
public record Move(Square from, Square to) implements Comparable<Move> {

    public Move {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (from.variant() != to.variant()) {
            throw new IllegalArgumentException("a move joins two cells of one board, not " + from.variant() + " " + from
                    + " and " + to.variant() + " " + to);
        }
    }

    public static Move of(Square from, Square to) {
        return new Move(from, to);
    }

    /**
     * Parses a Caïssa move the way the referee reads a bot's reply: surrounding white space is
     * removed and the rest must be {@code [a-g][1-7]-[a-g][1-7]} in either case. Empty otherwise.
     * {@link Variant#parseMove(String)} parses any variant's moves.
     */
    public static Optional<Move> parse(String text) {
        return Variant.CAISSA.parseMove(text);
    }

    /** The variant whose board this move is on. */
    public Variant variant() {
        return from.variant();
    }

    /** Like {@link #parse(String)}, for input that must be a Caïssa move (command-line arguments, tests). */
    public static Move of(String text) {
        return parse(text)
                .orElseThrow(() -> new IllegalArgumentException(
                        "not a move: '" + text + "' (expected two squares joined by '-', like b2-c4)"));
    }

    /** Orders moves as their text sorts: origin file, origin rank, target file, target rank. */
    @Override
    public int compareTo(Move other) {
        return Integer.compare(sortKey(), other.sortKey());
    }

    private int sortKey() {
        return ((from.file() << 12) | (from.rank() << 8) | (to.file() << 4) | to.rank());
    }

    /** Lower case, as the referee sends it: {@code b2-c4}. */
    @Override
    public String toString() {
        return from + "-" + to;
    }
}
