package caissa.arena.game;

import caissa.arena.Version;
import caissa.arena.bot.BotCommand;
import caissa.arena.bot.BotProcess;
import caissa.arena.bot.Delivery;
import caissa.arena.bot.Reply;
import caissa.arena.bot.SampleBots;
import caissa.arena.bot.ShutdownReport;
import caissa.arena.bot.StderrExcerpt;
import caissa.arena.rules.Move;
import caissa.arena.rules.Outcome;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.SandboxRecord;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * Plays one game between two bot processes (RULES.md 8 and 9): one plain synchronous loop on
 * the calling thread. Every way a bot can misbehave ends the game with a recorded result; the
 * bots and everything they started are gone when {@link #play} returns.
 */
public final class Game {

    /** How long to wait for a crashed bot's exit status. */
    private static final Duration EXIT_STATUS_WAIT = Duration.ofMillis(500);

    private final GameSetup setup;
    private final GameListener listener;
    private final Isolation isolation;
    private final Map<Side, Seat> seats = new EnumMap<>(Side.class);
    private final List<PlayedMove> moves = new ArrayList<>();
    private Position position;

    /** A bot's place at the board: its process (if it started) and its clock. */
    private static final class Seat {
        final Side side;
        final Entrant entrant;
        final Clock clock;
        BotProcess bot;
        String startFailure;
        ShutdownReport shutdown;
        SandboxRecord sandbox;

        Seat(Side side, Entrant entrant, TimeControl control) {
            this.side = side;
            this.entrant = entrant;
            this.clock = new Clock(control);
        }

        String who() {
            return entrant.name() + " (" + side + ")";
        }
    }

    private Game(GameSetup setup, GameListener listener) {
        this.setup = setup;
        this.listener = listener;
        this.isolation = setup.isolation().resolved();
    }

    /** Plays the game to its end and returns its log. */
    public static GameRecord play(GameSetup setup, GameListener listener) {
        return new Game(setup, listener).run();
    }

    public static GameRecord play(GameSetup setup) {
        return play(setup, GameListener.NONE);
    }

    private GameRecord run() {
        Instant startedAt = Instant.now();
        long t0 = System.nanoTime();
        position = Position.initial();
        for (Move move : setup.opening()) {
            position = position.play(move);
        }
        Position start = position;
        for (Side side : Side.values()) {
            seats.put(side, new Seat(side, setup.entrant(side), setup.timeControl()));
        }
        GameOutcome outcome;
        try {
            launchAll();
            listener.started(setup, start);
            outcome = startFailures().orElseGet(() -> overLimits(loop()));
        } finally {
            shutDown();
        }
        long durationMillis = (System.nanoTime() - t0) / 1_000_000;
        return new GameRecord(GameRecord.SCHEMA, Version.current(), setup.tournament(),
                playerRecord(seats.get(Side.WHITE)), playerRecord(seats.get(Side.BLACK)),
                GameRecord.TimeControlRecord.of(setup.timeControl()), setup.opening(), start.toCfn(), moves,
                outcome.result(), outcome.termination(), loser(outcome.result()), outcome.reason(),
                position.toCfn(), startedAt.toString(), durationMillis);
    }

    /** Resolves both commands first: each bot's sandbox hides the other's files. */
    private void launchAll() {
        Map<Side, BotCommand> commands = new EnumMap<>(Side.class);
        for (Seat seat : seats.values()) {
            try {
                commands.put(seat.side, SampleBots.resolve(seat.entrant.command()));
            } catch (IllegalArgumentException e) {
                seat.startFailure = e.getMessage();
            }
        }
        for (Seat seat : seats.values()) {
            BotCommand command = commands.get(seat.side);
            if (command != null) {
                launch(seat, command, commands.getOrDefault(seat.side.opponent(), command));
            }
        }
    }

    private void launch(Seat seat, BotCommand command, BotCommand opponent) {
        String name = seat.entrant.name() + "-" + seat.side;
        Optional<String> problem = Containment.startProblem(command);
        if (problem.isPresent()) {
            seat.startFailure = problem.get();
            return;
        }
        Containment containment;
        try {
            containment = Containment.prepare(command, opponent, isolation, seat.entrant.name(), name);
        } catch (IOException e) {
            seat.startFailure = "its sandbox could not be prepared: " + e.getMessage();
            return;
        }
        seat.sandbox = containment.record();
        BotProcess.Start start = BotProcess.start(command, setup.timeControl().environment(), setup.limits(), name,
                containment);
        if (start instanceof BotProcess.Start.Started started) {
            seat.bot = started.bot();
        } else {
            seat.startFailure = ((BotProcess.Start.Failed) start).reason();
        }
    }

    private Optional<GameOutcome> startFailures() {
        Seat white = seats.get(Side.WHITE);
        Seat black = seats.get(Side.BLACK);
        if (white.startFailure != null && black.startFailure != null) {
            return Optional.of(new GameOutcome(Result.BOTH_LOSE, Termination.START_FAILURE,
                    "neither bot could be started: " + white.who() + ": " + white.startFailure + "; "
                            + black.who() + ": " + black.startFailure));
        }
        for (Seat seat : List.of(white, black)) {
            if (seat.startFailure != null) {
                return Optional.of(GameOutcome.irregularLoss(seat.side, Termination.START_FAILURE,
                        seat.who() + " could not be started: " + seat.startFailure));
            }
        }
        return Optional.empty();
    }

    /**
     * A bot that went over a resource limit during the game loses by it, whatever else happened
     * (its processes were killed or refused, so the game it played is not a fair one); when both
     * did, both lose. Read before the shutdown, while the bots' cgroups still count.
     */
    private GameOutcome overLimits(GameOutcome played) {
        List<String> reasons = new ArrayList<>();
        List<Side> over = new ArrayList<>();
        for (Seat seat : seats.values()) {
            Optional<String> hit = seat.bot == null ? Optional.empty() : seat.bot.limitHit();
            if (hit.isPresent()) {
                over.add(seat.side);
                reasons.add(seat.who() + " went over its " + hit.get());
            }
        }
        if (over.isEmpty()) {
            return played;
        }
        String reason = String.join("; ", reasons) + " (" + played.reason() + ")";
        return over.size() == 2 ? new GameOutcome(Result.BOTH_LOSE, Termination.RESOURCE_LIMIT, reason)
                : GameOutcome.irregularLoss(over.get(0), Termination.RESOURCE_LIMIT, reason);
    }

    private GameOutcome loop() {
        if (!setup.opening().isEmpty()) {
            Optional<GameOutcome> refused = sendOpening();
            if (refused.isPresent()) {
                return refused.get();
            }
        }
        Move previous = null;
        long previousReceived = Long.MIN_VALUE;
        while (true) {
            Outcome rules = position.outcome();
            if (rules.isOver()) {
                return byTheRules(rules);
            }
            Seat mover = seats.get(position.sideToMove());
            Optional<GameOutcome> early = unasked(mover);
            if (early.isPresent()) {
                return early.get();
            }
            String line = previous == null ? "start" : previous.toString();
            long allowed = mover.clock.allowance();
            long writing = System.nanoTime();
            // The clock runs from the start of the write: a bot that does not read its input
            // spends its own time while the line waits, and loses on time when it runs out.
            Delivery delivery = mover.bot.send(line, writing + allowed);
            if (delivery instanceof Delivery.TimedOut) {
                return timeForfeit(mover, allowed, "did not read its input");
            }
            if (!(delivery instanceof Delivery.Written written)) {
                return crash(mover, "stopped reading its input");
            }
            // A fast bot may answer before this thread runs again (the kernel lets the woken
            // reader go first), so a reply received during the write counts as instant, and only
            // one received before it is out of turn.
            long sent = written.startedNanos();
            if (previousReceived != Long.MIN_VALUE) {
                listener.relayed(written.doneNanos() - previousReceived);
            }
            Reply reply = mover.bot.read(sent + allowed);
            if (reply instanceof Reply.Line answer) {
                if (answer.receivedNanos() < writing) {
                    return protocolError(mover, "wrote " + quote(answer.text()) + " before it was asked for a move");
                }
                long elapsed = Math.max(0, answer.receivedNanos() - sent);
                if (elapsed > allowed) {
                    return timeForfeit(mover, allowed, "did not reply");
                }
                mover.clock.charge(elapsed);
                Optional<Move> parsed = Move.parse(answer.text());
                if (parsed.isEmpty() || !position.isLegal(parsed.get())) {
                    return misplayed(mover, answer.text(), parsed);
                }
                Move move = parsed.get();
                position = position.play(move);
                PlayedMove played = new PlayedMove(position.plies(), mover.side, move, elapsed / 1000, answer.text());
                moves.add(played);
                listener.moved(played, position);
                previous = move;
                previousReceived = answer.receivedNanos();
            } else if (reply instanceof Reply.Timeout) {
                return timeForfeit(mover, allowed, "did not reply");
            } else {
                return streamEnded(mover, reply);
            }
        }
    }

    /**
     * Both bots get the {@code opening} line at once. Each must take it within what its clock
     * allows for its first move: one that does not read its input loses on time (both lose when
     * neither reads). The wait is not charged, as no move has been asked for yet.
     */
    private Optional<GameOutcome> sendOpening() {
        String line = "opening " + setup.opening().stream().map(Move::toString).collect(Collectors.joining(" "));
        long now = System.nanoTime();
        Map<Side, CompletableFuture<Delivery>> pending = new EnumMap<>(Side.class);
        seats.values().forEach(seat -> pending.put(seat.side, seat.bot.sendLater(line)));
        List<Seat> stuck = new ArrayList<>();
        for (Seat seat : seats.values()) {
            // A bot that cannot take the line because it exited is found out when it is first asked for a move.
            if (BotProcess.awaitDelivery(pending.get(seat.side), now + seat.clock.allowance()) instanceof Delivery.TimedOut) {
                stuck.add(seat);
            }
        }
        if (stuck.size() == 2) {
            return Optional.of(new GameOutcome(Result.BOTH_LOSE, Termination.TIME_FORFEIT,
                    "neither bot read the opening line within its " + seconds(stuck.get(0).clock.allowance())));
        }
        return stuck.stream().findFirst().map(seat -> timeForfeit(seat, seat.clock.allowance(),
                "did not read the opening line"));
    }

    /** An over-long line, a flood or the end of output, seen when the bot was asked or before. */
    private GameOutcome streamEnded(Seat seat, Reply reply) {
        if (reply instanceof Reply.TooLong tooLong) {
            return protocolError(seat, "wrote a line longer than " + tooLong.limit() + " bytes");
        }
        if (reply instanceof Reply.Flood flood) {
            return protocolError(seat, "wrote more than " + flood.limit() + " lines it was not asked for");
        }
        return crash(seat, "closed its output");
    }

    /** Lines a bot wrote while it was not its turn break the protocol; so does having exited. */
    private Optional<GameOutcome> unasked(Seat seat) {
        Optional<Reply> reply = seat.bot.unasked();
        if (reply.isEmpty()) {
            return Optional.empty();
        }
        if (reply.get() instanceof Reply.Line line) {
            return Optional.of(protocolError(seat, "wrote " + quote(line.text()) + " before it was asked for a move"));
        }
        return Optional.of(streamEnded(seat, reply.get()));
    }

    /** A reply that is not a well-formed move (protocol error) or not a legal one (illegal move). */
    private GameOutcome misplayed(Seat seat, String text, Optional<Move> move) {
        if (move.isEmpty()) {
            String what = text.isBlank() ? "an empty line" : quote(text) + ", which is not a move like b2-c4";
            return protocolError(seat, "replied " + what);
        }
        return GameOutcome.irregularLoss(seat.side, Termination.ILLEGAL_MOVE, seat.who() + " played " + move.get()
                + ", which is illegal: " + position.illegalReason(move.get()).orElseThrow());
    }

    private GameOutcome byTheRules(Outcome rules) {
        Side toMove = position.sideToMove();
        if (rules instanceof Outcome.Checkmate mate) {
            return new GameOutcome(Result.winFor(mate.winner()), Termination.CHECKMATE,
                    seats.get(mate.winner()).who() + " wins by checkmate: " + seats.get(toMove).who()
                            + " is in check and has no legal move");
        }
        if (rules instanceof Outcome.Stalemate) {
            return new GameOutcome(Result.DRAW, Termination.STALEMATE,
                    "stalemate: " + seats.get(toMove).who() + " has no legal move and is not in check");
        }
        return new GameOutcome(Result.DRAW, Termination.MOVE_LIMIT,
                "move limit: " + position.plies() + " plies played without checkmate or stalemate");
    }

    private GameOutcome timeForfeit(Seat seat, long allowedNanos, String what) {
        return GameOutcome.irregularLoss(seat.side, Termination.TIME_FORFEIT,
                seat.who() + " " + what + " within its " + seconds(allowedNanos) + " ("
                        + seconds(Math.max(0, seat.clock.remaining())) + " left on its clock)");
    }

    private GameOutcome crash(Seat seat, String what) {
        Optional<Integer> status = seat.bot.exitStatus(EXIT_STATUS_WAIT);
        String how = status.map(code -> code > 128
                        ? "exited, killed by signal " + (code - 128)
                        : "exited with status " + code)
                .orElse(what + " but is still running");
        return GameOutcome.irregularLoss(seat.side, Termination.CRASH,
                seat.who() + " " + how + " before the game was over");
    }

    private static GameOutcome protocolError(Seat seat, String what) {
        return GameOutcome.irregularLoss(seat.side, Termination.PROTOCOL_ERROR, seat.who() + " " + what);
    }

    /** Both bots are asked to end at once and share one grace period, then anything left is killed. */
    private void shutDown() {
        List<Seat> running = seats.values().stream().filter(seat -> seat.bot != null).toList();
        running.forEach(seat -> seat.bot.askToEnd());
        long deadline = System.nanoTime() + setup.grace().toNanos();
        running.forEach(seat -> seat.shutdown = seat.bot.awaitEnd(deadline));
    }

    private GameRecord.PlayerRecord playerRecord(Seat seat) {
        StderrExcerpt stderr = seat.bot == null ? StderrExcerpt.EMPTY : seat.bot.stderr();
        return new GameRecord.PlayerRecord(seat.entrant.name(), seat.entrant.command().argv(),
                seat.clock.used() / 1_000_000, stderr,
                seat.shutdown == null ? null : GameRecord.ExitRecord.of(seat.shutdown), seat.sandbox);
    }

    private static String loser(Result result) {
        return switch (result) {
            case WHITE_WINS -> "black";
            case BLACK_WINS -> "white";
            case BOTH_LOSE -> "both";
            case DRAW -> null;
        };
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }

    /** Quotes a bot's text for a reason sentence, shortened so that a log stays readable. */
    private static String quote(String text) {
        String shown = text.length() > 60 ? text.substring(0, 60) + "…" : text;
        return "'" + shown.replace("\r", "\\r").replace("\t", "\\t") + "'";
    }
}
