package caissa.arena.cli;

import caissa.arena.input.Texts;
import caissa.arena.command.ExitCodes;
import caissa.arena.command.LiveReport;
import caissa.arena.command.Options;
import caissa.arena.command.UsageException;
import caissa.arena.bot.BotHost;
import caissa.arena.game.Entrant;
import caissa.arena.game.GameSetup;
import caissa.arena.records.TournamentLayout;
import caissa.arena.runner.Openings;
import caissa.arena.runner.Shard;
import caissa.arena.sandbox.Isolation;
import caissa.arena.command.ProgressDisplay;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.tournament.BrokenBots;
import caissa.arena.tournament.RunOpenings;
import caissa.arena.tournament.StandingsDocument;
import caissa.arena.tournament.Tournament;
import caissa.arena.tournament.TournamentDefinition;
import caissa.arena.tournament.TournamentFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
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
        description = "Run a tournament defined by a JSON file, concurrently, writing every game log, the journal and the standings into the output folder. A run killed at any moment continues with --resume. --sandbox and --keep-scratch apply over the file's sandbox field; the file sets the limits."
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

    @Option(names = "--broken", paramLabel = "refuse|forfeit|exclude", converter = BrokenBotsConverter.class,
            description = "A bot that cannot play (its command cannot be started, or it does not answer its first move when"
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
        int games = Options.concurrency(concurrency, definition.concurrency().orElse(Options.defaultConcurrency()),
                spec.commandLine().getErr());
        List<Entrant> bots = definition.bots().stream().map(b -> new Entrant(b.name(), b.botCommand())).toList();
        Map<String, String> labels = new HashMap<>();
        for (int i = 0; i < bots.size(); i++) {
            labels.put(bots.get(i).name(), file + ": bots[" + i + "] '" + bots.get(i).name() + "'");
        }
        // Every bot that cannot play is named at once: a command that cannot be started (from the
        // file), then a bot that does not answer its first move as a game needs (started once).
        Map<String, String> started = PreflightCheck.problems(GameSetup.of(bots.get(0), bots.get(0), definition.timeControl())
                .withVariant(definition.variant())
                .withOpening(RunOpenings.of(definition, 1).moves())
                .withIsolation(Tournament.isolation(definition, file, dir)),
                bots.stream().filter(b -> !read.unstartable().containsKey(b.name())).toList(), labels, games);
        List<BrokenBots.Broken> brokenBots = new ArrayList<>();
        for (Entrant bot : bots) {
            String problem = read.unstartable().getOrDefault(bot.name(), started.get(bot.name()));
            if (problem != null) {
                brokenBots.add(new BrokenBots.Broken(bot.name(), problem, policy));
            }
        }
        PrintWriter err = spec.commandLine().getErr();
        if (!brokenBots.isEmpty() && policy == BrokenBots.REFUSE) {
            brokenBots.forEach(b -> err.println("caissa tournament: " + TerminalText.escape(b.problem())));
            err.println("caissa tournament: " + Texts.count(brokenBots.size(), "bot cannot", "bots cannot") + " play, so the run"
                    + " is refused (--broken refuse); to let a broken bot lose each of its games by start-failure use"
                    + " --broken forfeit, to leave it out use --broken exclude");
            err.flush();
            return ExitCodes.USAGE;
        }
        if (policy == BrokenBots.EXCLUDE && !brokenBots.isEmpty()) {
            try {
                definition = definition.without(brokenBots.stream().map(BrokenBots.Broken::name)
                        .collect(java.util.stream.Collectors.toSet()));
            } catch (IllegalArgumentException e) {
                brokenBots.forEach(b -> err.println("caissa tournament: " + TerminalText.escape(b.problem())));
                err.println("caissa tournament: --broken exclude: " + e.getMessage());
                err.flush();
                return ExitCodes.USAGE;
            }
        }
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
                Optional.ofNullable(from), brokenBots);
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
        brokenBots.forEach(b -> terminal.println(describe(b)));
        terminal.flush();
        // Ctrl-C or SIGTERM: a clean line, what was kept, and the command that continues the run.
        String resumeCommand = "caissa tournament " + file + " --out " + dir + " --resume"
                + (concurrency != null ? " --concurrency " + concurrency : "") + (shard != null ? " --shard " + shard : "")
                + (from != null ? " --from " + from : "") + (sandbox.sandbox != null ? " --sandbox " + sandbox.sandbox : "")
                + (sandbox.keepScratch ? " --keep-scratch" : "");
        Thread onInterrupt = new Thread(() -> progress.interrupted(resumeCommand, tournament.stopRecording()),
                "tournament-interrupted");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        // A resumed run's closing summary covers the games it found finished too.
        for (Path log : tournament.irregularLogsFoundFinished()) {
            try {
                progress.irregularLosses().add(caissa.arena.records.GameLogs.read(log), log);
            } catch (java.io.IOException | RuntimeException e) {
                // Checked when the run was resumed; one unreadable since then only misses from the summary.
            }
        }
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
            terminal.println("irregular losses in the whole run, by bot and cause:");
            irregular.forEach(terminal::println);
        }
        brokenBots.forEach(b -> terminal.println(describe(b)));
        terminal.println("standings: " + dir.resolve(TournamentLayout.STANDINGS_FILE));
        Path page = report.write();
        if (page != null) {
            terminal.println("report: " + page);
        }
        terminal.flush();
        return ExitCodes.OK;
    }

    /** A broken bot and what the run does with it, in one line for the summary. */
    private static String describe(BrokenBots.Broken bot) {
        return (bot.handling() == BrokenBots.FORFEIT ? "forfeited: " : "excluded: ") + TerminalText.escape(bot.name())
                + (bot.handling() == BrokenBots.FORFEIT ? " loses each of its games by start-failure, without being started"
                        : " is left out of the schedule") + " (--broken " + bot.handling().word() + "): "
                + TerminalText.escape(bot.problem());
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
