package caissa.arena.tournament;

import caissa.arena.bot.BotHost;
import caissa.arena.diagnostics.IrregularLossTally;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.game.Entrant;
import caissa.arena.game.GameSetup;
import caissa.arena.input.Texts;
import caissa.arena.records.GameLogs;
import caissa.arena.records.TournamentLayout;
import caissa.arena.runner.BrokenBots;
import caissa.arena.runner.PreflightCheck;
import caissa.arena.runner.Shard;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A tournament as the {@code tournament} command runs it, once its options are read: every bot
 * that cannot play found before the games and handled as {@code --broken} says, the header, the
 * games (a Ctrl-C keeps what is finished and names the command that continues), and the summary.
 */
public final class TournamentRun {

    /**
     * What a tournament run is asked to do.
     *
     * @param definition the tournament, with the command line's sandbox applied
     * @param unstartable the bots whose command cannot be started, by name, each with its problem
     *     ({@link TournamentFile.ForRun#unstartable()})
     * @param resumeCommand the command that continues this run, said when it is stopped
     */
    public record Request(
            TournamentDefinition definition,
            Map<String, String> unstartable,
            Path file,
            Path dir,
            BrokenBots policy,
            int concurrency,
            boolean resume,
            Optional<Shard> shard,
            Optional<Path> from,
            String resumeCommand) {}

    /**
     * What the command shows of a run: its progress (an observer of the games), the tally of irregular
     * losses its closing summary prints, the final table and the HTML report.
     */
    public interface Display {
        TournamentObserver observer();

        IrregularLossTally irregularLosses();

        /** Ctrl-C or SIGTERM: a clean line, what was kept, and the command that continues the run. */
        void interrupted(String resumeCommand, int kept);

        /** The run ended or stopped: no more progress. */
        void close();

        /** The final standings as the terminal shows them. */
        String table(StandingsDocument standings);

        /** Writes the final report; its page, or null when it could not be written. */
        Path report();
    }

    /** How a run ended, for the command's exit code. */
    public enum Ending {
        /** A bot cannot play and {@code --broken} refuses the run, or leaving it out leaves nothing to play. */
        REFUSED,
        /** The games were played (every one, or a shard's share), or the run was stopped with the games kept. */
        PLAYED
    }

    private final Request request;
    private final PrintWriter terminal;
    private final PrintWriter err;
    private final Display display;
    /** What the command says once the bots are known to play (a sandbox that fell back, say). */
    private final Runnable beforeGames;

    public TournamentRun(
            Request request, PrintWriter terminal, PrintWriter err, Display display, Runnable beforeGames) {
        this.request = request;
        this.terminal = terminal;
        this.err = err;
        this.display = display;
        this.beforeGames = beforeGames;
    }

