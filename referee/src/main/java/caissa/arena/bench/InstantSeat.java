package caissa.arena.bench;

import caissa.arena.bot.Delivery;
import caissa.arena.bot.Reply;
import caissa.arena.bot.ShutdownReport;
import caissa.arena.bot.StderrExcerpt;
import caissa.arena.game.Seat;
import caissa.arena.game.Ticker;
import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A bot inside the arena that answers each line at once with a random legal move: {@code bench
 * scale} plays 100,000 games of these to measure what the arena holds per game, which bot
 * processes would only slow down. It follows the game from the lines it is sent, as a bot does.
 */
final class InstantSeat implements Seat {

    private final SplittableRandom random;
    private final Ticker ticker;
    private Position position = Position.initial();
    private Reply pending;

    InstantSeat(long seed, Ticker ticker) {
        this.random = new SplittableRandom(seed);
        this.ticker = ticker;
    }

    /** Seats {@code white} and {@code black} for the entrants the game names so. */
    static Seat.Opener opener(Seat white, Seat black) {
        return (entrant, name) -> new Seat.Opened.Ready(name.endsWith("-white") ? white : black);
    }

    @Override
    public Delivery send(String line, long deadlineNanos) {
        long at = ticker.nanoTime();
        if (line.startsWith("opening ")) {
            for (String move : line.substring("opening ".length()).split(" ")) {
                position = position.play(Move.of(move));
            }
        } else if (!line.equals("end")) {
            if (!line.equals("start")) {
                position = position.play(Move.of(line));
            }
            List<Move> moves = position.legalMoves();
            Move move = moves.get(random.nextInt(moves.size()));
            position = position.play(move);
            pending = new Reply.Line(move.toString(), ticker.nanoTime());
        }
        return new Delivery.Written(at, at);
    }

    @Override
    public Reply read(long deadlineNanos) {
        Reply reply = pending != null ? pending : Reply.TIMEOUT;
        pending = null;
        return reply;
    }

    @Override
    public Optional<Reply> unasked() {
        return Optional.empty();
    }

    @Override
    public long cpuNanos() {
        return 0;
    }

    @Override
    public void suspend() {}

    @Override
    public void resume() {}

    @Override
    public Optional<Integer> exitStatus(Duration wait) {
        return Optional.of(0);
    }

    @Override
    public void askToEnd() {}

    @Override
    public ShutdownReport awaitEnd(long deadlineNanos) {
        return new ShutdownReport(true, Optional.of(0), 0, false);
    }

    @Override
    public StderrExcerpt stderr() {
        return StderrExcerpt.EMPTY;
    }
}
