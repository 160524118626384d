package caissa.arena.tournament;

import caissa.arena.bot.BotProcess;
import caissa.arena.game.Game;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.Termination;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Plays games concurrently, each on its own thread with its own bot processes, and hands every
 * finished game to one callback at a time. Tournaments and matches share it. A game's result
 * depends only on its setup, never on which thread or in which order it ran.
 */
public final class GamePool {

    /** Receives finished games one at a time; returns false to stop starting new games. */
    @FunctionalInterface
    public interface Sink {
        boolean accept(GameRecord record) throws Exception;
    }

    private final int concurrency;
    private final Object lock = new Object();
    private boolean stopped;
    private Exception failure;

    public GamePool(int concurrency) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, got " + concurrency);
        }
        this.concurrency = concurrency;
    }

    /**
     * Plays the games the source gives (empty when there are no more) until it runs out or the
     * sink says stop; games already running are finished and delivered.
     *
     * @throws Exception the first exception the sink threw (no new games start after it)
     */
    public void run(Supplier<Optional<GameSetup>> source, Sink sink) throws Exception {
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            Thread worker = new Thread(() -> work(source, sink), "game-" + (i + 1));
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        if (failure != null) {
            throw failure;
        }
    }

    private void work(Supplier<Optional<GameSetup>> source, Sink sink) {
        while (true) {
            Optional<GameSetup> next;
            synchronized (lock) {
                if (stopped) {
                    return;
                }
                next = source.get();
            }
            if (next.isEmpty()) {
                return;
            }
            GameRecord record;
            try {
                record = Game.play(next.get());
            } catch (RuntimeException e) {
                // A bug in the arena, not a bot's misbehaviour: stop and report it.
                synchronized (lock) {
                    failure = failure == null ? e : failure;
                    stopped = true;
                }
                return;
            }
            synchronized (lock) {
                // A game cut short by the arena's own shutdown is unfinished, not a loss: drop it.
                if (failure != null || BotProcess.arenaStopping() || record.termination() == Termination.ABORTED) {
                    stopped = true;
                    return;
                }
                try {
                    if (!sink.accept(record)) {
                        stopped = true;
                    }
                } catch (Exception e) {
                    failure = e;
                    stopped = true;
                    return;
                }
            }
        }
    }
}