    /** Runs the tournament; its output goes to the terminal as it is played. */
    public Ending run() throws Exception {
        TournamentDefinition definition = request.definition();
        List<BrokenBots.Broken> brokenBots = broken(definition);
        BrokenBots policy = request.policy();
        if (!brokenBots.isEmpty() && policy == BrokenBots.REFUSE) {
            brokenBots.forEach(b -> err.println("caissa tournament: " + TerminalText.escape(b.problem())));
            err.println("caissa tournament: " + Texts.count(brokenBots.size(), "bot cannot", "bots cannot")
                    + " play, so the run"
                    + " is refused (--broken refuse); to let a broken bot lose each of its games by start-failure use"
                    + " --broken forfeit, to leave it out use --broken exclude");
            err.flush();
            return Ending.REFUSED;
        }
        if (policy == BrokenBots.EXCLUDE && !brokenBots.isEmpty()) {
            try {
                definition = definition.without(
                        brokenBots.stream().map(BrokenBots.Broken::name).collect(Collectors.toSet()));
            } catch (IllegalArgumentException e) {
                brokenBots.forEach(b -> err.println("caissa tournament: " + TerminalText.escape(b.problem())));
                err.println("caissa tournament: --broken exclude: " + e.getMessage());
                err.flush();
                return Ending.REFUSED;
            }
        }
        Path dir = request.dir();
        Tournament tournament = Tournament.open(
                definition,
                request.file(),
                dir,
                request.resume(),
                display.observer(),
                request.shard(),
                request.from(),
                brokenBots);
        beforeGames.run();
        terminal.printf(
                "tournament %s: %s, %d bots, %d games, %d at a time, %s%n",
                definition.name(),
                definition.format().word(),
                definition.bots().size(),
                definition.totalGames(),
                request.concurrency(),
                definition.timeControl().describe());
        if (tournament.shardBatch().isPresent()) {
            terminal.printf(
                    "shard %s of %s: %d games%n",
                    request.shard().get(), tournament.shardBatch().get().describe(), tournament.totalGames());
        }
        terminal.println("output: " + dir);
        brokenBots.forEach(b -> terminal.println(describe(b)));
        terminal.flush();
        Thread onInterrupt = new Thread(
                () -> display.interrupted(request.resumeCommand(), tournament.stopRecording()),
                "tournament-interrupted");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        // A resumed run's closing summary covers the games it found finished too.
        for (Path log : tournament.irregularLogsFoundFinished()) {
            try {
                display.irregularLosses().add(GameLogs.read(log), log);
            } catch (IOException | RuntimeException e) {
                // Checked when the run was resumed; one unreadable since then only misses from the summary.
            }
        }
        StandingsDocument standings;
        BotHost host = BotHost.open();
        try {
            standings = tournament.play(request.concurrency(), host);
        } finally {
            host.close();
            display.close();
            try {
                Runtime.getRuntime().removeShutdownHook(onInterrupt);
            } catch (IllegalStateException shuttingDown) {
                // Interrupted after all: the hook says so.
            }
        }
        if (host.stopping()) {
            return Ending.PLAYED;
        }
        terminal.println();
        terminal.print(display.table(standings));
        List<String> irregular = display.irregularLosses().lines();
        if (!irregular.isEmpty()) {
            terminal.println("irregular losses in the whole run, by bot and cause:");
            irregular.forEach(terminal::println);
        }
        brokenBots.forEach(b -> terminal.println(describe(b)));
        terminal.println("standings: " + dir.resolve(TournamentLayout.STANDINGS_FILE));
        Path page = display.report();
        if (page != null) {
            terminal.println("report: " + page);
        }
        terminal.flush();
        return Ending.PLAYED;
    }

    /**
     * Every bot that cannot play, named at once: a command that cannot be started (from the file),
     * then a bot that does not answer its first move as a game needs (started once).
     */
    private List<BrokenBots.Broken> broken(TournamentDefinition definition) throws InterruptedException {
        List<Entrant> bots = definition.bots().stream()
                .map(b -> new Entrant(b.name(), b.botCommand()))
                .toList();
        Map<String, String> labels = new HashMap<>();
        for (int i = 0; i < bots.size(); i++) {
            labels.put(
                    bots.get(i).name(),
                    request.file() + ": bots[" + i + "] '" + bots.get(i).name() + "'");
        }
        Map<String, String> unstartable = request.unstartable();
        Map<String, String> started = PreflightCheck.problems(
                GameSetup.of(bots.get(0), bots.get(0), definition.timeControl())
                        .withVariant(definition.variant())
                        .withOpening(RunOpenings.of(definition, 1).moves())
                        .withIsolation(Tournament.isolation(definition, request.file(), request.dir())),
                bots.stream().filter(b -> !unstartable.containsKey(b.name())).toList(),
                labels,
                request.concurrency());
        List<BrokenBots.Broken> broken = new ArrayList<>();
        for (Entrant bot : bots) {
            String problem = unstartable.getOrDefault(bot.name(), started.get(bot.name()));
            if (problem != null) {
                broken.add(new BrokenBots.Broken(bot.name(), problem, request.policy()));
            }
        }
        return broken;
    }

    /** A broken bot and what the run does with it, in one line for the summary. */
    private static String describe(BrokenBots.Broken bot) {
        return (bot.handling() == BrokenBots.FORFEIT ? "forfeited: " : "excluded: ") + TerminalText.escape(bot.name())
                + (bot.handling() == BrokenBots.FORFEIT
                        ? " loses each of its games by start-failure, without being started"
                        : " is left out of the schedule")
                + " (--broken " + bot.handling().word() + "): "
                + TerminalText.escape(bot.problem());
    }
}
