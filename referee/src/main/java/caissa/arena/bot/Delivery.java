package caissa.arena.bot;

/** How a line written to a bot fared: taken by the pipe, not taken before the deadline, or refused. */
public sealed interface Delivery {

    /**
     * The pipe took the whole line.
     *
     * @param startedNanos when the write began ({@link System#nanoTime()} scale): the bot's clock
     *     runs from here, so that time spent waiting for a bot that does not read is its own
     * @param doneNanos when the write returned
     */
    record Written(long startedNanos, long doneNanos) implements Delivery {}

    /** The bot did not take the line before the deadline: its input pipe is full and it does not read. */
    record TimedOut() implements Delivery {}

    /** The bot's input is closed: it exited or closed its standard input. */
    record Refused() implements Delivery {}

    Delivery TIMED_OUT = new TimedOut();
    Delivery REFUSED = new Refused();
}
