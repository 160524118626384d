package caissa.arena.game;

/**
 * A {@link Ticker} that moves only when told: the clock of in-process games, so that a test says
 * exactly how long each reply took and what the arena's own work cost.
 */
public final class ManualTicker implements Ticker {

    private long now;

    @Override
    public long nanoTime() {
        return now;
    }

    /** Moves the time forward to {@code nanos}; never backwards. */
    public void advanceTo(long nanos) {
        now = Math.max(now, nanos);
    }

    public void advance(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("time does not go backwards: " + nanos);
        }
        now += nanos;
    }
}
