package caissa.arena.bot;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Future;

/**
 * Keeps the first and the last {@code limit} bytes of a stream of unknown length, so that a
 * bot's chatter on standard error costs bounded memory however much it writes.
 */
final class StderrCapture {

    private final byte[] head;
    /** Made once the head is full: most bots never write that much. */
    private byte[] tail;

    private int headSize;
    private long total;

    StderrCapture(int limit) {
        this.head = new byte[limit];
    }

    /** Reads {@code in} to its end into this on a pooled thread, as long as the bot writes (a full pipe would block it). */
    Future<?> readFrom(InputStream in) {
        return PipeThreads.run(() -> {
            // The excerpt keeps a few kilobytes: a larger buffer per bot is only garbage.
            byte[] buffer = new byte[8 * 1024];
            try {
                int n;
                while ((n = in.read(buffer)) > 0) {
                    append(buffer, n);
                }
            } catch (IOException e) {
                // Closed at shutdown.
            }
        });
    }

    synchronized void append(byte[] buffer, int length) {
        int offset = 0;
        if (headSize < head.length) {
            int take = Math.min(length, head.length - headSize);
            System.arraycopy(buffer, 0, head, headSize, take);
            headSize += take;
            total += take;
            offset = take;
        }
        if (offset == length) {
            return;
        }
        if (tail == null) {
            tail = new byte[head.length];
        }
        // Only the last tail.length bytes of this chunk can survive in the ring.
        int skip = Math.max(0, length - offset - tail.length);
        total += skip;
        offset += skip;
        while (offset < length) {
            int at = (int) ((total - head.length) % tail.length);
            int take = Math.min(length - offset, tail.length - at);
            System.arraycopy(buffer, offset, tail, at, take);
            offset += take;
            total += take;
        }
    }

    synchronized StderrExcerpt excerpt() {
        String headText = new String(head, 0, headSize, StandardCharsets.UTF_8);
        long tailBytes = Math.max(0, total - head.length);
        if (tail == null) {
            return new StderrExcerpt(total, headText, "", false);
        }
        int kept = (int) Math.min(tailBytes, tail.length);
        byte[] tailCopy = new byte[kept];
        int start = (int) ((total - head.length - kept) % tail.length);
        for (int i = 0; i < kept; i++) {
            tailCopy[i] = tail[(start + i) % tail.length];
        }
        return new StderrExcerpt(
                total, headText, new String(tailCopy, StandardCharsets.UTF_8), tailBytes > tail.length);
    }
}
