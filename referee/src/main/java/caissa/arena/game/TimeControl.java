package caissa.arena.game;

import caissa.arena.input.Limits;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The clocks of RULES.md section 9: a budget per game, optionally a cap per move, an increment
 * added after each move, and an allowance for the first reply that is not charged (a bot's
 * start-up: a JVM or an interpreter needs a moment before it can answer).
 *
 * @param margin how late a reply may be and still count (as in cutechess and fastchess); the
 *     lateness is not taken from the next move's time. Zero, as in the CodeCup, by default.
 * @param clock what the clock measures: wall time (the CodeCup's) or the bot's CPU time
 * @param suspendIdle whether the side not to move, and every process it started, is stopped from
 *     its reply until it is sent the next line, as in the CodeCup (on by default): a bot cannot
 *     think on its opponent's time, nor slow its opponent down
 */
public record TimeControl(
        Duration perGame,
        Optional<Duration> perMove,
        Duration increment,
        Duration firstMoveAllowance,
        Duration margin,
        ClockKind clock,
        boolean suspendIdle) {

    /** CodeCup's: 30 s per game, no cap per move, no increment, 1 s for start-up. */
    public static final TimeControl DEFAULT =
            new TimeControl(Duration.ofSeconds(30), Optional.empty(), Duration.ZERO, Duration.ofSeconds(1));

    /** A wall clock without margin, idle bots suspended, as in the CodeCup. */
    public TimeControl(Duration perGame, Optional<Duration> perMove, Duration increment, Duration firstMoveAllowance) {
        this(perGame, perMove, increment, firstMoveAllowance, Duration.ZERO, ClockKind.WALL, true);
    }

    public TimeControl {
        Objects.requireNonNull(perGame, "perGame");
        Objects.requireNonNull(perMove, "perMove");
        Objects.requireNonNull(increment, "increment");
        Objects.requireNonNull(firstMoveAllowance, "firstMoveAllowance");
        if (perGame.isNegative() || perGame.isZero()) {
            throw new IllegalArgumentException("the time per game must be positive, got " + Durations.format(perGame));
        }
        if (perMove.isPresent() && (perMove.get().isNegative() || perMove.get().isZero())) {
            throw new IllegalArgumentException(
                    "the time per move must be positive, got " + Durations.format(perMove.get()));
        }
        if (increment.isNegative()) {
            throw new IllegalArgumentException("the increment cannot be negative");
        }
        if (firstMoveAllowance.isNegative()) {
            throw new IllegalArgumentException("the first-move allowance cannot be negative");
        }
        Objects.requireNonNull(margin, "margin");
        Objects.requireNonNull(clock, "clock");
        if (margin.isNegative()) {
            throw new IllegalArgumentException("the time margin cannot be negative");
        }
        // However a time control is built, no clock arithmetic can overflow (see Limits.MAX_DURATION).
        for (Duration d :
                new Duration[] {perGame, perMove.orElse(Duration.ZERO), increment, firstMoveAllowance, margin}) {
            if (d.compareTo(Limits.MAX_DURATION) > 0) {
                throw new IllegalArgumentException("a duration of the time control is longer than "
                        + Limits.MAX_DURATION.toHours() + "h: " + Durations.format(d));
            }
        }
    }

    public TimeControl withMargin(Duration value) {
        return new TimeControl(perGame, perMove, increment, firstMoveAllowance, value, clock, suspendIdle);
    }

    public TimeControl withClock(ClockKind value) {
        return new TimeControl(perGame, perMove, increment, firstMoveAllowance, margin, value, suspendIdle);
    }

    public TimeControl withSuspendIdle(boolean value) {
        return new TimeControl(perGame, perMove, increment, firstMoveAllowance, margin, clock, value);
    }

    /**
     * The hints every bot finds in its environment, so that a bot that wants to can plan its
     * time: {@code CAISSA_TIME_PER_GAME_MS}, {@code CAISSA_TIME_PER_MOVE_MS} (only with a cap),
     * {@code CAISSA_INCREMENT_MS}, {@code CAISSA_FIRST_MOVE_ALLOWANCE_MS}, {@code CAISSA_CLOCK}
     * ({@code wall} or {@code cpu}).
     */
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("CAISSA_TIME_PER_GAME_MS", Long.toString(perGame.toMillis()));
        perMove.ifPresent(cap -> env.put("CAISSA_TIME_PER_MOVE_MS", Long.toString(cap.toMillis())));
        env.put("CAISSA_INCREMENT_MS", Long.toString(increment.toMillis()));
        env.put("CAISSA_FIRST_MOVE_ALLOWANCE_MS", Long.toString(firstMoveAllowance.toMillis()));
        env.put("CAISSA_CLOCK", clock.word());
        return env;
    }

    /** For example {@code 30s per game, 1s cap per move, +0s per move, 1s first-move allowance}. */
    public String describe() {
        return Durations.format(perGame) + " per game"
                + perMove.map(cap -> ", " + Durations.format(cap) + " cap per move")
                        .orElse("")
                + ", +" + Durations.format(increment) + " per move, "
                + Durations.format(firstMoveAllowance) + " first-move allowance"
                + (margin.isZero() ? "" : ", " + Durations.format(margin) + " margin")
                + (clock == ClockKind.WALL ? "" : ", " + clock + " clock")
                + (suspendIdle ? "" : ", idle bots not suspended");
    }
}
