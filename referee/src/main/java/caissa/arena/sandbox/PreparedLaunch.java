package caissa.arena.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One bot's launch, made by its command's {@link Launching} for one game: the command that
 * starts it, the files handed to that command (bubblewrap's options, the reached mark), and the
 * sandbox's scratch folders on disk where the organiser keeps them. {@link #close} deletes them.
 */
final class PreparedLaunch {

    private final List<String> argv;
    /** The sandbox's memory file systems (see {@link #scratchInMemory}); none without a sandbox. */
    private final List<String> scratchInMemory;
    /** The folder that holds the kept {@code /scratch} and {@code /tmp}; null where they are memory file systems, or no sandbox. */
    private final Path scratchRoot;

    private final boolean keepScratch;
    /**
     * Written by the launch's last step just before it executes the bot's own program (see {@link
     * LaunchScript}); null where nothing launches the bot but the program itself.
     */
    private final Path reachedFile;
    /** Files handed to the launch, deleted at {@link #close}. */
    private final List<Path> files;
    /** The user the bot runs as where the arena is root, given back at {@link #close}; null otherwise. */
    private final BotUsers.User user;

    PreparedLaunch(
            List<String> argv,
            List<String> scratchInMemory,
            Path scratchRoot,
            boolean keepScratch,
            Path reachedFile,
            List<Path> files) {
        this(argv, scratchInMemory, scratchRoot, keepScratch, reachedFile, files, null);
    }

    PreparedLaunch(
            List<String> argv,
            List<String> scratchInMemory,
            Path scratchRoot,
            boolean keepScratch,
            Path reachedFile,
            List<Path> files,
            BotUsers.User user) {
        this.argv = List.copyOf(argv);
        this.scratchInMemory = List.copyOf(scratchInMemory);
        this.scratchRoot = scratchRoot;
        this.keepScratch = keepScratch;
        this.reachedFile = reachedFile;
        this.files = List.copyOf(files);
        this.user = user;
    }

    /** The user the bot runs as, where the arena is root. */
    Optional<BotUsers.User> user() {
        return Optional.ofNullable(user);
    }

    /** The program itself and nothing before it. */
    static PreparedLaunch direct(List<String> argv) {
        return new PreparedLaunch(argv, List.of(), null, false, null, List.of());
    }

    List<String> argv() {
        return argv;
    }

    /**
     * Whether the launch got as far as the bot's own program: its last step marks a file just
     * before it executes the program, on a descriptor it closes first, so the bot does not inherit
     * it; in a sandbox it cannot see the file either (without one it runs as the arena's user, who
     * could). A launch that ended without the mark failed in the arena's own layer (the launcher,
     * bubblewrap, setpriv): the bot never ran. True where nothing but the program is started
     * (portable mode), and once the file is gone.
     */
    boolean programReached() {
        if (reachedFile == null) {
            return true;
        }
        try {
            return Files.size(reachedFile) > 0;
        } catch (IOException e) {
            return true;
        }
    }

    /**
     * The sandbox's memory file systems, watched for a full one (with or without a cgroup), as
     * its {@link Launching} made them: none outside a sandbox (see {@link
     * BubblewrapLaunching#scratchInMemory}).
     */
    List<String> scratchInMemory() {
        return scratchInMemory;
    }

    /** Kept scratch folders are on disk: their contents are added up against the same limit. */
    Map<String, Path> scratchOnDisk() {
        return scratchRoot == null
                ? Map.of()
                : Map.of("/scratch", scratchRoot.resolve("scratch"), "/tmp", scratchRoot.resolve("tmp"));
    }

    /** The kept scratch folder for the game log; null when there is none or it is deleted after the game. */
    String keptScratch() {
        return scratchRoot != null && keepScratch ? scratchRoot.toString() : null;
    }

    /**
     * After the game: the files handed to the launch deleted, the scratch folder unless it is
     * kept, and the bot's user given back with nothing left running as it.
     */
    void close(boolean released) {
        if (user != null) {
            user.close(released);
        }
        if (scratchRoot != null && !keepScratch) {
            deleteTree(scratchRoot);
        }
        List<Path> all = new ArrayList<>(files);
        if (reachedFile != null) {
            all.add(reachedFile);
        }
        for (Path file : all) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // Removed with its folder when the arena exits.
            }
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // Left for the system's /tmp cleaning.
                }
            });
        } catch (IOException e) {
            // Already gone.
        }
    }
}
