package caissa.arena.game;

/**
 * One side's clock during a game, in nanoseconds: what it has left, how long it may take for
 * the next reply, and what a reply costs. Pure arithmetic on the numbers it is given (wall or
 * CPU time alike), so every rule is tested without a process. Mutable, owned by one game thread.
 */
final class Clock {

    private final TimeControl control;
    private long remaining;
    private long used;
    private boolean first = true;

    Clock(TimeControl control) {
        this.control = control;
        this.remaining = control.perGame().toNanos();
    }

    /**
     * How long the next reply may take from the moment the line to the bot was written: what is
     * left on the clock, at most the cap per move, plus the start-up allowance on the first reply.
     */
    long allowance() {
        long allowed = remaining;
        if (control.perMove().isPresent()) {
            allowed = Math.min(allowed, control.perMove().get().toNanos());
        }
        return allowed + (first ? control.firstMoveAllowance().toNanos() : 0);
    }

    /** The latest a reply may come and still count: the allowance plus the margin. */
    long limit() {
        return allowance() + control.margin().toNanos();
    }

    /** Whether a reply that took {@code elapsed} nanoseconds came in time. */
    boolean inTime(long elapsed) {
        return elapsed <= limit();
    }

    /**
     * Charges a reply that took {@code elapsed} nanoseconds (in time), then adds the increment.
     * The first-move allowance is not charged; lateness within the margin is forgiven, not
     * carried over as a debt (the clock does not go below zero).
     */
    void charge(long elapsed) {
        long charged =
                first ? Math.max(0, elapsed - control.firstMoveAllowance().toNanos()) : elapsed;
        first = false;
        used += charged;
        remaining = Math.max(0, remaining - charged) + control.increment().toNanos();
    }

    long remaining() {
        return remaining;
    }

    long used() {
        return used;
    }
}
