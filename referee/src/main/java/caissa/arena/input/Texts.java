package caissa.arena.input;

import java.util.Optional;

/** Checks on the characters of text given by users. */
public final class Texts {

    private Texts() {}

    /**
     * The first character that has no place in a name, as {@code U+202E}, or empty: control
     * characters (NUL, newline, escape), invisible formatting (bidirectional overrides, zero-width
     * characters), line and paragraph separators, unpaired surrogates and unassigned code points.
     */
    public static Optional<String> unprintable(String text) {
        return text.codePoints()
                .filter(cp -> !printable(cp))
                .mapToObj(Texts::describe)
                .findFirst();
    }

    /** The first control character (NUL, newline, escape, DEL, C1), or empty: none belongs in a command. */
    public static Optional<String> control(String text) {
        return text.codePoints()
                .filter(Character::isISOControl)
                .mapToObj(Texts::describe)
                .findFirst();
    }

    /** {@code U+000A}: how a character that cannot be shown is named in a message. */
    public static String describe(int codePoint) {
        return String.format("U+%04X", codePoint);
    }

    private static boolean printable(int cp) {
        return switch (Character.getType(cp)) {
            case Character.CONTROL,
                    Character.FORMAT,
                    Character.LINE_SEPARATOR,
                    Character.PARAGRAPH_SEPARATOR,
                    Character.SURROGATE,
                    Character.UNASSIGNED,
                    Character.PRIVATE_USE -> false;
            default -> true;
        };
    }

    /** A count with its noun: {@code count(1, "move", "moves")} is "1 move", 2 gives "2 moves". */
    public static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
