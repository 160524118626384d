package caissa.arena.cli;

import caissa.arena.command.ExitCodes;
import caissa.arena.command.LiveReport;
import caissa.arena.command.Options;
import caissa.arena.command.ProgressDisplay;
import caissa.arena.command.UsageException;
import caissa.arena.diagnostics.IrregularLossTally;
import caissa.arena.records.TournamentLayout;
import caissa.arena.runner.BrokenBots;
import caissa.arena.runner.Shard;
import caissa.arena.sandbox.Isolation;
import caissa.arena.tournament.StandingsDocument;
import caissa.arena.tournament.TournamentDefinition;
import caissa.arena.tournament.TournamentFile;
import caissa.arena.tournament.TournamentObserver;
import caissa.arena.tournament.TournamentRun;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Runs a tournament from a tournament file (see tournaments/README.md), whole or one shard of it. */
@Command(
        name = "tournament",
        mixinStandardHelpOptions = true,
        header = "Run a tournament (round robin, gauntlet or Swiss) from a JSON file.",
        description =
                "Run a tournament defined by a JSON file, concurrently, writing every game log, the journal and the standings into the output folder. A run killed at any moment continues with --resume. --sandbox and --keep-scratch apply over the file's sandbox field; the file sets the limits."
                        + " Exit codes: 0 the run ended (every game played, or a shard's share), 2 bad usage or input (options,"
                        + " the file, a folder that holds another run) or a bot that cannot play under --broken refuse,"
                        + " 70 a bug in the arena, 74 a file could not be written or read, 130 stopped by Ctrl-C and 143 by"
                        + " SIGTERM (the games kept stay; continue with --resume).")
final class TournamentCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A tournament file, such as tournaments/sample.json.")
    Path file;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default: reports/<name>/).")
    Path out;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            description = "Games at a time (default: the file's concurrency, else half the cores, at least 1).")
    Integer concurrency;

    @Option(
            names = "--resume",
            description = "Continue the run in the output folder: keep its finished games, play the rest.")
    boolean resume;

    @Option(
            names = "--shard",
            paramLabel = "I/N|auto",
            description =
                    "Play only share I of N (from 1) of the next batch of games (the whole schedule of a round robin or gauntlet, one round of a Swiss), for a cluster; put the shards together with 'caissa merge'. auto: from CAISSA_SHARD_INDEX/CAISSA_SHARD_COUNT, SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX/CAISSA_SHARD_COUNT.")
    String shard;

    @Option(
            names = "--from",
            paramLabel = "DIR",
            description =
                    "With --shard: the merged folder of the batches played so far (a Swiss after its first round).")
    Path from;

    @Option(
            names = "--broken",
            paramLabel = "refuse|forfeit|exclude",
            converter = BrokenBotsConverter.class,
            description =
                    "A bot that cannot play (its command cannot be started, or it does not answer its first move when"
                            + " started once before the games): forfeit: it stays in the schedule and loses each of its games by"
                            + " start-failure, without being started again (the default, or the file's broken field); exclude: it is"
                            + " left out of the schedule; refuse: the run is refused (exit code 2), naming every such bot.")
    BrokenBots broken;

    /** {@code --sandbox} and {@code --keep-scratch}: over the file's {@code sandbox} field. */
    @Mixin
    SandboxOptions sandbox;

    /** Set by {@link Main#main}: a real terminal gets a redrawn progress bar. */
    static boolean interactive;

    @Override
    public Integer call() throws Exception {
        TournamentFile.ForRun read = TournamentFile.readForRun(file);
        BrokenBots policy = broken != null ? broken : read.broken().orElse(BrokenBots.FORFEIT);
        TournamentDefinition definition = withSandboxOptions(read.definition());
        Path dir = out != null ? out : TournamentLayout.defaultFolder(definition.name());
        int games = Options.concurrency(
                concurrency,
                definition.concurrency().orElse(Options.defaultConcurrency()),
                spec.commandLine().getErr());
        Optional<Shard> share;
        try {
            share = Shard.option(shard, System.getenv());
        } catch (IllegalArgumentException e) {
            throw new UsageException("--shard: " + e.getMessage());
        }
        if (from != null && share.isEmpty()) {
            throw new UsageException("--from is for shards: give --shard too");
        }
        String resumeCommand = "caissa tournament " + file + " --out " + dir + " --resume"
                + (concurrency != null ? " --concurrency " + concurrency : "")
                + (shard != null ? " --shard " + shard : "")
                + (from != null ? " --from " + from : "")
                + (sandbox.sandbox != null ? " --sandbox " + sandbox.sandbox : "")
                + (sandbox.keepScratch ? " --keep-scratch" : "");
        ProgressDisplay progress = new ProgressDisplay(
                spec.commandLine().getOut(), interactive, interactive ? Terminal.width() : Terminal.DEFAULT_WIDTH);
        LiveReport report = new LiveReport(dir, spec.commandLine().getErr());
        TournamentRun run = new TournamentRun(
                new TournamentRun.Request(
                        definition,
                        read.unstartable(),
                        file,
                        dir,
                        policy,
                        games,
                        resume,
                        share,
                        Optional.ofNullable(from),
                        resumeCommand),
                spec.commandLine().getOut(),
                spec.commandLine().getErr(),
                display(progress, report),
                // Whether the file or --sandbox asked for it, a run that falls back to no sandbox says so.
                () -> SandboxOptions.warnIfUnsandboxed(
                        definition.isolation().sandbox(),
                        "tournament",
                        spec.commandLine().getErr()));
        return run.run() == TournamentRun.Ending.REFUSED ? ExitCodes.USAGE : ExitCodes.OK;
    }

    /** The terminal's progress line and the live HTML report, as a run shows itself. */
    private static TournamentRun.Display display(ProgressDisplay progress, LiveReport report) {
        return new TournamentRun.Display() {
            @Override
            public TournamentObserver observer() {
                return progress.andThen(report);
            }

            @Override
            public IrregularLossTally irregularLosses() {
                return progress.irregularLosses();
            }

            @Override
            public void interrupted(String resumeCommand, int kept) {
                progress.interrupted(resumeCommand, kept);
            }

            @Override
            public void close() {
                progress.close();
            }

            @Override
            public String table(StandingsDocument standings) {
                return StandingsTable.format(standings);
            }

            @Override
            public Path report() {
                return report.write();
            }
        };
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
            isolation =
                    SandboxOptions.resolve(isolation.withSandbox(sandbox.mode().get()));
        }
        return definition.withIsolation(isolation);
    }
}
