package caissa.arena.game;

import caissa.arena.bot.BotCommand;
import caissa.arena.bot.BotProcess;
import caissa.arena.bot.Reply;
import caissa.arena.bot.SampleBots;
import caissa.arena.bot.ShutdownReport;
import caissa.arena.bot.StderrExcerpt;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** A seat taken by a bot process ({@link BotProcess}); times are {@link Ticker#SYSTEM}'s. */
public final class ProcessSeat implements Seat {

    private final BotProcess bot;

    private ProcessSeat(BotProcess bot) {
        this.bot = bot;
    }

    /** Opens seats by starting the entrants' commands with the game's environment and limits. */
    public static Opener opener(GameSetup setup) {
        return (entrant, name) -> {
            BotCommand command;
            try {
                command = SampleBots.resolve(entrant.command());
            } catch (IllegalArgumentException e) {
                return new Opened.Failed(e.getMessage());
            }
            Map<String, String> environment = new HashMap<>(setup.timeControl().environment());
            environment.put(Game.VARIANT_VARIABLE, setup.variant().id());
            BotProcess.Start start = BotProcess.start(command, environment, setup.limits(), name);
            if (start instanceof BotProcess.Start.Started started) {
                return new Opened.Ready(new ProcessSeat(started.bot()));
            }
            return new Opened.Failed(((BotProcess.Start.Failed) start).reason());
        };
    }

    @Override
    public boolean send(String line) {
        return bot.send(line);
    }

    @Override
    public Reply read(long deadlineNanos) {
        return bot.read(deadlineNanos);
    }

    @Override
    public Optional<Reply> unasked() {
        return bot.unasked();
    }

    @Override
    public long cpuNanos() {
        return bot.cpuNanos();
    }

    @Override
    public void suspend() {
        bot.suspend();
    }

    @Override
    public void resume() {
        bot.resume();
    }

    @Override
    public Optional<Integer> exitStatus(Duration wait) {
        return bot.exitStatus(wait);
    }

    @Override
    public void askToEnd() {
        bot.askToEnd();
    }

    @Override
    public ShutdownReport awaitEnd(long deadlineNanos) {
        return bot.awaitEnd(deadlineNanos);
    }

    @Override
    public StderrExcerpt stderr() {
        return bot.stderr();
    }
}
