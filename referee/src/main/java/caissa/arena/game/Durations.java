package caissa.arena.game;

import caissa.arena.input.Limits;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them in options and tournament files: {@code 500ms}, {@code 30s}, {@code 1.5s}, {@code 2m}. */
public final class Durations {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

    private Durations() {}

    /**
     * A reply's time as shown to people: whole milliseconds, and "under 1 ms" below that. A reply
     * is dated by a thread that wakes when it comes, which the machine schedules to within about a
     * millisecond; a finer figure (0.034 ms) would be noise presented as a measurement.
     */
    public static String replyTime(long micros) {
        return micros < 1000 ? "under 1 ms" : Math.round(micros / 1000.0) + " ms";
    }

    /**
     * @throws IllegalArgumentException naming the text and the expected form, or the maximum
     *     ({@link Limits#MAX_DURATION}) when it is longer
     */
    public static Duration parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration: expected a number and a unit"
                    + " (ms, s, m or h), like 500ms, 30s or 2m");
        }
        BigDecimal amount = new BigDecimal(m.group(1));
        BigDecimal millis = switch (m.group(2)) {
            case "ms" -> amount;
            case "s" -> amount.scaleByPowerOfTen(3);
            case "m" -> amount.multiply(BigDecimal.valueOf(60_000));
            default -> amount.multiply(BigDecimal.valueOf(3_600_000));
        };
        if (millis.compareTo(BigDecimal.valueOf(Limits.MAX_DURATION.toMillis())) > 0) {
            throw new IllegalArgumentException(
                    "'" + text + "' is longer than the longest duration, " + Limits.MAX_DURATION.toHours() + "h");
        }
        if (millis.scaleByPowerOfTen(6).stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException("'" + text + "' is more precise than a nanosecond");
        }
        return Duration.ofNanos(millis.scaleByPowerOfTen(6).longValueExact());
    }

    /** The shortest form {@link #parse} reads back: {@code 30s}, {@code 500ms}, {@code 2m}. */
    public static String format(Duration duration) {
        long millis = duration.toMillis();
        if (millis % 60_000 == 0 && millis > 0) {
            return millis / 60_000 + "m";
        }
        if (millis % 1000 == 0) {
            return millis / 1000 + "s";
        }
        return millis + "ms";
    }
}
