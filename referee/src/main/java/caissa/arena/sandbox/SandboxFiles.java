package caissa.arena.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The files the arena hands to bubblewrap (each sandbox's options, the keyring filter), in one
 * folder of its own that only the arena's user may enter, made at the first need and removed when
 * the bots are done ({@link SharedSandbox}). A file
 * made there for each bot costs one write, where a temporary file of the JDK's costs a random
 * name and a folder scan too.
 */
final class SandboxFiles {

    private static final AtomicLong COUNT = new AtomicLong();
    private static Path folder;

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
            folder = Files.createTempDirectory("caissa-sandbox-files-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        return folder;
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
    }
}
