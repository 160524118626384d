package caissa.arena.bench;

import caissa.arena.bot.BotHost;
import caissa.arena.bot.BotProcess;
import caissa.arena.bot.Reply;
import caissa.arena.command.ExitCodes;
import caissa.arena.command.UsageException;
import caissa.arena.program.BotCommand;
import caissa.arena.sandbox.Bubblewrap;
import caissa.arena.sandbox.BubblewrapLaunching;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Host;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.Limiting;
import caissa.arena.sandbox.Parts;
import caissa.arena.sandbox.SandboxMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumMap;
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
 * What the sandbox costs a game: the time to start two bots, see each answer once, and tear
 * them down, for plain processes, for processes with limits only (a cgroup or the watchdog), and for
 * sandboxed ones, taking turns in the same run so that all see the same machine. Each kind of
 * machine is measured with what it has: without bubblewrap (a container) or without limits
 * (portable mode) the kinds it cannot run are named, with why, and the others measured.
 */
@Command(
        name = "sandbox",
        mixinStandardHelpOptions = true,
        description =
                "Milliseconds per game to start and tear down two bots: plain, with limits only, in bubblewrap sandboxes with limits, and in sandboxes without a cgroup (ended through their PID namespace), measured in turns in the same run. The bots are 'cat', so that the figure is the arena's and the operating system's cost, not a bot's start-up. A kind this machine cannot run (no bubblewrap, or no limits in portable mode) is named with why, and the others are measured.")
final class SandboxBench implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--games",
            paramLabel = "N",
            defaultValue = "100",
            description = "Games measured for each kind (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(
            names = "--warmup",
            paramLabel = "N",
            defaultValue = "20",
            description = "Games of each kind played first and not measured (default: ${DEFAULT-VALUE}).")
    int warmup;

    private enum Kind {
        PLAIN("plain processes"),
        LIMITS("limits only"),
        SANDBOX("bwrap sandbox + limits"),
        NAMESPACE("bwrap sandbox, no cgroup");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    @Override
    public Integer call() throws IOException {
        if (games < 1 || warmup < 0) {
            throw new UsageException("--games must be at least 1, --warmup at least 0");
        }
        PrintWriter out = spec.commandLine().getOut();
        Map<Kind, long[]> times = new EnumMap<>(Kind.class);
        Map<Kind, String> skipped = new EnumMap<>(Kind.class);
        String limitedBy;
        try (BotHost host = BotHost.open()) {
            Limiting limiting = host.parts(SandboxMode.NONE).limiting();
            limitedBy = limiting.kind().word();
            for (Kind kind : Kind.values()) {
                Optional<String> why = unavailable(kind, limiting);
                if (why.isPresent()) {
                    skipped.put(kind, why.get());
                } else {
                    times.put(kind, new long[games]);
                }
            }
            for (int i = 0; i < warmup + games; i++) {
                for (Kind kind : times.keySet()) {
                    long nanos = game(kind, host);
                    if (i >= warmup) {
                        times.get(kind)[i - warmup] = nanos;
                    }
                }
            }
        }
        out.printf(
                Locale.ROOT,
                "start and tear down two bots ('cat'), %d games of each kind after %d warm-up games, in turns:%n",
                games,
                warmup);
        double plain = Percentiles.of(times.get(Kind.PLAIN), games, 1e6).median();
        for (Kind kind : Kind.values()) {
            String label =
                    kind == Kind.LIMITS && !skipped.containsKey(kind) ? "limits only (" + limitedBy + ")" : kind.label;
            if (skipped.containsKey(kind)) {
                out.printf(Locale.ROOT, "  %-32s not measured: %s%n", label, skipped.get(kind));
                continue;
            }
            Percentiles p = Percentiles.of(times.get(kind), games, 1e6);
            out.printf(
                    Locale.ROOT,
                    "  %-32s median %6.2f ms   p99 %6.2f ms   max %6.2f ms per game%s%n",
                    label,
                    p.median(),
                    p.p99(),
                    p.max(),
                    kind == Kind.PLAIN
                            ? ""
                            : String.format(Locale.ROOT, "   (%+.2f ms over plain)", p.median() - plain));
        }
        out.flush();
        return ExitCodes.OK;
    }

    /** Why this machine cannot run {@code kind} (whose limits are held by {@code limiting}); empty when it can. */
    private static Optional<String> unavailable(Kind kind, Limiting limiting) {
        return switch (kind) {
            case PLAIN -> Optional.empty();
            case LIMITS ->
                limiting instanceof Limiting.Unlimited
                        ? Optional.of("no limits are held on this machine (see caissa doctor)")
                        : Optional.empty();
            case SANDBOX, NAMESPACE -> Bubblewrap.unavailableReason();
        };
    }

    /** One game's worth: two bots started, each echoes a line, both ended. Returns the wall time. */
    private static long game(Kind kind, BotHost host) throws IOException {
        BotCommand cat = BotCommand.of("cat");
        long start = System.nanoTime();
        List<BotProcess> bots = new ArrayList<>();
        for (String side : List.of("white", "black")) {
            BotProcess.Start started = kind == Kind.PLAIN
                    ? host.startPlain(cat, Map.of(), BotProcess.Limits.DEFAULT, "bench-" + side)
                    : host.start(cat, Map.of(), BotProcess.Limits.DEFAULT, "bench-" + side, prepare(cat, kind, host));
            if (!(started instanceof BotProcess.Start.Started ok)) {
                throw new IllegalStateException("cat did not start: " + ((BotProcess.Start.Failed) started).reason());
            }
            bots.add(ok.bot());
        }
        for (BotProcess bot : bots) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            bot.send("start", deadline);
            if (!(bot.read(deadline) instanceof Reply.Line)) {
                throw new IllegalStateException("cat did not echo its line");
            }
        }
        bots.forEach(BotProcess::askToEnd);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        bots.forEach(bot -> bot.awaitEnd(deadline));
        return System.nanoTime() - start;
    }

    /**
     * The containment of one kind, with the parts the command chose for that sandbox; a sandbox
     * without a cgroup gets the parts of a machine that has none: the watchdog, signals, and an
     * end through its PID namespace.
     */
    private static Containment prepare(BotCommand cat, Kind kind, BotHost host) throws IOException {
        Isolation isolation =
                Isolation.defaults().withSandbox(kind == Kind.LIMITS ? SandboxMode.NONE : SandboxMode.BWRAP);
        Parts parts = kind == Kind.NAMESPACE
                ? new Parts(
                        new BubblewrapLaunching(),
                        new Limiting.ByWatchdog(),
                        Host.SuspendBy.SIGNALS,
                        Host.EndBy.PID_NAMESPACE,
                        host.parts(SandboxMode.BWRAP).output(),
                        // Its processes' times, as any bot's that no cgroup holds.
                        Host.CpuClock.SCHEDSTAT)
                : host.parts(isolation.sandbox());
        return Containment.prepare(parts, cat, cat, isolation, "bench").orElseThrow();
    }
}
