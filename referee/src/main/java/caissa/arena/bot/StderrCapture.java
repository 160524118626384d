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
        for (int i = 0; i < length; i++) {
            if (headSize < head.length) {
                head[headSize++] = buffer[i];
            } else {
                tail[(int) ((total - head.length) % tail.length)] = buffer[i];
            }
            total++;
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
