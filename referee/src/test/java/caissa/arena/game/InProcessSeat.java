package caissa.arena.game;

import caissa.arena.bot.Delivery;
import caissa.arena.bot.Reply;
import caissa.arena.bot.ShutdownReport;
import caissa.arena.bot.StderrExcerpt;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A seat taken by a player inside the arena, on a {@link ManualTicker}: the player says what it
 * writes in answer to each line and how much wall and CPU time that takes, and the seat delivers
 * it at that time. Games between such seats are exact and instant, so that every clock rule and
 * every path of the game loop is tested without processes and without depending on the
 * machine's load. It also keeps a log of what the game did to it (lines, suspend, resume).
 */
public final class InProcessSeat implements Seat {

    /** What a player does with each line it is sent. */
    @FunctionalInterface
    public interface Player {
        Answer answer(String line);
    }

    /**
     * A player's answer to one line: the lines it writes (none for {@code opening} and
     * {@code end}; more than one is a protocol error), after how long, having used how much CPU,
     * how much of that wall time it was kept waiting for a core, and whether it then closes its
     * output and exits.
     */
    public record Answer(List<String> lines, long wallNanos, long cpuNanos, long waitedNanos, boolean exit) {

        public Answer {
            lines = List.copyOf(lines);
            if (wallNanos < 0 || cpuNanos < 0 || waitedNanos < 0) {
                throw new IllegalArgumentException("times cannot be negative");
            }
        }

        public Answer(List<String> lines, long wallNanos, long cpuNanos, boolean exit) {
            this(lines, wallNanos, cpuNanos, 0, exit);
        }

        public static final Answer NOTHING = new Answer(List.of(), 0, 0, false);

        /** One line after {@code wall}, using as much CPU as wall time (a bot that computes). */
        public static Answer line(String text, Duration wall) {
            return new Answer(List.of(text), wall.toNanos(), wall.toNanos(), false);
        }

        public Answer withCpu(Duration cpu) {
            return new Answer(lines, wallNanos, cpu.toNanos(), waitedNanos, exit);
        }

        /** Of its wall time, {@code waited} spent ready to run but without a core (the machine's delay). */
        public Answer withWait(Duration waited) {
            return new Answer(lines, wallNanos, cpuNanos, waited.toNanos(), exit);
        }

        public Answer thenExit() {
            return new Answer(lines, wallNanos, cpuNanos, waitedNanos, true);
        }
    }

    /** A line on its way, delivered at {@code at}; CPU and waiting accrue evenly from {@code from} until then. */
    private record Pending(Reply reply, long from, long at, long cpu, long waited) {}

    private final ManualTicker ticker;
    private final Player player;
    private final int maxPendingLines;
    private final long suspendCost;
    private final Deque<Pending> pending = new ArrayDeque<>();
    private final List<String> log = new ArrayList<>();
    private long cpuDone;
    private long waitedDone;
    private boolean suspended;
    private boolean closed;
    private boolean exited;
    private boolean inputClosed;

    /**
     * @param suspendCost how much time the arena's stopping or continuing the player takes (to
     *     show that it is charged to no one)
     */
    public InProcessSeat(ManualTicker ticker, Player player, int maxPendingLines, Duration suspendCost) {
        this.ticker = Objects.requireNonNull(ticker, "ticker");
        this.player = Objects.requireNonNull(player, "player");
        this.maxPendingLines = maxPendingLines;
        this.suspendCost = suspendCost.toNanos();
    }

    public InProcessSeat(ManualTicker ticker, Player player) {
        this(ticker, player, 64, Duration.ZERO);
    }

    /** An opener that seats {@code white} and {@code black} for the entrants named so in a game. */
    public static Seat.Opener opener(Seat white, Seat black) {
        return (entrant, name) -> new Opened.Ready(name.endsWith("-white") ? white : black);
    }

    /** What the game did to this seat, in order: {@code send LINE}, {@code suspend}, {@code resume}, {@code end}. */
    public List<String> log() {
        return List.copyOf(log);
    }

