package caissa.arena.bot;

import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A bot's replies as the game takes them: lines, then for good the end of its output (closed,
 * an over-long line, a flood), read through its {@link OutputReader}. A bot that exits counts as
 * having closed its output even when a process it started still holds that output open.
 */
final class Replies {

    /** How often a wait for a reply checks whether the bot is still running. */
    private static final long EXIT_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** After a bot exits, how long its last line may take to come through the pipe. */
    private static final long LAST_WORDS_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final BlockingQueue<Reply> queue;
    private final OutputReader output;
    private final BooleanSupplier alive;

    Replies(BlockingQueue<Reply> queue, OutputReader output, BooleanSupplier alive) {
        this.queue = queue;
        this.output = output;
        this.alive = alive;
    }

    /** The next reply, waiting until the deadline ({@link System#nanoTime()} scale); the wait ends early when the bot exits. */
    Reply read(long deadlineNanos) {
        try {
            while (true) {
                long left = deadlineNanos - System.nanoTime();
                Reply reply = output.next(Math.max(0, Math.min(left, EXIT_CHECK_NANOS)));
                if (reply != null) {
                    keepTerminal(reply);
                    return reply;
                }
                if (!alive.getAsBoolean()) {
                    return exited();
                }
                if (deadlineNanos - System.nanoTime() <= 0) {
                    return Reply.TIMEOUT;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Reply.INTERRUPTED;
        }
    }

    /** A reply the bot wrote without being asked (or its end of output, or its exit), if one is waiting. */
    Optional<Reply> unasked() {
        output.pullNow();
        Reply next = queue.peek();
        if (next == null && !alive.getAsBoolean()) {
            try {
                return Optional.of(exited());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of(Reply.CLOSED);
            }
        }
        if (next == null) {
            return Optional.empty();
        }
        Reply reply = queue.poll();
        keepTerminal(reply);
        return Optional.of(reply);
    }

    /** The bot has exited: take a line still on its way, else report its output as closed, for good. */
    private Reply exited() throws InterruptedException {
        Reply last = output.next(LAST_WORDS_NANOS);
        if (last != null) {
            keepTerminal(last);
            return last;
        }
        queue.add(Reply.CLOSED);
        return Reply.CLOSED;
    }

    /** End of output, an over-long line and a flood end the stream: keep saying so. */
    private void keepTerminal(Reply reply) {
        if (!(reply instanceof Reply.Line) && queue.isEmpty()) {
            queue.add(reply);
        }
    }
}
