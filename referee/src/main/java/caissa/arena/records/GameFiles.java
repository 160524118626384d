package caissa.arena.records;

import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one naming of game logs, for every kind of run: {@code 0007.json}, the game's number
 * zero-padded to at least four digits and to the width of the largest, so that they sort.
 * Readers take any width, so that folders written with other paddings (a match's five digits,
 * in earlier versions) still read.
 */
public final class GameFiles {

    /** The folder of a run's game logs, inside its output folder. */
    public static final String DIR = "games";

    private static final Pattern NUMBERED = Pattern.compile("(\\d+)\\.json");

    private GameFiles() {}

    /** The file name of game {@code number} of a run of {@code total} games. */
    public static String name(int number, int total) {
        int width = Math.max(4, Integer.toString(total).length());
        String digits = Integer.toString(number);
        // Not String.format: named once a game, its parsing of the pattern cost more than the rest of the name.
        return "0".repeat(Math.max(0, width - digits.length())) + digits + ".json";
    }

    /** The game number a file name gives, if it is a game log's name (of any padding). */
    public static OptionalInt number(String fileName) {
        Matcher m = NUMBERED.matcher(fileName);
        if (!m.matches()) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(m.group(1)));
        } catch (NumberFormatException e) {
            // Too large for a game number: not one of the arena's logs.
            return OptionalInt.empty();
        }
    }
}
