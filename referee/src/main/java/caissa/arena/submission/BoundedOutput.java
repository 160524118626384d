package caissa.arena.submission;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Keeps the first {@code limit} bytes written to it: a compiler gone wild costs bounded memory. */
final class BoundedOutput extends OutputStream {

    private final byte[] kept;
    private int size;
    private long total;

    BoundedOutput(int limit) {
        this.kept = new byte[limit];
    }

    @Override
    public synchronized void write(int b) {
        if (size < kept.length) {
            kept[size++] = (byte) b;
        }
        total++;
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) {
        int take = Math.min(length, kept.length - size);
        System.arraycopy(bytes, offset, kept, size, take);
        size += take;
        total += length;
    }

    synchronized String text() {
        String text = new String(kept, 0, size, StandardCharsets.UTF_8);
        return total > size ? text + "\n[… " + (total - size) + " more bytes]" : text;
    }
}
