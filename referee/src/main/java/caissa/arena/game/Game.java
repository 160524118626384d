package caissa.arena.game;

import caissa.arena.Version;
import caissa.arena.bot.BotHost;
import caissa.arena.bot.Delivery;
import caissa.arena.bot.Reply;
import caissa.arena.bot.ShutdownReport;
import caissa.arena.bot.StderrExcerpt;
import caissa.arena.rules.Move;
import caissa.arena.rules.Outcome;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Plays one game between two seats (RULES.md 8 and 9): one plain synchronous loop on the
 * calling thread. Every way a bot can misbehave ends the game with a recorded result; the bots
 * and everything they started are gone when {@link #play} returns.
 *
 * <p>The clock of the side to move runs from the line written to it to its reply; the arena's
 * own work happens outside that span. With {@link TimeControl#suspendIdle()}, the side not to move
 * gets no CPU from its reply until the next line is written to it, and the cost of stopping and
 * continuing it is charged to no one.
 */
public final class Game {

    /** How long to wait for a crashed bot's exit status. */
    private static final Duration EXIT_STATUS_WAIT = Duration.ofMillis(500);
    /** The CPU clock's wall-time safety cap: this many times the allowance, plus {@link #CPU_CAP_EXTRA}. */
    static final long CPU_CAP_FACTOR = 3;

    static final long CPU_CAP_EXTRA = Duration.ofSeconds(1).toNanos();
    /**
     * How often, at most, a CPU clock looks at the bot's CPU time while waiting for its reply (and
     * a wall clock at what it excuses, once the limit has passed).
     */
    static final long CPU_POLL_MAX = Duration.ofMillis(20).toNanos();

    static final long CPU_POLL_MIN = Duration.ofMillis(1).toNanos();

    private final GameSetup setup;
    private final GameListener listener;
    private final Seat.Opener opener;
    private final Ticker ticker;
    private final Map<Side, Place> places = new EnumMap<>(Side.class);
    private final List<PlayedMove> moves = new ArrayList<>();
    private Position position;

    /** A bot's place at the board: its seat (if it could be opened) and its clock. */
    private static final class Place {
        final Side side;
        final Entrant entrant;
        final Clock clock;
        Seat seat;
        String startFailure;
        ShutdownReport shutdown;
        /**
         * Every reply's time less what was excused (see {@link #excused}), the first one's and a
         * forfeited wait included: what the bot took, not what its clock was charged.
         */
        long spent;

        Place(Side side, Entrant entrant, TimeControl control) {
            this.side = side;
            this.entrant = entrant;
            this.clock = new Clock(control);
        }

        String who() {
            return entrant.name() + " (" + side + ")";
        }
    }

    /** How a wait for a reply ended: a reply, or a forfeit on one of the clocks. */
    private sealed interface Wait {
        /** A reply, and what it costs the bot if it is a line: the CPU (cpu clock) or wall time (wall clock) it took. */
        record Replied(Reply reply, long took) implements Wait {}

        record OutOfTime(String how) implements Wait {}
    }

    /** The environment variable that tells a bot the game's variant (HEXCAISSA.md 8). */
    public static final String VARIANT_VARIABLE = "CAISSA_VARIANT";

    private Game(GameSetup setup, GameListener listener, Seat.Opener opener, Ticker ticker) {
        this.setup = setup;
        this.listener = listener;
        this.opener = opener;
        this.ticker = ticker;
    }

    /** Plays the game between bot processes to its end and returns its log; its bots are a host's of their own. */
    public static GameRecord play(GameSetup setup, GameListener listener) {
        try (BotHost host = BotHost.open()) {
            return play(setup, listener, host);
        }
    }

    /** Plays the game between bot processes of the command's {@code host} to its end and returns its log. */
    public static GameRecord play(GameSetup setup, GameListener listener, BotHost host) {
        return play(setup, listener, ProcessSeat.opener(setup, host), Ticker.SYSTEM);
    }

    public static GameRecord play(GameSetup setup) {
        return play(setup, GameListener.NONE);
    }

    /** Plays the game between the seats {@code opener} opens, timed by {@code ticker}. */
    public static GameRecord play(GameSetup setup, GameListener listener, Seat.Opener opener, Ticker ticker) {
        return new Game(setup, listener, opener, ticker).run();
    }

    private GameRecord run() {
        Instant startedAt = Instant.now();
        long t0 = ticker.nanoTime();
        position = setup.variant().initial();
        for (Move move : setup.opening()) {
            position = position.play(move);
        }
        Position start = position;
        for (Side side : Side.values()) {
            places.put(side, new Place(side, setup.entrant(side), setup.timeControl()));
        }
        GameOutcome outcome;
        try {
            for (Place place : places.values()) {
                open(place);
            }
            listener.started(setup, start);
            outcome = startFailures().orElseGet(() -> overLimits(loop()));
            // Bots killed or a wait interrupted because the arena is being stopped end a game in
            // ways that look like a bot's fault: they are not a result.
            if (stopping() && outcome.termination() != Termination.ABORTED) {
                outcome = aborted();
            }
        } finally {
            shutDown();
        }
        long durationMillis = (ticker.nanoTime() - t0) / 1_000_000;
        return new GameRecord(
                GameRecord.SCHEMA,
                Version.current(),
                setup.variant(),
                setup.tournament(),
                playerRecord(places.get(Side.WHITE)),
                playerRecord(places.get(Side.BLACK)),
                GameRecord.TimeControlRecord.of(setup.timeControl()),
                setup.opening(),
                start.toCfn(),
                moves,
                outcome.result(),
                outcome.termination(),
                loser(outcome.result()),
                outcome.reason(),
                position.toCfn(),
                startedAt.toString(),
                durationMillis,
                setup.book());
    }

    private void open(Place place) {
        Seat.Opened opened = opener.open(place.entrant, place.entrant.name() + "-" + place.side);
        if (opened instanceof Seat.Opened.Ready ready) {
            place.seat = ready.seat();
        } else {
            place.startFailure = ((Seat.Opened.Failed) opened).reason();
        }
    }

    private Optional<GameOutcome> startFailures() {
        Place white = places.get(Side.WHITE);
        Place black = places.get(Side.BLACK);
        if (white.startFailure != null && black.startFailure != null) {
            return Optional.of(new GameOutcome(
                    Result.BOTH_LOSE,
                    Termination.START_FAILURE,
                    "neither bot could be started: " + white.who() + ": " + white.startFailure + "; " + black.who()
                            + ": " + black.startFailure));
        }
        for (Place place : List.of(white, black)) {
            if (place.startFailure != null) {
                return Optional.of(GameOutcome.irregularLoss(
                        place.side,
                        Termination.START_FAILURE,
                        place.who() + " could not be started: " + place.startFailure));
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
        for (Place place : places.values()) {
            Optional<String> hit = place.seat == null ? Optional.empty() : place.seat.limitHit();
            if (hit.isPresent()) {
                over.add(place.side);
                reasons.add(place.who() + " went over its " + hit.get());
            }
        }
        if (over.isEmpty()) {
            return played;
        }
        String reason = String.join("; ", reasons) + " (" + played.reason() + ")";
        return over.size() == 2
                ? new GameOutcome(Result.BOTH_LOSE, Termination.RESOURCE_LIMIT, reason)
                : GameOutcome.irregularLoss(over.get(0), Termination.RESOURCE_LIMIT, reason);
    }

    /**
     * Both bots get the {@code opening} line. Each must take it within what its clock allows for
     * its first move: one that does not read its input loses on time (both lose when neither
     * reads). The wait is not charged, as no move has been asked for yet.
     */
    private Optional<GameOutcome> sendOpening() {
        String line = "opening " + setup.opening().stream().map(Move::toString).collect(Collectors.joining(" "));
        List<Place> stuck = new ArrayList<>();
        for (Place place : places.values()) {
            // A bot that cannot take the line because it exited is found out when it is first asked for a move.
            if (place.seat.send(line, ticker.nanoTime() + writeLimit(place)) instanceof Delivery.TimedOut) {
                stuck.add(place);
            }
        }
        if (stuck.size() == 2) {
            return Optional.of(new GameOutcome(
                    Result.BOTH_LOSE,
                    Termination.TIME_FORFEIT,
                    "neither bot read the opening line within its "
                            + seconds(stuck.get(0).clock.allowance())));
        }
        return stuck.stream()
                .findFirst()
                .map(place -> timeForfeit(
                        place, "did not read the opening line within its " + seconds(place.clock.allowance())));
    }

    /** How long a write to the bot may wait for it to read: its whole limit (or, on a CPU clock, the wall-time cap). */
    private long writeLimit(Place place) {
        long limit = place.clock.limit();
        return setup.timeControl().clock() == ClockKind.CPU ? CPU_CAP_FACTOR * limit + CPU_CAP_EXTRA : limit;
    }

    private GameOutcome loop() {
        if (!setup.opening().isEmpty()) {
            Optional<GameOutcome> refused = sendOpening();
            if (refused.isPresent()) {
                return refused.get();
            }
        }
        boolean cpuClock = setup.timeControl().clock() == ClockKind.CPU;
        Move previous = null;
        long previousReceived = Long.MIN_VALUE;
        while (true) {
            Outcome rules = position.outcome();
            if (rules.isOver()) {
                return byTheRules(rules);
            }
            Place mover = places.get(position.sideToMove());
            String line = previous == null ? "start" : previous.toString();
            // On the wall clock, what the bot waits for a core is not charged (see excused).
            long waitedBefore = cpuClock ? -1 : mover.seat.waitedNanos();
            long cpuBefore = cpuClock || waitedBefore >= 0 ? mover.seat.cpuNanos() : 0;
            // Looked at last before the line is written: a line that comes after this is taken
            // for the reply (see "before it was asked" below for one that a reader dated earlier).
            Optional<GameOutcome> early = unasked(mover);
            if (early.isPresent()) {
                return early.get();
            }
            long writing = ticker.nanoTime();
            // A write waits only until the bot's time is up: one that does not read its input
            // (its pipe is full) spends its own time, and loses on time when it runs out.
            Delivery delivery = mover.seat.send(line, writing + writeLimit(mover));
            if (delivery instanceof Delivery.TimedOut) {
                return timeForfeit(
                        mover,
                        "did not read its input within its " + seconds(mover.clock.allowance()) + marginNote() + " ("
                                + seconds(Math.max(0, mover.clock.remaining())) + " left on its clock)");
            }
            if (!(delivery instanceof Delivery.Written written)) {
                return crash(mover, "stopped reading its input");
            }
            // A suspended bot is continued with its line already waiting, so that it wakes once,
            // not twice; continuing it is the arena's work, done before its clock starts.
            if (setup.timeControl().suspendIdle()) {
                mover.seat.resume();
            }
            // The clock starts once the line is written and the bot continued, less the time the
            // write waited for the bot to read (its own time). A fast bot may answer before this
            // thread runs again (the kernel lets the woken reader go first), so a reply received
            // during the write counts as instant, and only one received before it is out of turn.
            long sent = ticker.nanoTime() - (written.doneNanos() - written.startedNanos());
            if (previousReceived != Long.MIN_VALUE) {
                listener.relayed(written.doneNanos() - previousReceived);
            }
            Wait wait = cpuClock
                    ? awaitOnCpu(mover, sent, cpuBefore)
                    : awaitOnWall(mover, writing, sent, waitedBefore, cpuBefore);
            if (wait instanceof Wait.OutOfTime out) {
                mover.spent += mover.clock.allowance();
                return timeForfeit(mover, out.how());
            }
            Reply reply = ((Wait.Replied) wait).reply();
            if (reply instanceof Reply.Interrupted) {
                return aborted();
            }
            if (reply instanceof Reply.Line answer) {
                if (answer.receivedNanos() < writing) {
                    return protocolError(mover, "wrote " + quote(answer.text()) + " before it was asked for a move");
                }
                long elapsed = ((Wait.Replied) wait).took();
                mover.spent += elapsed;
                if (!mover.clock.inTime(elapsed)) {
                    return timeForfeit(mover, late(mover, elapsed, cpuClock));
                }
                mover.clock.charge(elapsed);
                Optional<Move> parsed = position.variant().parseMove(answer.text());
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
            } else {
                return streamEnded(mover, reply);
            }
        }
    }

    /** Whether the arena is being stopped: its process is shutting down or this game's thread was interrupted. */
    private boolean stopping() {
        return Thread.currentThread().isInterrupted() || opener.stopping();
    }

    private static GameOutcome aborted() {
        return new GameOutcome(
                Result.ABORTED,
                Termination.ABORTED,
                "the arena was stopped before the game was over; the game does not count");
    }

    /**
     * Wall clock: the reply must come by the limit, and is charged from the line written to the
     * line received, less what is excused (the time the bot was kept waiting for a core). When
     * the limit passes with time excused, the wait goes on (looking again at least every {@link
     * #CPU_POLL_MIN}) until what would be charged reaches the limit, but never past twice the
     * limit: a bot that makes its main thread wait cannot hold a game for longer. A reply that
     * came during the write took at most the time since the write began.
     */
    private Wait awaitOnWall(Place mover, long writing, long sent, long waitedBefore, long cpuBefore) {
        long limit = mover.clock.limit();
        long deadline = sent + limit;
        long wallCap = sent + 2 * limit;
        while (true) {
            Reply reply = mover.seat.read(deadline);
            if (setup.timeControl().suspendIdle() && reply instanceof Reply.Line) {
                mover.seat.suspend();
            }
            if (reply instanceof Reply.Line answer) {
                long received = answer.receivedNanos();
                long took = Math.max(0, received - (received < sent ? writing : sent));
                return new Wait.Replied(reply, took - excused(mover, waitedBefore, cpuBefore, took));
            }
            if (!(reply instanceof Reply.Timeout)) {
                return new Wait.Replied(reply, 0);
            }
            long now = ticker.nanoTime();
            long excused = excused(mover, waitedBefore, cpuBefore, now - sent);
            long charged = now - sent - excused;
            if (charged - limit >= 0) {
                return new Wait.OutOfTime("did not reply within its " + seconds(mover.clock.allowance())
                        + " of wall time" + marginNote()
                        + (excused > 0 ? " and the " + seconds(excused) + " it waited for a core" : "")
                        + " (" + seconds(Math.max(0, mover.clock.remaining())) + " left on its clock)");
            }
            if (now - wallCap >= 0) {
                return new Wait.OutOfTime(
                        "did not reply within " + seconds(wallCap - sent) + " of wall time, twice its "
                                + seconds(mover.clock.allowance()) + marginNote() + ", the most that the "
                                + seconds(excused) + " it waited for a core can add");
            }
            deadline = Math.min(wallCap, now + Math.max(CPU_POLL_MIN, limit - charged));
        }
    }

    /**
     * Of {@code took} nanoseconds of wall time, the part the bot is not charged: the time its
     * main thread was ready to run but kept waiting for a core (on a busy machine, behind the
     * arena's or another game's work), but never more than the time its processes did not use
     * CPU, so that a bot whose own processes keep its main thread waiting gains nothing by it.
     * None where the seat cannot tell (see {@link Seat#waitedNanos()}), or where its CPU figure
     * went back (read from another counter): never more than {@code took}.
     */
    private long excused(Place mover, long waitedBefore, long cpuBefore, long took) {
        if (waitedBefore < 0 || took <= 0) {
            return 0;
        }
        long waited = mover.seat.waitedNanos() - waitedBefore;
        long used = mover.seat.cpuNanos() - cpuBefore;
        if (waited <= 0 || used < 0) {
            return 0;
        }
        return Math.min(waited, Math.max(0, took - used));
    }

    /**
     * CPU clock: the bot's CPU time is looked at while it thinks, so that one that burns it is
     * stopped as soon as it is over; one that sleeps is stopped by the wall-time safety cap.
     */
    private Wait awaitOnCpu(Place mover, long sent, long cpuBefore) {
        long limit = mover.clock.limit();
        long wallCap = sent + CPU_CAP_FACTOR * limit + CPU_CAP_EXTRA;
        while (true) {
            long used = mover.seat.cpuNanos() - cpuBefore;
            if (used > limit) {
                return new Wait.OutOfTime("used more than its " + seconds(mover.clock.allowance()) + " of CPU time"
                        + marginNote() + " (cpu clock)");
            }
            long now = ticker.nanoTime();
            if (now - wallCap >= 0) {
                return new Wait.OutOfTime("did not reply within " + seconds(wallCap - sent)
                        + " of wall time, the cpu clock's safety cap, having used " + seconds(Math.max(0, used))
                        + " of CPU time");
            }
            long poll = Math.max(CPU_POLL_MIN, Math.min(CPU_POLL_MAX, limit - used));
            Reply reply = mover.seat.read(Math.min(wallCap, now + poll));
            if (reply instanceof Reply.Interrupted) {
                return new Wait.Replied(reply, 0);
            }
            if (!(reply instanceof Reply.Timeout)) {
                if (setup.timeControl().suspendIdle() && reply instanceof Reply.Line) {
                    mover.seat.suspend();
                }
                return new Wait.Replied(reply, Math.max(0, mover.seat.cpuNanos() - cpuBefore));
            }
        }
    }

    /** A reply that came, but after its limit. */
    private String late(Place mover, long elapsed, boolean cpuClock) {
        return (cpuClock ? "used " + seconds(elapsed) + " of CPU time" : "replied after " + seconds(elapsed))
                + ", more than its " + seconds(mover.clock.allowance()) + marginNote()
                + (cpuClock ? " (cpu clock)" : " (wall clock)");
    }

    private String marginNote() {
        Duration margin = setup.timeControl().margin();
        return margin.isZero() ? "" : " + " + seconds(margin.toNanos()) + " margin";
    }

    /** An over-long line, a flood or the end of output, seen when the bot was asked or before. */
    private GameOutcome streamEnded(Place seat, Reply reply) {
        if (reply instanceof Reply.TooLong tooLong) {
            return protocolError(seat, "wrote a line longer than " + tooLong.limit() + " bytes");
        }
        if (reply instanceof Reply.Flood flood) {
            return protocolError(seat, "wrote more than " + flood.limit() + " lines it was not asked for");
        }
        return crash(seat, "closed its output");
    }

    /** Lines a bot wrote while it was not its turn break the protocol; so does having exited. */
    private Optional<GameOutcome> unasked(Place seat) {
        Optional<Reply> reply = seat.seat.unasked();
        if (reply.isEmpty()) {
            return Optional.empty();
        }
        if (reply.get() instanceof Reply.Line line) {
            return Optional.of(protocolError(seat, "wrote " + quote(line.text()) + " before it was asked for a move"));
        }
        return Optional.of(streamEnded(seat, reply.get()));
    }

    /** A reply that is not a well-formed move (protocol error) or not a legal one (illegal move). */
    private GameOutcome misplayed(Place seat, String text, Optional<Move> move) {
        if (move.isEmpty() && position.variant().hasMoveSyntax(text)) {
            // HEXCAISSA.md 8: the shape of a move naming a cell the board lacks (a6-a7) is an illegal move.
            return GameOutcome.irregularLoss(
                    seat.side,
                    Termination.ILLEGAL_MOVE,
                    seat.who() + " played " + quote(text.strip()) + ", which names a cell that is not on the "
                            + position.variant() + " board");
        }
        if (move.isEmpty()) {
            String what = text.isBlank()
                    ? "an empty line"
                    : quote(text) + ", which is not a move like "
                            + position.variant().moveExample();
            return protocolError(seat, "replied " + what);
        }
        return GameOutcome.irregularLoss(
                seat.side,
                Termination.ILLEGAL_MOVE,
                seat.who() + " played " + move.get() + ", which is illegal: "
                        + position.illegalReason(move.get()).orElseThrow());
    }

    private GameOutcome byTheRules(Outcome rules) {
        Side toMove = position.sideToMove();
        if (rules instanceof Outcome.Checkmate mate) {
            return new GameOutcome(
                    Result.winFor(mate.winner()),
                    Termination.CHECKMATE,
                    places.get(mate.winner()).who() + " wins by checkmate: "
                            + places.get(toMove).who() + " is in check and has no legal move");
        }
        if (rules instanceof Outcome.Stalemate) {
            return new GameOutcome(
                    Result.DRAW,
                    Termination.STALEMATE,
                    "stalemate: " + places.get(toMove).who() + " has no legal move and is not in check");
        }
        return new GameOutcome(
                Result.DRAW,
                Termination.MOVE_LIMIT,
                "move limit: " + position.plies() + " plies played without checkmate or stalemate");
    }

    private static GameOutcome timeForfeit(Place seat, String how) {
        return GameOutcome.irregularLoss(seat.side, Termination.TIME_FORFEIT, seat.who() + " " + how);
    }

    private GameOutcome crash(Place seat, String what) {
        // A bot whose sandbox could not be built never ran: the game did not happen, by the arena's doing.
        Optional<String> notStarted = seat.seat.launchFailure(EXIT_STATUS_WAIT);
        if (notStarted.isPresent()) {
            return GameOutcome.irregularLoss(
                    seat.side, Termination.START_FAILURE, seat.who() + " could not be started: " + notStarted.get());
        }
        Optional<Integer> status = seat.seat.exitStatus(EXIT_STATUS_WAIT);
        String how = status.map(Game::exitDescription).orElse(what + " but is still running");
        return GameOutcome.irregularLoss(
                seat.side, Termination.CRASH, seat.who() + " " + how + " before the game was over");
    }

    /**
     * How a bot's process ended, from the status the JDK gives: the exit status, or 128 + n after
     * signal n (1 to 64 on Linux). A status from 129 to 192 is therefore either: {@code exit(130)}
     * and SIGINT both give 130, and neither the JDK, nor the launch's shell, nor bubblewrap (which
     * pass a signal on as 128 + n too) keeps the difference. Such a status is worded as what it
     * is, naming both, never as a signal alone (exit(130) read "killed by signal 2"). A status
     * above 192 cannot be a signal: exit(255) is an exit.
     */
    public static String exitDescription(int code) {
        if (code > 128 && code <= 128 + 64) {
            int signal = code - 128;
            String name = switch (signal) {
                case 1 -> ", SIGHUP";
                case 2 -> ", SIGINT";
                case 4 -> ", SIGILL";
                case 6 -> ", SIGABRT";
                case 7 -> ", SIGBUS";
                case 8 -> ", SIGFPE";
                case 9 -> ", SIGKILL";
                case 11 -> ", SIGSEGV";
                case 13 -> ", SIGPIPE";
                case 15 -> ", SIGTERM";
                case 24 -> ", SIGXCPU";
                case 25 -> ", SIGXFSZ";
                case 31 -> ", SIGSYS";
                default -> "";
            };
            return "ended with status " + code + " (exit " + code + ", or signal " + signal + name + ")";
        }
        return "exited with status " + code;
    }

    private static GameOutcome protocolError(Place seat, String what) {
        return GameOutcome.irregularLoss(seat.side, Termination.PROTOCOL_ERROR, seat.who() + " " + what);
    }

    /** Both bots are asked to end at once and share one grace period, then anything left is killed. */
    private void shutDown() {
        List<Place> running =
                places.values().stream().filter(place -> place.seat != null).toList();
        // A suspended bot could neither read end nor exit by itself.
        running.forEach(place -> place.seat.resume());
        running.forEach(place -> place.seat.askToEnd());
        long deadline = ticker.nanoTime() + setup.grace().toNanos();
        running.forEach(place -> place.shutdown = place.seat.awaitEnd(deadline));
    }

    private GameRecord.PlayerRecord playerRecord(Place seat) {
        StderrExcerpt stderr = seat.seat == null ? StderrExcerpt.EMPTY : seat.seat.stderr();
        return new GameRecord.PlayerRecord(
                seat.entrant.name(),
                seat.entrant.command().argv(),
                seat.clock.used() / 1_000_000,
                seat.spent / 1_000_000,
                stderr,
                seat.shutdown == null ? null : GameRecord.ExitRecord.of(seat.shutdown),
                seat.seat == null ? null : seat.seat.sandbox().orElse(null));
    }

    private static String loser(Result result) {
        return switch (result) {
            case WHITE_WINS -> "black";
            case BLACK_WINS -> "white";
            case BOTH_LOSE -> "both";
            case DRAW, ABORTED -> null;
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
