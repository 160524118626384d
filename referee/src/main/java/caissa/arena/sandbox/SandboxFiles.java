package caissa.arena.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
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
    /**
     * Where the folder is made when the machine has a memory file system there; the JDK's temporary
     * folder otherwise. The property {@value #IN_MEMORY_PROPERTY} names another (a machine whose
     * memory file system is elsewhere; the tests' small file system that they fill).
     */
    static final String IN_MEMORY_PROPERTY = "caissa.arena.shm";

    static final Path IN_MEMORY = Path.of(System.getProperty(IN_MEMORY_PROPERTY, "/dev/shm"));
    /** The folder's name: the prefix, the arena's process id, a dash, and the JDK's random part. */
    static final String PREFIX = "caissa-sandbox-files-";

    private static Path folder;
    private static boolean swept;

    private SandboxFiles() {}

    /**
     * A new file of the arena's with this content, readable by its user only.
     *
     * @throws ArenaFilesException when it cannot be made (a full /dev/shm): the arena's failure,
     *     which stops the run, never a bot's start failure
     */
    static Path write(String name, byte[] content) {
        Path file = folder().resolve(name + "-" + COUNT.incrementAndGet());
        try {
            Files.write(file, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // The folder goes with the run.
            }
            throw new ArenaFilesException(file, e);
        }
        return file;
    }

    private static synchronized Path folder() {
        if (folder == null || !Files.isDirectory(folder)) {
            FileAttribute<?> ownerOnly =
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
            String prefix = PREFIX + ProcessHandle.current().pid() + "-";
            if (!swept) {
                swept = true;
                sweep(IN_MEMORY);
                sweep(Path.of(System.getProperty("java.io.tmpdir")));
            }
            folder = inMemory(prefix, ownerOnly).orElse(null);
            if (folder == null) {
                try {
                    folder = Files.createTempDirectory(prefix, ownerOnly);
                } catch (IOException e) {
                    throw new ArenaFilesException(
                            Path.of(System.getProperty("java.io.tmpdir")).resolve(prefix + "*"), e);
                }
            }
            ArenaWatcher.folderMade(folder);
        }
        return folder;
    }

    private static Optional<Path> inMemory(String prefix, FileAttribute<?> ownerOnly) {
        if (!Files.isDirectory(IN_MEMORY) || !Files.isWritable(IN_MEMORY)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.createTempDirectory(IN_MEMORY, prefix, ownerOnly));
        } catch (IOException e) {
            // Full, or not ours to write after all: the disk will do.
            return Optional.empty();
        }
    }

    /**
     * Removes the folders that arenas of this user left when they were killed (SIGKILL gives no
     * chance to clean up): those whose process is gone, and those of older versions, named without
     * a process id, that no running arena can still use ({@link #noJvmOlderThan}). Done at the first need of each run, so
     * that nothing a killed arena made outlives the next start.
     */
    static int sweep(Path parent) {
        int removed = 0;
        String me = System.getProperty("user.name");
        try (var entries = Files.newDirectoryStream(parent, PREFIX + "*")) {
            for (Path entry : entries) {
                String rest = entry.getFileName().toString().substring(PREFIX.length());
                int dash = rest.indexOf('-');
                boolean pidLess = dash < 0 && !rest.isEmpty() && rest.chars().allMatch(Character::isDigit);
                if (!pidLess && (dash <= 0 || !rest.substring(0, dash).chars().allMatch(Character::isDigit))) {
                    continue;
                }
                boolean mine = Files.getOwner(entry, LinkOption.NOFOLLOW_LINKS)
                        .getName()
                        .equals(me);
                if (mine
                        && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)
                        && (pidLess
                                ? noJvmOlderThan(entry, me)
                                : ProcessHandle.of(Long.parseLong(rest.substring(0, dash)))
                                        .map(p -> !p.isAlive())
                                        .orElse(true))) {
                    removeTree(entry);
                    removed++;
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not there, or not ours to list: nothing of ours to sweep.
        }
        return removed;
    }

    /**
     * Whether no arena can still use a folder of an older version, whose name holds no process id
     * (the JDK's random digits alone): an arena made its folder after it started, and the folder's
     * last change comes after it was made, so an arena that still uses it is a Java process of
     * the same user that started before that change. Any process of the user whose program or
     * start cannot be read counts as such an arena: a folder in doubt is kept.
     */
    static boolean noJvmOlderThan(Path folder, String user) throws IOException {
        Instant changed =
                Files.getLastModifiedTime(folder, LinkOption.NOFOLLOW_LINKS).toInstant();
        long me = ProcessHandle.current().pid();
        return ProcessHandle.allProcesses().filter(p -> p.pid() != me).noneMatch(p -> {
            // The kernel's own threads (kthreadd, pid 2, and its children) run no program.
            if (p.pid() == 2 || p.parent().map(parent -> parent.pid() == 2).orElse(false)) {
                return false;
            }
            ProcessHandle.Info info = p.info();
            if (info.user().map(u -> !u.equals(user)).orElse(false)) {
                return false;
            }
            boolean java = info.command()
                    .map(c -> Path.of(c).getFileName().toString().startsWith("java"))
                    .orElse(true);
            return java
                    && info.startInstant()
                            .map(started -> started.isBefore(changed))
                            .orElse(true)
                    && p.isAlive();
        });
    }

    private static void removeTree(Path made) {
        try (var files = Files.list(made)) {
            files.forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // Gone already.
        }
        made.toFile().delete();
    }

    /** Removes the folder with what is left in it (see {@link SharedSandbox}); made again at the next need. */
    static synchronized void removeFolder() {
        Path made = folder;
        folder = null;
        if (made == null) {
            return;
        }
        removeTree(made);
        ArenaWatcher.folderRemoved(made);
    }
}
