package caissa.arena.records;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * One writer per output folder: an operating-system lock on {@value #FILE} in the folder, held
 * for the whole run. The kernel releases it when the process ends, however it ends (even
 * SIGKILL), so a stale lock never blocks a resume. The file holds the PID of the process that
 * holds the lock, so that a refused run can name it. The file is left in place when the lock is
 * released: deleting it would let a third run lock a new file while a second one holds the old.
 */
public final class FolderLock implements AutoCloseable {

    public static final String FILE = ".caissa.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private FolderLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock of an existing folder, or says which process holds it.
     *
     * @return the lock, or empty when another process (or another run in this one) holds it
     * @throws IOException when the lock file cannot be created or written
     */
    public static Optional<FolderLock> tryAcquire(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        FileChannel channel =
                OwnFiles.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            // Locks belong to processes: a second run inside this JVM (tests, benchmarks) lands here.
            lock = null;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            return Optional.empty();
        }
        try {
            byte[] pid = (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII);
            channel.truncate(0);
            ByteBuffer buffer = ByteBuffer.wrap(pid);
            while (buffer.hasRemaining()) {
                channel.write(buffer, buffer.position());
            }
            channel.force(false);
        } catch (IOException e) {
            channel.close();
            throw Problems.naming(file, e);
        }
        return Optional.of(new FolderLock(channel, lock));
    }

    /** The PID written by the process that holds (or last held) the lock, when the file names one. */
    public static Optional<Long> holder(Path dir) {
        try {
            Path file = dir.resolve(FILE);
            OwnFiles.checkReadable(file);
            String text = new String(InputFiles.read(file, 64), StandardCharsets.US_ASCII).strip();
            return text.matches("\\d{1,18}") ? Optional.of(Long.parseLong(text)) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @Override
    public void close() throws IOException {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } finally {
            channel.close();
        }
    }
}
