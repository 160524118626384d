package caissa.arena.records;

import caissa.arena.input.BadInputException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The arena writes and reads its records only as regular files of its own: never through a
 * symbolic link (which would let whoever planted it aim a write, or a read, at any file the
 * organiser can reach), never into a device or a FIFO (a rename over {@code /dev/full} replaces
 * the device node; opening a FIFO waits for a writer for ever). Each refusal is one line naming
 * the file and what is there, as bad input (exit code 2).
 */
public final class OwnFiles {

    /** The file-type bits of {@code st_mode} and the types among them, as in {@code <sys/stat.h>}. */
    private static final int S_IFMT = 0170000;

    private static final int S_IFIFO = 0010000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFDIR = 0040000;
    private static final int S_IFBLK = 0060000;
    private static final int S_IFLNK = 0120000;
    private static final int S_IFSOCK = 0140000;

    private OwnFiles() {}

    /**
     * Refuses what a write to {@code file} must not replace: a link, a device, a FIFO, a socket or
     * a folder. Nothing there, or a regular file, passes.
     *
     * @throws BadInputException naming the file and what is there
     */
    public static void checkWritable(Path file) throws IOException {
        Optional<String> other = notRegular(file);
        if (other.isPresent()) {
            throw new BadInputException(file + ": " + other.get() + "; the arena writes only a regular file of its own"
                    + " there: remove it or name another file");
        }
    }

    /**
     * Refuses a record that is not a regular file of its own: a link (even to a regular file, which
     * may hold anything the organiser can read), a device, a FIFO, a socket or a folder.
     *
     * @throws NoSuchFileException when there is nothing there
     * @throws BadInputException naming the file and what is there
     */
    public static void checkReadable(Path file) throws IOException {
        BasicFileAttributes attributes =
                Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!attributes.isRegularFile()) {
            throw new BadInputException(file + ": " + kind(file, attributes) + "; the arena reads a record only as a"
                    + " regular file of its folder, never through a link");
        }
    }

    /** What is at {@code file} when it is there and is not a regular file, in words; empty otherwise. */
    public static Optional<String> notRegular(Path file) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            // Nothing there, or a path that cannot hold a file (a file for a folder): the write
            // that follows names the problem in its own words.
            return Optional.empty();
        }
        return attributes.isRegularFile() ? Optional.empty() : Optional.of(kind(file, attributes));
    }

    /**
     * Opens a record of a folder for writing (the lock, the journal) without following a link:
     * a link, a device or a FIFO there is refused, and a link planted between the check and the
     * open fails the open ({@code O_NOFOLLOW}).
     */
    public static FileChannel open(Path file, OpenOption... options) throws IOException {
        checkWritable(file);
        Set<OpenOption> all = new HashSet<>(Set.of(options));
        all.add(LinkOption.NOFOLLOW_LINKS);
        try {
            return FileChannel.open(file, all);
        } catch (IOException e) {
            checkWritable(file);
            throw Problems.naming(file, e);
        }
    }

    /** {@link #open} for appending, creating the file when it is missing. */
    public static FileChannel openToAppend(Path file) throws IOException {
        return open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }

    private static String kind(Path file, BasicFileAttributes attributes) {
        if (attributes.isSymbolicLink()) {
            return "a symbolic link";
        }
        if (attributes.isDirectory()) {
            return "a folder";
        }
        int type;
        try {
            type = ((Integer) Files.getAttribute(file, "unix:mode", LinkOption.NOFOLLOW_LINKS)) & S_IFMT;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "a device, a pipe or a socket";
        }
        return switch (type) {
            case S_IFIFO -> "a named pipe (FIFO)";
            case S_IFCHR, S_IFBLK -> "a device";
            case S_IFSOCK -> "a socket";
            case S_IFLNK -> "a symbolic link";
            case S_IFDIR -> "a folder";
            default -> "not a plain file";
        };
    }
}
