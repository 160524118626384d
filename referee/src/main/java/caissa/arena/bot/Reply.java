package caissa.arena.bot;

/** What came back from a bot when the referee waited for a line. */
public sealed interface Reply {

    /** A complete line, without its line feed, and when the referee's reader received it. */
    record Line(String text, long receivedNanos) implements Reply {}

    /** Nothing arrived before the deadline. */
    record Timeout() implements Reply {}

    /** The bot closed its standard output (usually: it exited). */
    record Closed() implements Reply {}

    /** The bot wrote more than {@code limit} bytes without a line feed; the rest was not read. */
    record TooLong(int limit) implements Reply {}

    /** The bot wrote more than {@code limit} lines that nobody asked for; the rest was not read. */
    record Flood(int limit) implements Reply {}

    /**
     * The wait was interrupted: the arena is being stopped. Not the bot's doing, so never charged
     * to it: the game is aborted.
     */
    record Interrupted() implements Reply {}

    Reply TIMEOUT = new Timeout();
    Reply INTERRUPTED = new Interrupted();
    Reply CLOSED = new Closed();
}
