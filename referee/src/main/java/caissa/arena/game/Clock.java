package caissa.arena.game;

/**
 * One side's clock during a game, in nanoseconds: what it has left, and how long it may take
 * for the next reply. Mutable, owned by one game thread.
 */
final class Clock {

    private final TimeControl control;
    private long remaining;
    private boolean first = true;

    Clock(TimeControl control) {
        this.control = control;
        this.remaining = control.perGame().toNanos();
    }

    /** How long the next reply may take from the moment the line to the bot was written. */
    long allowance() {
        long allowed = remaining;
        if (control.perMove().isPresent()) {
            allowed = Math.min(allowed, control.perMove().get().toNanos());
        }
        return allowed + (first ? control.firstMoveAllowance().toNanos() : 0);
    }

    /** Charges a reply that took {@code elapsed} nanoseconds (within the allowance), then adds the increment. */
    void charge(long elapsed) {
        long charged = first ? Math.max(0, elapsed - control.firstMoveAllowance().toNanos()) : elapsed;
        first = false;
        remaining -= charged;
        remaining += control.increment().toNanos();
    }

    long remaining() {
        return remaining;
    }
}
