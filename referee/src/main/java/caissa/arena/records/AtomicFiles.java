package caissa.arena.records;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes files so that a reader (or a run killed half-way) sees either the old content or the
 * new, never a torn file: write a temporary file beside the target, force it to disk, rename,
 * force the folder (so that the rename itself survives a power cut). A failure names the file
 * ({@link java.nio.file.FileSystemException}) and leaves the old content in place.
 */
public final class AtomicFiles {

    private static final FileAttribute<Set<PosixFilePermission>> READABLE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--"));

    private AtomicFiles() {
    }

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
        Path dir = file.toAbsolutePath().getParent();
        Folders.create(dir);
        Path temp;
        try {
            // Temporary files are private (0600) by default; outputs are for others to read, like
            // any file written plainly (the umask still applies). Made so at once: a chmod more
            // per game cost more than it was worth.
            temp = dir.getFileSystem().supportedFileAttributeViews().contains("posix")
                    ? Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp", READABLE)
                    : Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
        } catch (IOException e) {
            throw Problems.naming(file, e);
        }
        boolean moved = false;
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                 OutputStream out = Channels.newOutputStream(channel)) {
                // Unbuffered: the content writes in large pieces, or buffers itself.
                content.writeTo(out);
                channel.force(true);
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
            if (!moved) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    // Left for the next resume to remove; the write's own outcome is what matters here.
                }
            }
        }
        Folders.sync(dir);
    }
}
