package caissa.arena.cli;

import caissa.arena.bot.BotHost;
import caissa.arena.game.Entrant;
import caissa.arena.game.GameSetup;
import caissa.arena.sandbox.Isolation;
import caissa.arena.tournament.Openings;
import caissa.arena.tournament.Shard;
import caissa.arena.tournament.StandingsDocument;
import caissa.arena.tournament.Tournament;
import caissa.arena.tournament.TournamentDefinition;
import caissa.arena.tournament.TournamentFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Runs a tournament from a tournament file (see tournaments/README.md), whole or one shard of it. */
@Command(name = "tournament", mixinStandardHelpOptions = true,
        header = "Run a tournament (round robin, gauntlet or Swiss) from a JSON file.",
        description = "Run a tournament defined by a JSON file, concurrently, writing every game log, the journal and the standings into the output folder. A run killed at any moment continues with --resume. --sandbox and --keep-scratch apply over the file's sandbox field; the file sets the limits.")
final class TournamentCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A tournament file, such as tournaments/sample.json.")
    Path file;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default: reports/<name>/).")
    Path out;

    @Option(names = "--concurrency", paramLabel = "N",
            description = "Games at a time (default: the file's concurrency, else half the cores, at least 1).")
    Integer concurrency;

    @Option(names = "--resume", description = "Continue the run in the output folder: keep its finished games, play the rest.")
    boolean resume;

    @Option(names = "--shard", paramLabel = "I/N|auto",
            description = "Play only share I of N (from 1) of the next batch of games (the whole schedule of a round robin or gauntlet, one round of a Swiss), for a cluster; put the shards together with 'caissa merge'. auto: from CAISSA_SHARD_INDEX/CAISSA_SHARD_COUNT, SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX/CAISSA_SHARD_COUNT.")
    String shard;

    @Option(names = "--from", paramLabel = "DIR",
            description = "With --shard: the merged folder of the batches played so far (a Swiss after its first round).")
    Path from;

    /** {@code --sandbox} and {@code --keep-scratch}: over the file's {@code sandbox} field. */
    @Mixin
    SandboxOptions sandbox;

    /** Set by {@link Main#main}: a real terminal gets a redrawn progress bar. */
    static boolean interactive;

    @Override
    public Integer call() throws Exception {
        TournamentDefinition definition = withSandboxOptions(TournamentFile.read(file));
        Path dir = out != null ? out : ReportsDirectory.root().resolve(definition.name());
        int games = Options.concurrency(concurrency, definition.concurrency().orElse(Options.defaultConcurrency()),
                spec.commandLine().getErr());
        List<Entrant> bots = definition.bots().stream().map(b -> new Entrant(b.name(), b.botCommand())).toList();
        Map<String, String> labels = new HashMap<>();
        for (int i = 0; i < bots.size(); i++) {
            labels.put(bots.get(i).name(), file + ": bots[" + i + "] '" + bots.get(i).name() + "'");
        }
        PreflightCheck.require(GameSetup.of(bots.get(0), bots.get(0), definition.timeControl()).withVariant(definition.variant())
                .withOpening(Openings.opening(definition.variant(), definition.seed(), 0, definition.openingPlies()))
                .withIsolation(Tournament.isolation(definition, file, dir)), bots, labels, games);
        PrintWriter terminal = spec.commandLine().getOut();
        LiveReport report = new LiveReport(dir, spec.commandLine().getErr());
        Optional<Shard> share;
        try {
            share = Shard.option(shard, System.getenv());
        } catch (IllegalArgumentException e) {
            throw new UsageException("--shard: " + e.getMessage());
        }
        if (from != null && share.isEmpty()) {
            throw new UsageException("--from is for shards: give --shard too");
        }
        ProgressDisplay progress = new ProgressDisplay(terminal, interactive,
                interactive ? Terminal.width() : Terminal.DEFAULT_WIDTH);
        Tournament tournament = Tournament.open(definition, file, dir, resume, progress.andThen(report), share,
                Optional.ofNullable(from));
        // Whether the file or --sandbox asked for it, a run that falls back to no sandbox says so.
        SandboxOptions.warnIfUnsandboxed(definition.isolation().sandbox(), "tournament", spec.commandLine().getErr());
        terminal.printf("tournament %s: %s, %d bots, %d games, %d at a time, %s%n", definition.name(),
                definition.format().word(), definition.bots().size(), definition.totalGames(), games,
                definition.timeControl().describe());
        if (tournament.shardBatch().isPresent()) {
            terminal.printf("shard %s of %s: %d games%n", share.get(), tournament.shardBatch().get().describe(),
                    tournament.totalGames());
        }
        terminal.println("output: " + dir);
        terminal.flush();
        // Ctrl-C or SIGTERM: a clean line, what was kept, and the command that continues the run.
        String resumeCommand = "caissa tournament " + file + " --out " + dir + " --resume"
                + (concurrency != null ? " --concurrency " + concurrency : "") + (shard != null ? " --shard " + shard : "")
                + (from != null ? " --from " + from : "") + (sandbox.sandbox != null ? " --sandbox " + sandbox.sandbox : "")
                + (sandbox.keepScratch ? " --keep-scratch" : "");
        Thread onInterrupt = new Thread(() -> progress.interrupted(resumeCommand), "tournament-interrupted");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        StandingsDocument standings;
        BotHost host = BotHost.open();
        try {
            standings = tournament.play(games, host);
        } finally {
            host.close();
            progress.close();
            try {
                Runtime.getRuntime().removeShutdownHook(onInterrupt);
            } catch (IllegalStateException shuttingDown) {
                // Interrupted after all: the hook says so.
            }
        }
        if (host.stopping()) {
            return ExitCodes.OK;
        }
        terminal.println();
        terminal.print(StandingsTable.format(standings));
        List<String> irregular = progress.irregularLosses().lines();
        if (!irregular.isEmpty()) {
            terminal.println("irregular losses in the games played now, by bot and cause:");
            irregular.forEach(terminal::println);
        }
        terminal.println("standings: " + dir.resolve(Tournament.STANDINGS_FILE));
        Path page = report.write();
        if (page != null) {
            terminal.println("report: " + page);
        }
        terminal.flush();
        return ExitCodes.OK;
    }

    /**
     * The command line's sandbox over the file's: {@code --sandbox} replaces its {@code sandbox}
     * (and is checked here as play and match check it: bwrap that cannot work is refused; auto that
     * falls back says so once the games are about to start); {@code --keep-scratch} keeps every bot's
     * scratch folder.
     */
    private TournamentDefinition withSandboxOptions(TournamentDefinition definition) {
        Isolation isolation = definition.isolation().keepingScratch(sandbox.keepScratch);
        if (sandbox.mode().isPresent()) {
            isolation = SandboxOptions.resolve(isolation.withSandbox(sandbox.mode().get()));
        }
        return definition.withIsolation(isolation);
    }
}
