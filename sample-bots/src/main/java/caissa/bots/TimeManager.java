package caissa.bots;

import caissa.arena.rules.Position;
import java.time.Duration;

/**
 * Decides how long to think about one move, from the time the bot has left.
 *
 * <p>Each player makes at most 100 moves, so the moves still to come are known at most; most
 * games end well before, so the budget is spread over at most {@link #HORIZON} of them, plus
 * most of the increment. A reserve (a fixed part and a share of the time left) is never spent: it
 * pays for what our own clock cannot see (pipes, scheduling, garbage collection). The search
 * starts no new iteration after half its target and stops dead at the hard limit, which is
 * never beyond the per-move cap less a margin.
 */
final class TimeManager {

    /** Moves over which the time left is spread, when more than that may remain. */
    static final int HORIZON = 30;

    private static final long RESERVE_NANOS = 40_000_000L;
    private static final int RESERVE_PERCENT = 3;
    private static final long CAP_MARGIN_NANOS = 25_000_000L;
    private static final int CAP_MARGIN_PERCENT = 10;
    private static final int MOVES_PER_PLAYER = Position.MOVE_LIMIT_PLIES / 2;

    private final TimeControl timeControl;

    TimeManager(TimeControl timeControl) {
        this.timeControl = timeControl;
    }

    /** How long to think about a move in this position with this much time left. */
    ThinkingTime plan(Position position, Duration timeLeft) {
        long left = Math.max(0, timeLeft.toNanos());
        long usable = Math.max(0, left - RESERVE_NANOS - left / 100 * RESERVE_PERCENT);
        int movesLeft = Math.max(1, MOVES_PER_PLAYER - position.plies() / 2);
        long increment = timeControl.increment().toNanos();
        long target = usable / Math.min(movesLeft, HORIZON) + increment / 4 * 3;
        long hard = Math.min(target * 3, usable / 4 + increment / 2);
        if (timeControl.perMove().isPresent()) {
            long cap = timeControl.perMove().get().toNanos();
            long capped = Math.max(0, cap - Math.max(CAP_MARGIN_NANOS, cap / 100 * CAP_MARGIN_PERCENT));
            hard = Math.min(hard, capped);
        }
        target = Math.min(target, hard);
        return new ThinkingTime(target / 2, hard);
    }

    /**
     * @param softNanos start no new iteration once this much time has passed
     * @param hardNanos abandon the search once this much time has passed
     */
    record ThinkingTime(long softNanos, long hardNanos) {

        static final ThinkingTime UNLIMITED = new ThinkingTime(Long.MAX_VALUE, Long.MAX_VALUE);
    }
}
