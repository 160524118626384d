package caissa.arena.input;

import java.time.Duration;
import java.util.Optional;

/**
 * The documented maxima of everything a user gives in numbers, in one place, so that every field
 * and option (including those added later) is range-checked the same way before it is used.
 * They are far above any sensible value and far below where arithmetic would overflow.
 */
public final class Limits {

    /**
     * The longest duration any clock field or option takes (24 hours). With at most 24 h per
     * game, per move, of increment and of first-move allowance, no clock arithmetic over a game of
     * any length can overflow a long of nanoseconds (292 years).
     */
    public static final Duration MAX_DURATION = Duration.ofHours(24);

    /** Games played at once; each needs two bot processes and a thread. */
    public static final int MAX_CONCURRENCY = 256;

    /** The most games one tournament schedules: a larger one is refused before anything is written. */
    public static final int MAX_GAMES = 100_000;

    /** The longest name of a bot or a tournament, in characters (Unicode code points). */
    public static final int MAX_NAME_LENGTH = 64;

    /** The longest single argument of a bot command, and the most arguments. */
    public static final int MAX_ARGUMENT_LENGTH = 4096;

    public static final int MAX_ARGUMENTS = 256;

    private Limits() {}

    /** What is wrong with a whole number, or empty when it is within {@code [min, max]}. */
    public static Optional<String> range(long value, long min, long max) {
        if (value < min || value > max) {
            return Optional.of("must be a whole number from " + min + " to " + max + ", got " + value);
        }
        return Optional.empty();
    }

    /** Checks a whole number of an option; the message names the option. */
    public static int option(String option, Integer value, int min, int max) {
        Optional<String> problem = range(value, min, max);
        if (problem.isPresent()) {
            throw new BadInputException(option + " " + problem.get());
        }
        return value;
    }
}
