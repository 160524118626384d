package caissa.arena.bench;

import caissa.arena.bot.BotProcess;
import caissa.arena.command.BotOption;
import caissa.arena.command.ClockKindConverter;
import caissa.arena.command.DurationConverter;
import caissa.arena.command.ExitCodes;
import caissa.arena.command.LiveReport;
import caissa.arena.command.Options;
import caissa.arena.command.UsageException;
import caissa.arena.game.ClockKind;
import caissa.arena.game.GameRecord;
import caissa.arena.game.PlayedMove;
import caissa.arena.game.Termination;
import caissa.arena.game.TimeControl;
import caissa.arena.records.Json;
import caissa.arena.records.TournamentLayout;
import caissa.arena.tournament.BotEntry;
import caissa.arena.tournament.Tournament;
import caissa.arena.tournament.TournamentDefinition;
import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Whether the arena charges its own delays to bots: tournaments between bots that answer
 * instantly, at a fast time control and at several concurrencies, and what their clocks were
 * charged. Every time forfeit of an instant bot is the arena's. Optionally the same figures for
 * fastchess, the reference match runner, with a UCI engine that answers instantly.
 */
@Command(
        name = "fairness",
        mixinStandardHelpOptions = true,
        description = "Tournaments between two instant bots (default: the C example, built with cc) at a fast time"
                + " control, at concurrency 1x, 2x and 4x the cores: games/min, harness forfeits (every time forfeit"
                + " of an instant bot), the share of replies charged more than 1 ms and 10 ms, the largest, and the"
                + " arena's own CPU time per ply. With --fastchess and --uci-engine, the same figures for fastchess."
                + " With --pipes both, the arena's figures for each way of reading bots' output, in the same run.")
final class FairnessBench implements Callable<Integer> {

    /** Irregular games named after a run, at most. */
    private static final int MAX_IRREGULAR_SHOWN = 5;

    private static final Pattern PGN_MOVE_TIME = Pattern.compile("\\{[^}]*?(\\d+(?:\\.\\d+)?)s[^}]*}");

    @Spec
    CommandSpec spec;

    @Option(
            names = "--games",
            paramLabel = "N",
            defaultValue = "2000",
            description = "Games per concurrency, even (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(
            names = "--times-cores",
            paramLabel = "K",
            split = ",",
            defaultValue = "1,2,4",
            description =
                    "The concurrencies to measure, as multiples of the number of cores (default: ${DEFAULT-VALUE}).")
    List<Integer> multiples;

    @Option(
            names = "--time-per-game",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            defaultValue = "50ms",
            description = "Each bot's budget per game (default: ${DEFAULT-VALUE}).")
    Duration perGame;

    @Option(
            names = "--increment",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            defaultValue = "1ms",
            description = "Added after each move (default: ${DEFAULT-VALUE}).")
    Duration increment;

    @Option(
            names = "--clock",
            paramLabel = "wall|cpu",
            converter = ClockKindConverter.class,
            defaultValue = "wall",
            description = "The arena's clock (default: ${DEFAULT-VALUE}).")
    ClockKind clock;

    @Option(
            names = "--suspend-idle",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "Suspend the idle bot, as by default in tournaments (default: on).")
    boolean suspendIdle;

    @Option(
            names = "--bot",
            paramLabel = "CMD",
            description =
                    "A bot that answers instantly, for both sides (default: sample-bots/examples/random_bot.c, built with cc).")
    String bot;

    @Option(names = "--fastchess", paramLabel = "PATH", description = "A fastchess binary to measure beside the arena.")
    Path fastchess;

    @Option(
            names = "--uci-engine",
            paramLabel = "PATH",
            description = "An instant UCI engine for fastchess (needed with --fastchess).")
    Path uciEngine;

    @Option(
            names = "--turns",
            paramLabel = "N",
            defaultValue = "4",
            description =
                    "With --fastchess or --pipes both, the games of each concurrency are played in N turns of each"
                            + " (the arena, then fastchess), so that all meet the same changes of the machine's load"
                            + " (default: ${DEFAULT-VALUE}).")
    int turns;

    @Option(
            names = "--fastchess-max-moves",
            paramLabel = "N",
            defaultValue = "40",
            description =
                    "fastchess games end as draws after N moves, for games of 2N plies (default: ${DEFAULT-VALUE}).")
    int maxMoves;

    @Option(
            names = "--warm-up",
            paramLabel = "N",
            defaultValue = "200",
            description = "Games the arena plays first, at the first concurrency, and does not count: the JVM compiles"
                    + " its code meanwhile, which fastchess, compiled ahead, never pays (default: ${DEFAULT-VALUE}).")
    int warmUp;

