package caissa.arena.records;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes files so that a reader (or a run killed half-way) sees either the old content or the
 * new, never a torn file: write a temporary file beside the target, force it to disk, rename,
 * force the folder (so that the rename itself survives a power cut). A failure names the file
 * ({@link java.nio.file.FileSystemException}) and leaves the old content in place. A link, a
 * device, a FIFO or a folder at the target is refused ({@link OwnFiles#checkWritable}), never replaced.
 */
public final class AtomicFiles {

    private static final FileAttribute<Set<PosixFilePermission>> READABLE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--"));

    private AtomicFiles() {}

    public static void write(Path file, String content) throws IOException {
        write(file, content.getBytes(StandardCharsets.UTF_8));
    }

    public static void write(Path file, byte[] content) throws IOException {
        write(file, out -> out.write(content));
    }

    /** What goes into a file written as it is made, for content too large to hold whole. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes what {@code content} writes, atomically as {@link #write(Path, byte[])}. */
    public static void write(Path file, Content content) throws IOException {
        // A rename replaces whatever is at the target, a device node or a link as well as a file.
        OwnFiles.checkWritable(file);
        Path dir = file.toAbsolutePath().getParent();
        Path temp = null;
        boolean moved = false;
        try {
            FileChannel channel;
            try {
                temp = tempBeside(file, dir);
                channel = create(temp);
            } catch (NoSuchFileException e) {
                // The folder is made only when missing: a tournament writes a log a game into one
                // folder, and looking for it first cost two more system calls a game.
                Folders.create(dir);
                temp = tempBeside(file, dir);
                channel = create(temp);
            }
            try (FileChannel open = channel;
                    OutputStream out = Channels.newOutputStream(open)) {
                // Unbuffered: the content writes in large pieces, or buffers itself.
                content.writeTo(out);
                open.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } catch (IOException e) {
            throw Problems.naming(file, e);
        } finally {
            if (!moved && temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    // Left for the next resume to remove; the write's own outcome is what matters here.
                }
            }
        }
        Folders.sync(dir);
    }

    /** A hidden name beside the target that {@link Folders#removeTemporaryFiles} knows. */
    private static Path tempBeside(Path file, Path dir) {
        return dir.resolve("." + file.getFileName() + "."
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong()) + ".tmp");
    }

    /**
     * Creates the temporary file and opens it in one step, never opening one that exists (a
     * name taken, or a link planted there, fails rather than being written through). Readable
     * by others, like any file written plainly (the umask still applies): temporary files of
     * the JDK are private, and a chmod more per game cost more than it was worth.
     */
    private static FileChannel create(Path temp) throws IOException {
        Set<StandardOpenOption> options = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return temp.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? FileChannel.open(temp, options, READABLE)
                : FileChannel.open(temp, options);
    }
}
