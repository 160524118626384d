package caissa.arena.bench;

import caissa.arena.command.ExitCodes;
import caissa.arena.command.LiveReport;
import caissa.arena.command.Options;
import caissa.arena.command.ProgressDisplay;
import caissa.arena.command.UsageException;
import caissa.arena.game.Game;
import caissa.arena.game.GameListener;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.Ticker;
import caissa.arena.game.TimeControl;
import caissa.arena.runner.Shard;
import caissa.arena.tournament.BotEntry;
import caissa.arena.tournament.FinishedGame;
import caissa.arena.tournament.Standing;
import caissa.arena.tournament.Tournament;
import caissa.arena.tournament.TournamentDefinition;
import caissa.arena.tournament.TournamentObserver;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Memory at contest scale: a long round robin of instant bots, the arena's resident memory as it
 * goes, then {@code merge} and {@code report} over the result, each timed with its peak memory.
 *
 * <p>The bots are in-process seats that answer at once with a random legal move: a process per
 * game would take hours for 100,000 games on a small machine, and what is measured here is what
 * the arena holds per game played, which is the same whoever plays. The tournament runs as it
 * does for {@code caissa tournament}: game logs, journal, standings, progress display (to
 * nowhere) and live report, in two shards so that {@code merge} has something to merge.
 */
@Command(
        name = "scale",
        mixinStandardHelpOptions = true,
        description = "Memory at contest scale: a round robin of instant in-process bots (logs, journal, standings,"
                + " progress and live report as in 'caissa tournament', in two shards), printing the arena's resident"
                + " memory every --every games, then the time and peak memory of 'caissa merge' and 'caissa report'"
                + " over the result, each run as a process of its own.")
final class ScaleBench implements Callable<Integer> {

    /** The arena's entry point, named rather than referred to: the command line sits above the benchmarks. */
    private static final String ARENA_MAIN = "caissa.arena.cli.Main";

    @Spec
    CommandSpec spec;

    @Option(
            names = "--games",
            paramLabel = "N",
            defaultValue = "100000",
            description = "Games in all, rounded up to an even number of games per pair (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(
            names = "--bots",
            paramLabel = "N",
            defaultValue = "8",
            description = "Bots in the round robin (default: ${DEFAULT-VALUE}).")
    int bots;

