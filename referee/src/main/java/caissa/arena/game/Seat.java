package caissa.arena.game;

import caissa.arena.bot.Delivery;
import caissa.arena.bot.Reply;
import caissa.arena.bot.ShutdownReport;
import caissa.arena.bot.StderrExcerpt;
import caissa.arena.sandbox.SandboxRecord;
import java.time.Duration;
import java.util.Optional;

/**
 * A player's place at the board, as the game loop sees it: lines out, replies in, the player's
 * CPU time, and its end. {@link ProcessSeat} is a bot process; the test sources' {@code InProcessSeat} is a
 * player inside the arena on an injected {@link Ticker}, so that clock rules and the game loop
 * can be tested without processes and without depending on the machine's load.
 *
 * <p>All times are on the scale of the game's {@link Ticker}.
 */
public interface Seat {

    /**
     * Writes one line and waits until the deadline for the player to take it: {@link
     * Delivery.Written} with when the write began and ended, {@link Delivery.TimedOut} when the
     * player does not read its input, {@link Delivery.Refused} when it exited or closed it. The
     * game decides what each means; it is never held past the deadline.
     */
    Delivery send(String line, long deadlineNanos);

    /**
     * Waits until the deadline for the player's next reply. A {@link Reply.Line} carries when it
     * was received: the time the player is charged until.
     */
    Reply read(long deadlineNanos);

    /** A reply the player wrote without being asked (or its end of output), if one is waiting. */
    Optional<Reply> unasked();

    /**
     * CPU time (user + system) the player and every process it started have used so far, in
     * nanoseconds; the {@code cpu} clock charges the difference across a reply.
     */
    long cpuNanos();

    /**
     * How long, in all, the player has been ready to run but kept waiting for a core (Linux:
     * its main thread's run-queue wait), in nanoseconds; -1 where that is not known or {@link
     * #cpuNanos()} could not cheaply bound what it excuses. On a wall clock the game does not
     * charge that time (see {@link Game}).
     */
    default long waitedNanos() {
        return -1;
    }

    /**
     * Stops giving the player (and everything it started) CPU until {@link #resume()}: the idle
     * side of a game does not think on its opponent's time. A no-op where the platform cannot.
     */
    void suspend();

    /** Lets a suspended player run again; returns once it can. */
    void resume();

    /** The player's exit status, waiting at most {@code wait} for it to exit. */
    Optional<Integer> exitStatus(Duration wait);

    /**
     * Why the arena could not start the player, found only once its launch ended (a sandbox that
     * could not be built): the arena's cause, waiting at most {@code wait} for the end. Empty when
     * the player itself ran, whatever it did then.
     */
    default Optional<String> launchFailure(Duration wait) {
        return Optional.empty();
    }

    /** Ending, first half: say {@code end} and close the player's input. */
    void askToEnd();

    /** Ending, second half: wait for the exit until the deadline, then remove what is left. */
    ShutdownReport awaitEnd(long deadlineNanos);

    /** The sandbox and limits that held the player, for its log; empty for a player in the arena. */
    default Optional<SandboxRecord> sandbox() {
        return Optional.empty();
    }

    /** The resource limit the player went over during the game, in words with its figure; read before its end. */
    default Optional<String> limitHit() {
        return Optional.empty();
    }

    /** What the player wrote on standard error (an excerpt). */
    StderrExcerpt stderr();

    /** Opens the seats of a game: one per side, or the reason a player could not be started. */
    @FunctionalInterface
    interface Opener {
        Opened open(Entrant entrant, String name);

        /** Whether the arena is being stopped, so that a game ending now is not a result. */
        default boolean stopping() {
            return false;
        }
    }

    /** Opening a seat either works or fails for a reason a person can read. */
    sealed interface Opened {
        record Ready(Seat seat) implements Opened {}

        record Failed(String reason) implements Opened {}
    }
}
