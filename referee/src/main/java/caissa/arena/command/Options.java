package caissa.arena.command;

import caissa.arena.input.Limits;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Small pieces the commands share. */
public final class Options {

    private Options() {}

    /** Games at a time beyond which a machine's cores cannot run the arena fairly, per core. */
    public static final int MAX_CONCURRENCY_PER_CORE = 4;

    /**
     * {@code --concurrency}: the option if given (1 to {@link Limits#MAX_CONCURRENCY}), else the
     * fallback (the file's, or the number of cores, which the machine can run fairly). More games
     * than cores is allowed with a warning (bots then wait for a core, which a wall clock charges
     * them); more than {@value #MAX_CONCURRENCY_PER_CORE} per core is an error. The one rule for
     * every command.
     */
    public static int concurrency(Integer option, int fallback, PrintWriter warnings) {
        int threads = option != null
                ? Limits.option("--concurrency", option, 1, Limits.MAX_CONCURRENCY)
                : Math.max(1, Math.min(fallback, Limits.MAX_CONCURRENCY));
        String what = option != null ? "--concurrency" : "concurrency";
        int cores = cores();
        int max = MAX_CONCURRENCY_PER_CORE * cores;
        if (threads > max) {
            throw new UsageException(what + " " + threads + " is more than this machine can run fairly: at most " + max
                    + " (" + MAX_CONCURRENCY_PER_CORE + " per core, " + cores + " cores)");
        }
        if (threads > cores) {
            warnings.printf(
                    "caissa: warning: %s %d is more than the %d cores: bots will wait for a core, and a wall"
                            + " clock charges them for it (--clock cpu does not)%n",
                    what, threads, cores);
            warnings.flush();
        }
        return threads;
    }

    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * Games at a time when the user does not say: half the cores (at least one). A game keeps
     * one bot thinking at a time, and the arena's own work for the other games (starting and
     * sandboxing bots, recording games) needs a core too: with as many games as cores, a bot
     * that is woken waits for a core often enough to be charged for it (measured with instant
     * bots on 2 cores: 1.1 % of replies charged more than 1 ms at 2 games, 0.04 % at 1).
     */
    public static int defaultConcurrency() {
        return Math.max(1, cores() / 2);
    }

    /** Removes a temporary folder of the command's own and everything in it. */
    public static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
