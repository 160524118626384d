package caissa.arena.records;

import caissa.arena.input.BadInputException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/** Folder operations that the records need to survive a power cut. */
public final class Folders {

    /** Temporary files of {@code AtomicFiles}: {@code .NAME.RANDOM.tmp}, hidden so readers skip them. */
    private static final String TEMP_GLOB = ".*.tmp";

    private Folders() {}

    /**
     * Creates the folder and its parents; a file in the way is named as such (Java's own
     * exception would say the file "already exists", which misleads).
     */
    public static void create(Path dir) throws IOException {
        try {
            Files.createDirectories(dir);
        } catch (FileAlreadyExistsException e) {
            throw new FileSystemException(
                    e.getFile() != null ? e.getFile() : dir.toString(), null, "exists and is not a folder");
        } catch (IOException e) {
            throw Problems.naming(dir, e);
        }
    }

    /**
     * Creates a folder the arena keeps inside its output folder ({@code games/}), or takes the one
     * there; a link there is refused, so that no record is written through it to another folder.
     *
     * @throws caissa.arena.input.BadInputException naming the link, or whatever else is there
     */
    public static void createOwn(Path dir) throws IOException {
        Optional<String> other = OwnFiles.notRegular(dir);
        if (other.isPresent() && !other.get().equals("a folder")) {
            throw new BadInputException(dir + ": " + other.get() + "; the arena keeps its records"
                    + " only in a folder of its own there: remove it");
        }
        create(dir);
    }

    /**
     * Forces the folder's entries to disk: a rename or a new file is durable only once its folder
     * is, or a power cut can bring back the old name (POSIX fsync on the directory).
     */
    public static void sync(Path dir) throws IOException {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            throw Problems.naming(dir, e);
        }
    }

    /** Deletes the temporary files a killed writer left in the folder; returns how many. */
    public static int removeTemporaryFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        int removed = 0;
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, TEMP_GLOB)) {
            for (Path temp : stream) {
                if (Files.isRegularFile(temp) && Files.deleteIfExists(temp)) {
                    removed++;
                }
            }
        } catch (IOException e) {
            throw Problems.naming(dir, e);
        }
        return removed;
    }

    /** Whether the file is a temporary file of an atomic write. */
    public static boolean isTemporary(Path file) {
        String name = file.getFileName().toString();
        return name.startsWith(".") && name.endsWith(".tmp");
    }
}
