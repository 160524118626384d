package caissa.arena.runner;

import caissa.arena.bot.BotHost;
import caissa.arena.game.Game;
import caissa.arena.game.GameListener;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.Termination;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * Plays games concurrently, each on its own thread with its own bot processes, and hands every
 * finished game to one callback at a time. Tournaments and matches share it. A game's result
 * depends only on its setup, never on which thread or in which order it ran.
 *
 * <p>A failure anywhere in the pool (an exception or an {@link Error} in a game, in the source
 * of games or in the sink) stops it: no new game starts, the games already running finish and
 * are still delivered (unless the sink itself failed), and {@link #run} throws the failure. A
 * worker never dies silently and leaves the run looking complete.
 */
public final class GamePool {

    /** Receives finished games one at a time; returns false to stop starting new games. */
    @FunctionalInterface
    public interface Sink {
        boolean accept(GameRecord record) throws Exception;
    }

    /** Plays one game; {@link Game#play} with the run's {@link BotHost} outside tests and the benchmarks' in-process games. */
    @FunctionalInterface
    public interface Player {
        GameRecord play(GameSetup setup);

        /** Whether the arena is being stopped: a game finished now is not recorded. */
        default boolean stopping() {
            return false;
        }
    }

    /** Plays each game with bots of {@code host}, which says when the arena is stopping. */
    public static Player hosted(BotHost host) {
        return new Player() {
            @Override
            public GameRecord play(GameSetup setup) {
                return Game.play(setup, GameListener.NONE, host);
            }

            @Override
            public boolean stopping() {
                return host.stopping();
            }
        };
    }

    private final int concurrency;
    private final Player player;
    private final Object lock = new Object();
    private boolean stopped;
    private boolean sinkFailed;
    private Throwable failure;

    /** A pool whose games' bots belong to a host of its own, open while it runs. */
    public GamePool(int concurrency) {
        this(concurrency, (Player) null);
    }

    /** A pool whose games' bots belong to the command's {@code host}. */
    public GamePool(int concurrency, BotHost host) {
        this(concurrency, hosted(host));
    }

    public GamePool(int concurrency, Player player) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, got " + concurrency);
        }
        this.concurrency = concurrency;
        this.player = player;
    }

    /**
     * Plays the games the source gives (empty when there are no more) until it runs out or the
     * sink says stop; games already running are finished and delivered.
     *
     * @throws Exception the first exception thrown in the pool; an {@link Error} comes wrapped in
     *     an {@link ExecutionException} (no new games start after it)
     */
    public void run(Supplier<Optional<GameSetup>> source, Sink sink) throws Exception {
        if (player == null) {
            try (BotHost own = BotHost.open()) {
                run(hosted(own), source, sink);
            }
        } else {
            run(player, source, sink);
        }
    }

    private void run(Player player, Supplier<Optional<GameSetup>> source, Sink sink) throws Exception {
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            Thread worker = new Thread(() -> work(player, source, sink), "game-" + (i + 1));
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        if (failure instanceof Exception e) {
            throw e;
        }
        if (failure != null) {
            throw new ExecutionException("a game failed: " + failure, failure);
        }
    }

    private void work(Player player, Supplier<Optional<GameSetup>> source, Sink sink) {
        try {
            loop(player, source, sink);
        } catch (Throwable e) {
            // Whatever escaped (an Error in the source, in bookkeeping): the run must not look complete.
            fail(e, false);
        }
    }

    private void loop(Player player, Supplier<Optional<GameSetup>> source, Sink sink) {
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
                record = player.play(next.get());
            } catch (Throwable e) {
                // A bug in the arena, not a bot's misbehaviour: stop and report it.
                fail(e, false);
                return;
            }
            synchronized (lock) {
                // A game cut short by the arena's own shutdown is unfinished, not a loss: drop it.
                if (sinkFailed || player.stopping() || record.termination() == Termination.ABORTED) {
                    stopped = true;
                    return;
                }
                try {
                    if (!sink.accept(record)) {
                        stopped = true;
                    }
                } catch (Throwable e) {
                    fail(e, true);
                    return;
                }
            }
        }
    }

    private void fail(Throwable e, boolean inSink) {
        synchronized (lock) {
            failure = failure == null ? e : failure;
            sinkFailed |= inSink;
            stopped = true;
        }
    }
}
