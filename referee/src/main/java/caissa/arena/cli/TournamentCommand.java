package caissa.arena.cli;

import caissa.arena.sandbox.Isolation;
import caissa.arena.tournament.Shard;
import caissa.arena.tournament.StandingsDocument;
import caissa.arena.tournament.Tournament;
import caissa.arena.tournament.TournamentDefinition;
import caissa.arena.tournament.TournamentFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Runs a tournament from a tournament file (see tournaments/README.md), whole or one shard of it. */
@Command(name = "tournament", mixinStandardHelpOptions = true,
        header = "Run a tournament (round robin, gauntlet or Swiss) from a JSON file.",
        description = "Run a tournament defined by a JSON file, concurrently, writing every game log, the journal and the standings into the output folder. A run killed at any moment continues with --resume.")
final class TournamentCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The tournament file, for example tournaments/sample.json.")
    Path file;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default: reports/<name>/).")
    Path out;

    @Option(names = "--concurrency", paramLabel = "N",
            description = "Games at a time (default: the file's concurrency, else the number of cores).")
    Integer concurrency;

    @Mixin
    SandboxOptions sandbox;

    @Option(names = "--resume", description = "Continue the run in the output folder: keep its finished games, play the rest.")
    boolean resume;

    @Option(names = "--shard", paramLabel = "I/N|auto",
            description = "Play only share I of N (from 1) of the next batch of games (the whole schedule of a round robin or gauntlet, one round of a Swiss), for a cluster; put the shards together with 'caissa merge'. auto: from CAISSA_SHARD_INDEX/CAISSA_SHARD_COUNT, SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX/CAISSA_SHARD_COUNT.")
    String shard;

    @Option(names = "--from", paramLabel = "DIR",
            description = "With --shard: the merged folder of the batches played so far (a Swiss after its first round).")
    Path from;

    /** Set by {@link Main#main}: a real terminal gets a redrawn progress bar. */
    static boolean interactive;

    @Override
    public Integer call() throws Exception {
        TournamentDefinition read = TournamentFile.read(file);
        Isolation asked = sandbox.mode().map(read.isolation()::withSandbox).orElse(read.isolation())
                .keepingScratch(sandbox.keepScratch);
        TournamentDefinition definition = read.withIsolation(SandboxOptions.resolve(asked, "tournament",
                spec.commandLine().getErr()).hiding(List.of(ReportsDirectory.root())));
        Path dir = out != null ? out : ReportsDirectory.root().resolve(definition.name());
        int games = Options.concurrency(concurrency, definition.concurrency().orElse(Options.cores()),
                spec.commandLine().getErr());
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
        Tournament tournament = Tournament.open(definition, file, dir, resume,
                new ProgressDisplay(terminal, interactive).andThen(report), share, Optional.ofNullable(from));
        terminal.printf("tournament %s: %s, %d bots, %d games, %d at a time, %s%n", TerminalText.escape(definition.name()),
                definition.format().word(), definition.bots().size(), definition.totalGames(), games,
                definition.timeControl().describe());
        if (tournament.shardBatch().isPresent()) {
            terminal.printf("shard %s of %s: %d games%n", share.get(), tournament.shardBatch().get().describe(),
                    tournament.totalGames());
        }
        terminal.println("output: " + dir);
        terminal.flush();
        StandingsDocument standings = tournament.play(games);
        terminal.println();
        terminal.print(StandingsTable.format(standings));
        terminal.println("standings: " + dir.resolve(Tournament.STANDINGS_FILE));
        Path page = report.write();
        if (page != null) {
            terminal.println("report: " + page);
        }
        terminal.flush();
        return ExitCodes.OK;
    }
}