    @Option(
            names = "--pipes",
            paramLabel = "polled|threads|both",
            description =
                    "How the arena reads bots' output: polled by the game's thread, on threads of their own, or both"
                            + " in turns, each with its own figures (default: as this JVM does, see -D"
                            + BotProcess.PIPES_SWITCH + ").")
    String pipes;

    /** The figures of one run, or of several added up. */
    private record Figures(
            int games,
            double seconds,
            int plies,
            int timeForfeits,
            int otherIrregular,
            long over1ms,
            long over10ms,
            long replies,
            double largestMs,
            long cpuNanos) {

        static final Figures NONE = new Figures(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

        Figures plus(Figures other) {
            return new Figures(
                    games + other.games,
                    seconds + other.seconds,
                    plies + other.plies,
                    timeForfeits + other.timeForfeits,
                    otherIrregular + other.otherIrregular,
                    over1ms + other.over1ms,
                    over10ms + other.over10ms,
                    replies + other.replies,
                    Math.max(largestMs, other.largestMs),
                    cpuNanos + other.cpuNanos);
        }

        double cpuMicrosPerPly() {
            return cpuNanos / 1000.0 / Math.max(1, plies);
        }

        String line() {
            return String.format(
                    Locale.ROOT,
                    "%5d games %7.1f games/min  %5.1f plies/game  harness forfeits %d%s"
                            + "  replies >1 ms %.3f %%  >10 ms %.3f %%  largest %.1f ms  harness CPU/ply %.0f µs",
                    games,
                    games / seconds * 60,
                    (double) plies / Math.max(1, games),
                    timeForfeits,
                    otherIrregular > 0 ? " (other irregular " + otherIrregular + ")" : "",
                    100.0 * over1ms / Math.max(1, replies),
                    100.0 * over10ms / Math.max(1, replies),
                    largestMs,
                    cpuMicrosPerPly());
        }
    }

    @Override
    public Integer call() throws Exception {
        if (games < 2 || games % 2 != 0) {
            throw new UsageException("--games must be even and at least 2, got " + games);
        }
        if (warmUp < 0 || warmUp % 2 != 0) {
            throw new UsageException("--warm-up must be even and at least 0, got " + warmUp);
        }
        if ((fastchess == null) != (uciEngine == null)) {
            throw new UsageException("--fastchess and --uci-engine go together");
        }
        String switchBefore = System.getProperty(BotProcess.PIPES_SWITCH);
        List<String> readings = readings(switchBefore);
        if ((fastchess != null || readings.size() > 1) && (turns < 1 || games / turns < 2)) {
            throw new UsageException("--turns must be at least 1 and leave each turn 2 games, got " + turns);
        }
        PrintWriter out = spec.commandLine().getOut();
        int cores = Options.cores();
        Path work = Files.createTempDirectory("caissa-fairness");
        try {
            List<String> command = bot != null
                    ? BotOption.entrant("--bot", bot, "bench").command().argv()
                    : List.of(buildExample(work).toString());
            TimeControl control = new TimeControl(perGame, Optional.empty(), increment, Duration.ofSeconds(1))
                    .withClock(clock)
                    .withSuspendIdle(suspendIdle);
            out.printf(
                    Locale.ROOT,
                    "%s against itself, %s, %d cores, bots' output read %s, load average %s%n",
                    String.join(" ", command),
                    control.describe(),
                    cores,
                    String.join(" and ", readings),
                    loadAverage());
            out.flush();
            if (warmUp > 0 && !multiples.isEmpty()) {
                arena(work.resolve("warm-up"), command, control, multiples.get(0) * cores, warmUp);
                out.printf(
                        Locale.ROOT,
                        "warm-up: %d games at concurrency %d, not counted%n",
                        warmUp,
                        multiples.get(0) * cores);
                out.flush();
            }
            for (int k : multiples) {
                int concurrency = k * cores;
                // Side by side: in turns, so that a change in the machine's load (other work, a
                // neighbour on the host) weighs on both alike rather than on whichever ran then.
                int rounds = fastchess == null && readings.size() == 1 ? 1 : turns;
                Map<String, Figures> arena = new LinkedHashMap<>();
                readings.forEach(reading -> arena.put(reading, Figures.NONE));
                Figures reference = Figures.NONE;
                for (int turn = 0; turn < rounds; turn++) {
                    int share = share(turn, rounds);
                    // Each way of reading goes first in turn: the first games of a run also pay for
                    // the JVM's warm-up, which must not weigh on one of them alone.
                    for (int i = 0; i < readings.size(); i++) {
                        String reading = readings.get((turn + i) % readings.size());
                        readOutput(reading, switchBefore);
                        arena.merge(
                                reading,
                                arena(
                                        work.resolve("arena-" + reading + "-" + concurrency + "-" + turn),
                                        command,
                                        control,
                                        concurrency,
                                        share),
                                Figures::plus);
                    }
                    if (fastchess != null) {
                        reference = reference.plus(fastchess(work, concurrency, turn, share));
                    }
                }
                // One column of labels: "arena" alone, or "arena polled" and "arena threads".
                String column = "  %-" + (readings.size() == 1 ? 9 : 13) + "s concurrency %2d (%dx): %s%n";
                for (Map.Entry<String, Figures> figures : arena.entrySet()) {
                    String label = readings.size() == 1 ? "arena" : "arena " + figures.getKey();
                    out.printf(
                            Locale.ROOT,
                            column,
                            label,
                            concurrency,
                            k,
                            figures.getValue().line());
                }
                if (fastchess != null) {
                    out.printf(Locale.ROOT, column, "fastchess", concurrency, k, reference.line());
                    for (Map.Entry<String, Figures> figures : arena.entrySet()) {
                        out.printf(
                                Locale.ROOT,
                                "  arena%s CPU/ply over fastchess's: %.2fx%n",
                                readings.size() == 1 ? "" : " (" + figures.getKey() + ")",
                                figures.getValue().cpuMicrosPerPly() / Math.max(1e-9, reference.cpuMicrosPerPly()));
                    }
                }
                out.flush();
            }
            out.printf(Locale.ROOT, "load average after: %s%n", loadAverage());
        } finally {
            readOutput(null, switchBefore);
            Options.deleteTree(work);
        }
        return ExitCodes.OK;
    }

    /** The ways of reading bots' output to measure: --pipes, else this JVM's own. */
    private List<String> readings(String switchBefore) {
        if (pipes == null) {
            return List.of(BotProcess.outputReading());
        }
        List<String> wanted = switch (pipes) {
            case "polled", "threads" -> List.of(pipes);
            case "both" -> List.of("polled", "threads");
            default -> throw new UsageException("--pipes must be polled, threads or both, got " + pipes);
        };
        if (wanted.contains("polled")) {
            // Whether this JVM can poll at all: with the switch off, as the turns will have it.
            System.clearProperty(BotProcess.PIPES_SWITCH);
            boolean can = BotProcess.outputReading().equals("polled");
            readOutput(null, switchBefore);
            if (!can) {
                throw new UsageException("--pipes " + pipes + ": this JVM cannot poll bots' output (it needs"
                        + " --add-exports java.base/sun.nio.ch=ALL-UNNAMED, as the arena's jar asks)");
            }
        }
        return wanted;
    }

    /**
     * Has the bots started from now on read their output the given way, through the same switch
     * a user sets (see {@link BotProcess#PIPES_SWITCH}); null puts the switch back as it was.
     */
    private static void readOutput(String reading, String switchBefore) {
        String value = reading == null ? switchBefore : reading.equals("threads") ? "threads" : null;
        if (value == null) {
            System.clearProperty(BotProcess.PIPES_SWITCH);
        } else {
            System.setProperty(BotProcess.PIPES_SWITCH, value);
        }
    }

    private Path buildExample(Path work) throws IOException, InterruptedException {
        Path source = Path.of(System.getProperty("caissa.home", "."), "sample-bots", "examples", "random_bot.c");
        if (!Files.isRegularFile(source)) {
            throw new UsageException("cannot find " + source + ": run from the project root, or give --bot");
        }
        Path binary = work.resolve("random_bot");
        Process cc = new ProcessBuilder("cc", "-O2", "-o", binary.toString(), source.toString())
                .inheritIO()
                .start();
        if (!cc.waitFor(120, TimeUnit.SECONDS) || cc.exitValue() != 0) {
            cc.destroyForcibly();
            throw new UsageException("building " + source + " with cc failed");
        }
        return binary;
    }

    /** The games of turn {@code turn} of {@code rounds}: an even share, the last turn taking what is left. */
    private int share(int turn, int rounds) {
        int each = games / rounds / 2 * 2;
        return turn < rounds - 1 ? each : games - each * (rounds - 1);
    }

    private Figures arena(Path dir, List<String> command, TimeControl control, int concurrency, int count)
            throws Exception {
        TournamentDefinition definition = new TournamentDefinition(
                "fairness",
                List.of(
                        new BotEntry("one", command, Optional.empty(), Map.of()),
                        new BotEntry("two", command, Optional.empty(), Map.of())),
                count,
                control,
                4,
                1,
                Optional.empty());
        long cpu0 = processCpuNanos();
        long t0 = System.nanoTime();
        // As a user's tournament runs: journal, standings and the live report included.
        Tournament.open(
                        definition,
                        Path.of("fairness.json"),
                        dir,
                        false,
                        new LiveReport(dir, spec.commandLine().getErr()))
                .play(concurrency);
        double seconds = (System.nanoTime() - t0) / 1e9;
        long cpu = processCpuNanos() - cpu0;
        int plies = 0;
        int forfeits = 0;
        int other = 0;
        long over1 = 0;
        long over10 = 0;
        long replies = 0;
        long largest = 0;
        List<String> irregular = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir.resolve(TournamentLayout.GAMES_DIR))) {
            for (Path file : files.toList()) {
                GameRecord record = Json.mapper().readValue(file.toFile(), GameRecord.class);
                plies += record.moves().size();
                forfeits += record.termination() == Termination.TIME_FORFEIT ? 1 : 0;
                other += record.termination().isIrregular() && record.termination() != Termination.TIME_FORFEIT ? 1 : 0;
                if (record.termination().isIrregular()) {
                    // Named, since the folder goes with the bench: with instant bots, each one is
                    // either the harness's fault or the bot's, and only its reason tells which.
                    irregular.add(file.getFileName() + ": "
                            + record.termination().word() + (record.loser() == null ? "" : " (" + record.loser() + ")")
                            + ": " + record.reason());
                }
                // Each side's first reply includes its start-up, which the first-move allowance covers.
                for (PlayedMove move : record.moves()
                        .subList(
                                Math.min(2, record.moves().size()),
                                record.moves().size())) {
                    replies++;
                    over1 += move.micros() > 1_000 ? 1 : 0;
                    over10 += move.micros() > 10_000 ? 1 : 0;
                    largest = Math.max(largest, move.micros());
                }
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        irregular.stream().sorted().limit(MAX_IRREGULAR_SHOWN).forEach(line -> out.println("  irregular game " + line));
        if (irregular.size() > MAX_IRREGULAR_SHOWN) {
            out.printf(Locale.ROOT, "  and %d more irregular games%n", irregular.size() - MAX_IRREGULAR_SHOWN);
        }
        return new Figures(count, seconds, plies, forfeits, other, over1, over10, replies, largest / 1000.0, cpu);
    }

    private Figures fastchess(Path work, int concurrency, int turn, int count) throws Exception {
        Path pgn = work.resolve("fastchess-" + concurrency + "-" + turn + ".pgn");
        String tc = String.format(Locale.ROOT, "tc=%s+%s", seconds(perGame), seconds(increment));
        Path engine = uciEngine.toAbsolutePath();
        List<String> argv = new ArrayList<>(List.of(
                fastchess.toAbsolutePath().toString(),
                "-engine",
                "cmd=" + engine,
                "name=one",
                "-engine",
                "cmd=" + engine,
                "name=two",
                "-each",
                tc,
                "restart=on",
                "-rounds",
                Integer.toString(count / 2),
                "-games",
                "2",
                "-concurrency",
                Integer.toString(concurrency),
                "-force-concurrency",
                "-maxmoves",
                Integer.toString(maxMoves),
                "-pgnout",
                "file=" + pgn));
        Path log = work.resolve("fastchess-" + concurrency + "-" + turn + ".log");
        long t0 = System.nanoTime();
        // In the bench's own folder: fastchess writes its config.json where it runs.
        Process process = new ProcessBuilder(argv)
                .directory(work.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        // fastchess's own CPU (not its engines'): sampled from /proc while it runs, the last sample kept.
        long cpu = 0;
        while (!process.waitFor(20, TimeUnit.MILLISECONDS)) {
            cpu = Math.max(cpu, ownCpuNanos(process.pid()));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (process.exitValue() != 0 || !Files.isRegularFile(pgn)) {
            throw new UsageException("fastchess failed (exit " + process.exitValue() + "), see its output: "
                    + Files.readString(log, StandardCharsets.UTF_8)
                            .lines()
                            .reduce((a, b) -> b)
                            .orElse(""));
        }
        String text = Files.readString(pgn, StandardCharsets.UTF_8);
        int playedGames = 0;
        int forfeits = 0;
        int plies = 0;
        long over1 = 0;
        long over10 = 0;
        long replies = 0;
        double largest = 0;
        for (String game : text.split("(?=\\[Event )")) {
            if (game.isBlank()) {
                continue;
            }
            playedGames++;
            forfeits += game.contains("[Termination \"time forfeit\"]") ? 1 : 0;
            int body = game.indexOf("\n\n");
            Matcher m = PGN_MOVE_TIME.matcher(body < 0 ? "" : game.substring(body));
            int ply = 0;
            while (m.find()) {
                ply++;
                if (ply <= 2) {
                    continue;
                }
                double ms = Double.parseDouble(m.group(1)) * 1000;
                replies++;
                over1 += ms > 1 ? 1 : 0;
                over10 += ms > 10 ? 1 : 0;
                largest = Math.max(largest, ms);
            }
            plies += ply;
        }
        return new Figures(playedGames, seconds, plies, forfeits, 0, over1, over10, replies, largest, cpu);
    }

    private static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.3f", duration.toNanos() / 1e9);
    }

    private static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** utime + stime of one process, without its children, or 0 when unknown. */
    private static long ownCpuNanos(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10_000_000L;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
