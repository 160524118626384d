package caissa.arena.openings;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** In which order a run goes through its book. */
public enum BookOrder {
    /** From the first line on, round the book again when it runs out. */
    SEQUENTIAL("sequential"),
    /** In a seeded shuffle of the book, a new shuffle each time round. */
    RANDOM("random");

    private final String word;

    BookOrder(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static Optional<BookOrder> fromWord(String word) {
        return Arrays.stream(values()).filter(o -> o.word.equals(word)).findFirst();
    }

    public static String words() {
        return Arrays.stream(values()).map(BookOrder::word).collect(Collectors.joining(", "));
    }
}
