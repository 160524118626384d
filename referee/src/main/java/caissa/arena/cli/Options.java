package caissa.arena.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Small pieces the commands share. */
final class Options {

    private Options() {
    }

    /** {@code --concurrency}: the option if given, else the fallback (the file's, or the number of cores). */
    static int concurrency(Integer option, int fallback) {
        int threads = option != null ? option : fallback;
        if (threads < 1) {
            throw new UsageException("--concurrency must be at least 1, got " + threads);
        }
        return threads;
    }

    static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** Removes a temporary folder of the command's own and everything in it. */
    static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
