package caissa.arena.bot;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Queue;

/**
 * Cuts a bot's output into lines as it comes, onto its queue of replies. A line longer than the
 * limit, or more lines waiting than allowed, ends the output there (the rest is not read); so
 * does its end. Not thread-safe: one reader at a time.
 */
final class LineSplitter {

    private final Queue<Reply> replies;
    private final int maxLineBytes;
    private final int maxPendingLines;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(64);
    /** Volatile: where output is polled, another thread may ask whether it ended. */
    private volatile Reply end;

    LineSplitter(Queue<Reply> replies, int maxLineBytes, int maxPendingLines) {
        this.replies = replies;
        this.maxLineBytes = maxLineBytes;
        this.maxPendingLines = maxPendingLines;
    }

    /** Takes {@code n} bytes received at {@code receivedNanos}; false once the output has ended. */
    boolean accept(byte[] bytes, int n, long receivedNanos) {
        if (end != null) {
            return false;
        }
        int start = 0;
        for (int i = 0; i < n; i++) {
            if (bytes[i] == '\n') {
                if (line.size() + (i - start) > maxLineBytes) {
                    return end(new Reply.TooLong(maxLineBytes));
                }
                line.write(bytes, start, i - start);
                replies.add(new Reply.Line(line.toString(StandardCharsets.UTF_8), receivedNanos));
                line.reset();
                start = i + 1;
                if (replies.size() > maxPendingLines) {
                    return end(new Reply.Flood(maxPendingLines));
                }
            }
        }
        if (line.size() + (n - start) > maxLineBytes) {
            return end(new Reply.TooLong(maxLineBytes));
        }
        line.write(bytes, start, n - start);
        return true;
    }

    /** The output closed (or could not be read any more): said once, after what came before it. */
    void closed() {
        if (end == null) {
            end(Reply.CLOSED);
        }
    }

    /** How the output ended (closed, a line too long, a flood), or null while it goes on. */
    Reply end() {
        return end;
    }

    private boolean end(Reply reply) {
        end = reply;
        replies.add(reply);
        return false;
    }
}
