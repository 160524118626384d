package caissa.arena.bench;

import caissa.arena.command.BotOption;
import caissa.arena.command.ExitCodes;
import caissa.arena.command.Options;
import caissa.arena.command.UsageException;
import caissa.arena.game.TimeControl;
import caissa.arena.tournament.BotEntry;
import caissa.arena.tournament.Tournament;
import caissa.arena.tournament.TournamentDefinition;
import caissa.arena.tournament.TournamentObserver;
import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Tournament throughput, and where the CPU goes: the referee's own time beside the bots'. */
@Command(
        name = "tournament",
        mixinStandardHelpOptions = true,
        description =
                "Games per minute of a tournament between two bots (default: sample:random against itself) at each concurrency, with the CPU time the referee process spends per game beside the CPU time of the bots (Linux: the bots' time is read from /proc/self/stat as reaped children's time).")
final class TournamentBench implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--games",
            paramLabel = "N",
            defaultValue = "40",
            description = "Games per run, even (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            split = ",",
            defaultValue = "1,2",
            description = "The concurrencies to measure (default: ${DEFAULT-VALUE}).")
    List<Integer> concurrencies;

    @Option(
            names = "--bot",
            paramLabel = "CMD",
            defaultValue = "sample:random",
            description = "The bot for both sides (default: ${DEFAULT-VALUE}).")
    String bot;

    @Override
    public Integer call() throws Exception {
        if (games < 2 || games % 2 != 0) {
            throw new UsageException("--games must be even and at least 2, got " + games);
        }
        concurrencies.forEach(c -> Options.concurrency(c, 1, spec.commandLine().getErr()));
        PrintWriter out = spec.commandLine().getOut();
        List<String> command =
                BotOption.entrant("--bot", bot, "bench").command().argv();
        TournamentDefinition definition = new TournamentDefinition(
                "bench",
                List.of(
                        new BotEntry("one", command, Optional.empty(), Map.of()),
                        new BotEntry("two", command, Optional.empty(), Map.of())),
                games,
                TimeControl.DEFAULT,
                4,
                1,
                Optional.empty());
        out.printf(
                Locale.ROOT, "%s against itself, %d games a run, 4 opening plies, after a warm-up run:%n", bot, games);
        // The first run in a JVM pays for compiling the referee; a warm-up run keeps that out of the figures.
        run(definition, 2);
        for (int concurrency : concurrencies) {
            long cpu0 = processCpuNanos();
            long children0 = childrenCpuNanos();
            long t0 = System.nanoTime();
            run(definition, concurrency);
            double seconds = (System.nanoTime() - t0) / 1e9;
            double refereeMs = (processCpuNanos() - cpu0) / 1e6 / games;
            double botsMs = (childrenCpuNanos() - children0) / 1e6 / games;
            out.printf(
                    Locale.ROOT,
                    "  concurrency %d: %.1f s, %.1f games/min; CPU per game: referee %.1f ms, bots %s%n",
                    concurrency,
                    seconds,
                    games / seconds * 60,
                    refereeMs,
                    children0 < 0 ? "unknown (no /proc)" : String.format(Locale.ROOT, "%.1f ms", botsMs));
            out.flush();
        }
        return ExitCodes.OK;
    }

    private static void run(TournamentDefinition definition, int concurrency) throws Exception {
        Path dir = Files.createTempDirectory("caissa-bench");
        try {
            Tournament.open(definition, Path.of("bench.json"), dir.resolve("out"), false, TournamentObserver.NONE)
                    .play(concurrency);
        } finally {
            Options.deleteTree(dir);
        }
    }

    private static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** CPU time of this process's exited children (cutime + cstime of /proc/self/stat), or -1 off Linux. */
    private static long childrenCpuNanos() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // After the command name: field 3 is the state, so cutime (16) and cstime (17) are at 13 and 14.
            long ticks = Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
            return ticks * 10_000_000L;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