    @Override
    public Delivery send(String line, long deadlineNanos) {
        if (exited || inputClosed) {
            return Delivery.REFUSED;
        }
        log.add("send " + line);
        Answer answer = player.answer(line);
        // A suspended player computes nothing until it is continued: its answer starts then.
        long from = suspended ? Long.MAX_VALUE : ticker.nanoTime();
        // Deferred: the time offset now, the time once continued (see resume).
        long at = suspended ? answer.wallNanos() : from + answer.wallNanos();
        boolean first = true;
        for (String text : answer.lines()) {
            if (closed) {
                break;
            }
            long cpu = first ? answer.cpuNanos() : 0;
            long waited = first ? answer.waitedNanos() : 0;
            first = false;
            if (pending.size() >= maxPendingLines) {
                pending.add(new Pending(new Reply.Flood(maxPendingLines), from, at, cpu, waited));
                closed = true;
            } else {
                pending.add(new Pending(new Reply.Line(text, at), from, at, cpu, waited));
            }
        }
        if (answer.lines().isEmpty() && answer.cpuNanos() > 0) {
            cpuDone += answer.cpuNanos();
        }
        if (answer.exit() && !closed) {
            pending.add(new Pending(Reply.CLOSED, from, at, 0, 0));
            closed = true;
        }
        // The player takes every line at once: the write costs it nothing.
        return new Delivery.Written(from, from);
    }

    @Override
    public Reply read(long deadlineNanos) {
        if (Thread.currentThread().isInterrupted()) {
            return Reply.INTERRUPTED;
        }
        Pending next = pending.peek();
        if (next == null || next.at() - deadlineNanos > 0) {
            ticker.advanceTo(deadlineNanos);
            return Reply.TIMEOUT;
        }
        ticker.advanceTo(next.at());
        return take();
    }

    @Override
    public Optional<Reply> unasked() {
        Pending next = pending.peek();
        if (next == null || next.at() - ticker.nanoTime() > 0) {
            return Optional.empty();
        }
        return Optional.of(take());
    }

    private Reply take() {
        Pending next = pending.poll();
        cpuDone += next.cpu();
        waitedDone += next.waited();
        if (next.reply() instanceof Reply.Closed) {
            exited = true;
        }
        if (!(next.reply() instanceof Reply.Line) && pending.isEmpty()) {
            pending.add(next); // the end of a stream stays the end
        }
        return next.reply();
    }

    /** CPU used: that of delivered answers, plus the part of the answer being worked on so far. */
    @Override
    public long cpuNanos() {
        Pending next = pending.peek();
        return cpuDone + (next == null ? 0 : soFar(next, next.cpu()));
    }

    /** Time kept waiting for a core: that of delivered answers, plus the part of the one under way so far. */
    @Override
    public long waitedNanos() {
        Pending next = pending.peek();
        return waitedDone + (next == null ? 0 : soFar(next, next.waited()));
    }

    /** The share of {@code total}, spread evenly over a pending answer's span, accrued by now. */
    private long soFar(Pending next, long total) {
        if (total <= 0 || next.from() == Long.MAX_VALUE) {
            return 0;
        }
        long span = next.at() - next.from();
        long spent = Math.min(span, Math.max(0, ticker.nanoTime() - next.from()));
        return span == 0 ? total : (long) ((double) total * spent / span);
    }

    @Override
    public void suspend() {
        if (!suspended) {
            suspended = true;
            log.add("suspend");
            ticker.advance(suspendCost);
        }
    }

    @Override
    public void resume() {
        if (suspended) {
            suspended = false;
            log.add("resume");
            ticker.advance(suspendCost);
            long now = ticker.nanoTime();
            Deque<Pending> started = new ArrayDeque<>();
            for (Pending p : pending) {
                if (p.from() != Long.MAX_VALUE) {
                    started.add(p);
                    continue;
                }
                long at = now + p.at();
                Reply reply = p.reply() instanceof Reply.Line line ? new Reply.Line(line.text(), at) : p.reply();
                started.add(new Pending(reply, now, at, p.cpu(), p.waited()));
            }
            pending.clear();
            pending.addAll(started);
        }
    }

    @Override
    public Optional<Integer> exitStatus(Duration wait) {
        return exited ? Optional.of(0) : Optional.empty();
    }

    @Override
    public void askToEnd() {
        if (!exited && !inputClosed) {
            log.add((suspended ? "send-while-suspended " : "send ") + "end");
            player.answer("end");
        }
        inputClosed = true;
    }

    @Override
    public ShutdownReport awaitEnd(long deadlineNanos) {
        exited = true;
        return new ShutdownReport(true, Optional.of(0), 0, false);
    }

    @Override
    public StderrExcerpt stderr() {
        return StderrExcerpt.EMPTY;
    }
}