    @Option(
            names = "--every",
            paramLabel = "N",
            defaultValue = "10000",
            description = "Print the resident memory every N games (default: ${DEFAULT-VALUE}).")
    int every;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            defaultValue = "2",
            description = "Games at a time (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(
            names = "--keep",
            paramLabel = "DIR",
            description =
                    "Write the tournament into DIR (new or empty) and keep it; by default a temporary folder, deleted at the end.")
    Path keep;

    @Override
    public Integer call() throws Exception {
        if (games < 2 || bots < 2 || every < 1 || concurrency < 1) {
            throw new UsageException("--games and --bots must be at least 2, --every and --concurrency at least 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        int pairs = bots * (bots - 1) / 2;
        int perPair = (games + pairs - 1) / pairs;
        perPair += perPair % 2;
        List<BotEntry> entries = new ArrayList<>();
        for (int i = 1; i <= bots; i++) {
            entries.add(new BotEntry("bot" + i, List.of("in-process"), Optional.empty(), Map.of()));
        }
        TournamentDefinition definition =
                new TournamentDefinition("scale", entries, perPair, TimeControl.DEFAULT, 4, 1, Optional.empty());
        Path dir = keep != null ? keep : Files.createTempDirectory("caissa-scale");
        try {
            out.printf(
                    Locale.ROOT,
                    "round robin of %d instant in-process bots, %d games (%d a pair), %d at a time, in 2 shards;"
                            + " output in %s%n",
                    bots,
                    definition.totalGames(),
                    perPair,
                    concurrency,
                    dir);
            out.printf(Locale.ROOT, "  %9s %10s %12s %10s%n", "games", "RSS MB", "heap MB (*)", "games/s");
            out.flush();
            Meter meter = new Meter(out, every);
            meter.print();
            List<Path> shards = new ArrayList<>();
            for (int index = 1; index <= 2; index++) {
                Path shardDir = dir.resolve("shard-" + index);
                shards.add(shardDir);
                LiveReport live = new LiveReport(shardDir, spec.commandLine().getErr());
                try (ProgressDisplay progress =
                        new ProgressDisplay(new PrintWriter(OutputStream.nullOutputStream()), false, 80)) {
                    Tournament.open(
                                    definition,
                                    Path.of("scale.json"),
                                    shardDir,
                                    false,
                                    progress.andThen(live).andThen(meter),
                                    Optional.of(new Shard(index, 2)),
                                    Optional.empty())
                            .play(concurrency, ScaleBench::playInProcess);
                }
                live.write();
            }
            meter.print();
            out.println("  (*) heap in use after a full collection, taken at each line");
            List<String> merge = new ArrayList<>(
                    List.of("merge", "--out", dir.resolve("merged").toString()));
            shards.forEach(s -> merge.add(s.toString()));
            measure(out, "merge", merge);
            measure(out, "report", List.of("report", dir.resolve("merged").toString()));
            return ExitCodes.OK;
        } finally {
            if (keep == null) {
                Options.deleteTree(dir);
            }
        }
    }

    /** Prints the resident memory every so many games, from the thread that commits them. */
    private static final class Meter implements TournamentObserver {
        private final PrintWriter out;
        private final int every;
        private final long start = System.nanoTime();
        private int done;

        Meter(PrintWriter out, int every) {
            this.out = out;
            this.every = every;
        }

        @Override
        public void finished(FinishedGame game, List<Standing> standings, int shardDone, int total) {
            if (++done % every == 0) {
                print();
            }
        }

        void print() {
            System.gc();
            Runtime runtime = Runtime.getRuntime();
            double seconds = (System.nanoTime() - start) / 1e9;
            out.printf(
                    Locale.ROOT,
                    "  %9d %10.1f %12.1f %10.0f%n",
                    done,
                    kibibytes("VmRSS", Path.of("/proc/self/status")) / 1024.0,
                    (runtime.totalMemory() - runtime.freeMemory()) / 1048576.0,
                    done / seconds);
            out.flush();
        }
    }

    /** Runs {@code caissa ARGS} in a JVM like this one and prints its time and peak resident memory. */
    private static void measure(PrintWriter out, String name, List<String> args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // Not the option that writes a class-data archive at exit: the launcher's own run does that.
            if (!option.startsWith("-XX:ArchiveClassesAtExit") && !option.startsWith("-Xlog")) {
                command.add(option);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ARENA_MAIN));
        command.addAll(args);
        long t0 = System.nanoTime();
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        Path status = Path.of("/proc/" + process.pid() + "/status");
        long peak = 0;
        // The high-water mark only grows: the last reading before the process ends is its peak (to
        // within what it grew in the last few milliseconds).
        while (!process.waitFor(20, TimeUnit.MILLISECONDS)) {
            peak = Math.max(peak, kibibytes("VmHWM", status));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        out.printf(
                Locale.ROOT,
                "caissa %s: exit %d, %.1f s, peak RSS %s%n",
                name,
                process.exitValue(),
                seconds,
                peak > 0 ? String.format(Locale.ROOT, "%.1f MB", peak / 1024.0) : "unknown (no /proc)");
        out.flush();
    }

    /** A field of a /proc status file in KiB, or 0 when it cannot be read (not Linux, or the process ended). */
    private static long kibibytes(String field, Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(
                            line.substring(field.length() + 1).replace("kB", "").strip());
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or the process has just ended.
        }
        return 0;
    }

    /** A game between two in-process bots that answer at once with a random legal move. */
    private static GameRecord playInProcess(GameSetup setup) {
        long seed = setup.tournament() == null ? 0 : setup.tournament().game();
        return Game.play(
                setup,
                GameListener.NONE,
                InstantSeat.opener(
                        new InstantSeat(seed * 2, Ticker.SYSTEM), new InstantSeat(seed * 2 + 1, Ticker.SYSTEM)),
                Ticker.SYSTEM);
    }
}
