package caissa.arena.benchmarks.baseline;

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
    }

    public static Move of(Square from, Square to) {
        return new Move(from, to);
    }

    /**
     * Parses a move the way the referee reads a bot's reply: surrounding white space is removed
     * and the rest must be {@code [a-g][1-7]-[a-g][1-7]} in either case. Empty otherwise.
     */
    public static Optional<Move> parse(String text) {
        String s = text.strip();
        if (s.length() != 5 || s.charAt(2) != '-') {
            return Optional.empty();
        }
        Optional<Square> from = Square.parse(s.subSequence(0, 2));
        Optional<Square> to = Square.parse(s.subSequence(3, 5));
        if (from.isEmpty() || to.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Move(from.get(), to.get()));
    }

    /** Like {@link #parse(String)}, for input that must be a move (command-line arguments, tests). */
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
        return ((from.file() * 7 + from.rank()) * 7 + to.file()) * 7 + to.rank();
    }

    /** Lower case, as the referee sends it: {@code b2-c4}. */
    @Override
    public String toString() {
        return from + "-" + to;
    }
}
