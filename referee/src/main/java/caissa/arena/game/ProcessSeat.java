package caissa.arena.game;

import caissa.arena.bot.BotHost;
import caissa.arena.bot.BotProcess;
import caissa.arena.bot.Delivery;
import caissa.arena.bot.Reply;
import caissa.arena.bot.ShutdownReport;
import caissa.arena.bot.StderrExcerpt;
import caissa.arena.program.BotCommand;
import caissa.arena.program.SampleBots;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.Parts;
import caissa.arena.sandbox.SandboxRecord;
import java.io.IOException;
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

    /**
     * Opens seats by starting the entrants' commands as bots of {@code host}, with the game's
     * environment and limits, each in its sandbox (see {@link Containment}), which hides the other
     * bot's files from it.
     */
    public static Opener opener(GameSetup setup, BotHost host) {
        Isolation isolation = setup.isolation();
        Parts parts = host.parts(isolation.sandbox());
        return new Opener() {
            @Override
            public Opened open(Entrant entrant, String name) {
                return ProcessSeat.open(setup, isolation, parts, host, entrant, name);
            }

            @Override
            public boolean stopping() {
                return host.stopping();
            }
        };
    }

    private static Opened open(
            GameSetup setup, Isolation isolation, Parts parts, BotHost host, Entrant entrant, String name) {
        BotCommand command;
        BotCommand opponent;
        try {
            command = SampleBots.resolve(entrant.command());
            Entrant other = entrant == setup.white() ? setup.black() : setup.white();
            opponent = SampleBots.isSample(other.command()) ? SampleBots.resolve(other.command()) : other.command();
        } catch (IllegalArgumentException e) {
            return new Opened.Failed(e.getMessage());
        }
        Optional<String> problem =
                Containment.startProblem(command).or(() -> Containment.visibilityProblem(command, isolation, parts));
        if (problem.isPresent()) {
            return new Opened.Failed(problem.get());
        }
        Map<String, String> environment = new HashMap<>(setup.timeControl().environment());
        environment.put(Game.VARIANT_VARIABLE, setup.variant().id());
        Containment.Prepared prepared;
        try {
            prepared = Containment.prepare(parts, command, opponent, isolation, entrant.name(), environment);
        } catch (IOException e) {
            return new Opened.Failed("its sandbox could not be prepared: " + e.getMessage());
        }
        if (prepared instanceof Containment.Prepared.Refused refused) {
            return new Opened.Failed(refused.reason());
        }
        Containment containment = ((Containment.Prepared.Ready) prepared).containment();
        BotProcess.Start start = host.start(command, environment, setup.limits(), name, containment);
        if (start instanceof BotProcess.Start.Started started) {
            return new Opened.Ready(new ProcessSeat(started.bot()));
        }
        return new Opened.Failed(((BotProcess.Start.Failed) start).reason());
    }

    @Override
    public Delivery send(String line, long deadlineNanos) {
        return bot.send(line, deadlineNanos);
    }

    @Override
    public Optional<SandboxRecord> sandbox() {
        return bot.sandboxRecord();
    }

    @Override
    public Optional<String> limitHit() {
        return bot.limitHit();
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
    public long waitedNanos() {
        return bot.waitedNanos();
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
    public Optional<String> launchFailure(Duration wait) {
        return bot.launchFailure(wait);
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
