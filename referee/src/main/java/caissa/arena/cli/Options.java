package caissa.arena.cli;

import caissa.arena.input.Limits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Small pieces the commands share. */
final class Options {

    private Options() {
    }

    /**
     * {@code --concurrency}: the option if given (1 to {@link Limits#MAX_CONCURRENCY}), else the
     * fallback (the file's, or the number of cores, capped the same way).
     */
    static int concurrency(Integer option, int fallback) {
        if (option == null) {
            return Math.max(1, Math.min(fallback, Limits.MAX_CONCURRENCY));
        }
        return Limits.option("--concurrency", option, 1, Limits.MAX_CONCURRENCY);
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
