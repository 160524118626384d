package caissa.bots;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The clock a bot plays under, as the referee announces it in environment variables (a hint any
 * bot may read; a CodeCup bot would simply assume 30 s per game).
 *
 * @param perGame the budget for the whole game ({@code CAISSA_TIME_PER_GAME_MS}, default 30 s)
 * @param perMove the cap on one reply, if any ({@code CAISSA_TIME_PER_MOVE_MS}, absent: none)
 * @param increment time added after each reply ({@code CAISSA_INCREMENT_MS}, default 0)
 * @param firstMoveAllowance extra time for the first reply only, which pays for the bot's start-up
 *     ({@code CAISSA_FIRST_MOVE_ALLOWANCE_MS}, default 1 s)
 */
public record TimeControl(
        Duration perGame, Optional<Duration> perMove, Duration increment, Duration firstMoveAllowance) {

    public static final String PER_GAME = "CAISSA_TIME_PER_GAME_MS";
    public static final String PER_MOVE = "CAISSA_TIME_PER_MOVE_MS";
    public static final String INCREMENT = "CAISSA_INCREMENT_MS";
    public static final String FIRST_MOVE_ALLOWANCE = "CAISSA_FIRST_MOVE_ALLOWANCE_MS";

    /** CodeCup's clock: 30 s per game, no cap per move, no increment. */
    public static final TimeControl CODECUP =
            new TimeControl(Duration.ofSeconds(30), Optional.empty(), Duration.ZERO, Duration.ofSeconds(1));

    public TimeControl {
        requireNotNegative(perGame, "time per game");
        perMove.ifPresent(cap -> requireNotNegative(cap, "time per move"));
        requireNotNegative(increment, "increment");
        requireNotNegative(firstMoveAllowance, "first-move allowance");
    }

    /**
     * The time control the environment announces; variables that are absent take CodeCup's value.
     *
     * @throws IllegalArgumentException naming the variable whose value is not a number of milliseconds
     */
    public static TimeControl fromEnvironment(Map<String, String> env) {
        return new TimeControl(
                millis(env, PER_GAME).orElse(CODECUP.perGame()),
                millis(env, PER_MOVE),
                millis(env, INCREMENT).orElse(CODECUP.increment()),
                millis(env, FIRST_MOVE_ALLOWANCE).orElse(CODECUP.firstMoveAllowance()));
    }

    public TimeControl withPerGame(Duration value) {
        return new TimeControl(value, perMove, increment, firstMoveAllowance);
    }

    public TimeControl withPerMove(Duration value) {
        return new TimeControl(perGame, Optional.of(value), increment, firstMoveAllowance);
    }

    public TimeControl withIncrement(Duration value) {
        return new TimeControl(perGame, perMove, value, firstMoveAllowance);
    }

    public TimeControl withFirstMoveAllowance(Duration value) {
        return new TimeControl(perGame, perMove, increment, value);
    }

    /** Parses a number of milliseconds, as the variables and the command-line options give it. */
    public static Duration parseMillis(String what, String text) {
        String digits = text.strip();
        if (digits.endsWith("ms")) {
            digits = digits.substring(0, digits.length() - 2).strip();
        }
        try {
            long ms = Long.parseLong(digits);
            if (ms < 0) {
                throw new IllegalArgumentException(what + " must not be negative, got '" + text + "'");
            }
            return Duration.ofMillis(ms);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a number of milliseconds, got '" + text + "'", e);
        }
    }

    private static Optional<Duration> millis(Map<String, String> env, String name) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(parseMillis(name, value));
    }

    private static void requireNotNegative(Duration d, String what) {
        if (d.isNegative()) {
            throw new IllegalArgumentException(what + " must not be negative, got " + d);
        }
    }
}
