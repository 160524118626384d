package caissa.arena.bot;

import java.nio.charset.StandardCharsets;

/**
 * Keeps the first and the last {@code limit} bytes of a stream of unknown length, so that a
 * bot's chatter on standard error costs bounded memory however much it writes.
 */
final class StderrCapture {

    private final byte[] head;
    private final byte[] tail;
    private int headSize;
    private long total;

    StderrCapture(int limit) {
        this.head = new byte[limit];
        this.tail = new byte[limit];
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
        int kept = (int) Math.min(tailBytes, tail.length);
        byte[] tailCopy = new byte[kept];
        int start = (int) ((total - head.length - kept) % tail.length);
        for (int i = 0; i < kept; i++) {
            tailCopy[i] = tail[(start + i) % tail.length];
        }
        return new StderrExcerpt(total, headText, new String(tailCopy, StandardCharsets.UTF_8), tailBytes > tail.length);
    }
}
