package caissa.arena.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The files the arena hands to bubblewrap (each sandbox's options, the keyring filter), in one
 * folder of its own that only the arena's user may enter, made at the first need and removed when
 * the bots are done ({@link SharedSandbox}). A file
 * made there for each bot costs one write, where a temporary file of the JDK's costs a random
 * name and a folder scan too.
 *
 * <p>The folder is in memory ({@code /dev/shm}) where the machine has it: two files are made and
 * removed for every bot of every game, and on a disk file system making a file searches the
 * disk's free inodes, which cost the arena more CPU per game than all the file's other work.
 * Sandboxed bots never see the machine's {@code /dev/shm} (bubblewrap gives each its own).
 */
final class SandboxFiles {

    private static final AtomicLong COUNT = new AtomicLong();
    /** Where the folder is made when the machine has a memory file system there; the JDK's temporary folder otherwise. */
    static final Path IN_MEMORY = Path.of("/dev/shm");
    private static Path folder;
    /** The arena's pid in the folder's name: whose it is, for the watcher's tests and for a person looking. */
    private static final String PREFIX = "caissa-sandbox-files-" + ProcessHandle.current().pid() + "-";

    private SandboxFiles() {
    }

    /** A new file of the arena's with this content, readable by its user only. */
    static Path write(String name, byte[] content) throws IOException {
        Path file = folder().resolve(name + "-" + COUNT.incrementAndGet());
        Files.write(file, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return file;
    }

    private static synchronized Path folder() throws IOException {
        if (folder == null || !Files.isDirectory(folder)) {
            FileAttribute<?> ownerOnly = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
            folder = inMemory(ownerOnly).orElse(null);
            if (folder == null) {
                folder = Files.createTempDirectory(PREFIX, ownerOnly);
            }
            ArenaWatcher.folderMade(folder);
        }
        return folder;
    }

    private static Optional<Path> inMemory(FileAttribute<?> ownerOnly) {
        if (!Files.isDirectory(IN_MEMORY) || !Files.isWritable(IN_MEMORY)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.createTempDirectory(IN_MEMORY, PREFIX, ownerOnly));
        } catch (IOException e) {
            // Full, or not ours to write after all: the disk will do.
            return Optional.empty();
        }
    }

    /** Removes the folder with what is left in it (see {@link SharedSandbox}); made again at the next need. */
    static synchronized void removeFolder() {
        Path made = folder;
        folder = null;
        if (made == null) {
            return;
        }
        try (var files = Files.list(made)) {
            files.forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // Gone already.
        }
        made.toFile().delete();
        ArenaWatcher.folderRemoved(made);
    }
}
