package caissa.arena.runner;

import caissa.arena.game.GameSetup;
import java.util.Iterator;
import java.util.Optional;

/**
 * Plays games batch by batch from a schedule that can wait for results: the next batch is asked
 * for only when every game of the one before has been delivered, so a Swiss round is paired from
 * the finished round before it. Within a batch the games run concurrently on a {@link GamePool}.
 */
public final class BatchRunner {

    /** The schedule: the next batch of games to play, or empty when there is none. */
    @FunctionalInterface
    public interface Batches {
        Optional<Batch> next() throws Exception;
    }

    /** A batch: how many games, and the games, set up one by one as they start. */
    public record Batch(int size, Iterator<GameSetup> games) {}

    private final int concurrency;
    private final GamePool.Player player;

    public BatchRunner(int concurrency) {
        // Each batch's pool then opens a host of its own for its bots.
        this(concurrency, null);
    }

    public BatchRunner(int concurrency, GamePool.Player player) {
        this.concurrency = concurrency;
        this.player = player;
    }

    /**
     * Plays batches until the schedule has none left, or a batch ends with games not delivered
     * (the sink said stop, or the arena is stopping).
     *
     * @return whether the schedule ran out (rather than stopping early)
     */
    public boolean run(Batches batches, GamePool.Sink sink) throws Exception {
        while (true) {
            Optional<Batch> batch = batches.next();
            if (batch.isEmpty()) {
                return true;
            }
            Iterator<GameSetup> pending = batch.get().games();
            int[] delivered = {0};
            new GamePool(concurrency, player)
                    .run(() -> pending.hasNext() ? Optional.of(pending.next()) : Optional.empty(), record -> {
                        delivered[0]++;
                        return sink.accept(record);
                    });
            if (delivered[0] < batch.get().size()) {
                return false;
            }
        }
    }
}
