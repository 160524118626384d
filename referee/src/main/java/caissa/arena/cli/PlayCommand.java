package caissa.arena.cli;

import caissa.arena.bot.BotHost;
import caissa.arena.command.BotOption;
import caissa.arena.command.ExitCodes;
import caissa.arena.diagnostics.Diagnosis;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.game.Durations;
import caissa.arena.game.Entrant;
import caissa.arena.game.Game;
import caissa.arena.game.GameListener;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.PlayedMove;
import caissa.arena.game.Termination;
import caissa.arena.game.TimeControl;
import caissa.arena.input.BadInputException;
import caissa.arena.records.Folders;
import caissa.arena.records.Json;
import caissa.arena.records.OwnFiles;
import caissa.arena.records.PlayLayout;
import caissa.arena.records.Problems;
import caissa.arena.records.ReportsDirectory;
import caissa.arena.report.BoardText;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.Machine;
import caissa.arena.sandbox.Parts;
import caissa.arena.sandbox.SandboxMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Plays one game between two bots, live on the terminal, and writes its log. */
@Command(
        name = "play",
        mixinStandardHelpOptions = true,
        header = "Play one game between two bots.",
        description =
                "Play one game between two bots, print each move as it happens, and write the game log. A bot is a command line (split with shell quoting rules, no shell is run) or sample:random, sample:greedy, sample:alphabeta. Exit codes: 0 the game was played to a result, whatever it is; 4 the game did not happen: a bot could not be started (start-failure, its cause printed); 2 bad usage; 74 the log could not be written; 130 or 143 stopped by Ctrl-C or SIGTERM.")
final class PlayCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--white", required = true, paramLabel = "CMD", description = "The bot that plays White.")
    String white;

    @Option(names = "--black", required = true, paramLabel = "CMD", description = "The bot that plays Black.")
    String black;

    @Option(
            names = "--white-name",
            paramLabel = "NAME",
            description = "White's name in the log (default: from the command).")
    String whiteName;

    @Option(
            names = "--black-name",
            paramLabel = "NAME",
            description = "Black's name in the log (default: from the command).")
    String blackName;

    @Mixin
    ClockOptions clock;

    @Mixin
    SandboxOptions sandbox;

    @Mixin
    LimitOptions limits;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Where to write the game log (default: reports/play/<time>-<white>-vs-<black>.json).")
    Path out;

    @Option(
            names = "--variant",
            paramLabel = "VARIANT",
            converter = VariantConverter.class,
            description = VariantConverter.DESCRIPTION)
    Variant variant = Variant.CAISSA;

    @Option(names = "--board", description = "Draw the board after each move.")
    boolean board;

    /** How the parts that hold the bots are chosen: from this machine (a test gives a broken sandbox instead). */
    Function<SandboxMode, Parts> parts = mode -> Machine.current().parts(mode);

    @Override
    public Integer call() throws IOException {
        PrintWriter terminal = spec.commandLine().getOut();
        TimeControl control = clock.timeControl();
        Entrant whiteBot = BotOption.entrant("--white", white, whiteName);
        Entrant blackBot = BotOption.entrant("--black", black, blackName);
        Path logFile = out != null ? out : defaultLogFile(whiteBot, blackBot);
        Isolation isolation = SandboxOptions.resolve(sandbox.isolation().withLimits(limits.limits()))
                .hiding(List.of(ReportsDirectory.root(), logFile));
        // Found out now, not after the game: a log that cannot be written would lose the game.
        checkWritable(logFile);
        sandbox.warnIfUnsandboxed("play", spec.commandLine().getErr());

        terminal.printf(
                "%s (white) vs %s (black), %s%s%n",
                TerminalText.escape(whiteBot.name()),
                TerminalText.escape(blackBot.name()),
                control.describe(),
                variant == Variant.CAISSA ? "" : ", " + variant);
        // The command's bots live until its log is written and its lines printed: a stop (Ctrl-C)
        // waits for that before the JVM halts.
        try (BotHost host = BotHost.open(parts)) {
            return play(whiteBot, blackBot, control, isolation, logFile, host);
        }
    }

    private int play(
            Entrant whiteBot, Entrant blackBot, TimeControl control, Isolation isolation, Path logFile, BotHost host)
            throws IOException {
        PrintWriter terminal = spec.commandLine().getOut();
        GameRecord record = Game.play(
                GameSetup.of(whiteBot, blackBot, control).withVariant(variant).withIsolation(isolation),
                new GameListener() {
                    @Override
                    public void started(GameSetup setup, Position start) {
                        if (board) {
                            terminal.print(BoardText.draw(start));
                        }
                        terminal.flush();
                    }

                    @Override
                    public void moved(PlayedMove move, Position after) {
                        terminal.printf(
                                Locale.ROOT,
                                "%4d. %-5s %s  %12s%n",
                                move.ply(),
                                move.side(),
                                move.move(),
                                Durations.replyTime(move.micros()));
                        if (board) {
                            terminal.print(BoardText.draw(after));
                        }
                        terminal.flush();
                    }
                },
                host);
        terminal.printf("result: %s (%s)%n", record.result(), record.termination());
        terminal.println(TerminalText.escape(record.reason()));
        try {
            Json.writeFile(logFile, record);
        } catch (IOException | BadInputException e) {
            // The disk filled (or the folder went away, or something was put at the log's name) during
            // the game: keep the game elsewhere.
            Path rescue = Files.createTempFile("caissa-play-", ".json");
            Files.writeString(rescue, Json.write(record));
            String problem = e instanceof IOException io
                    ? Problems.describe(io)
                    : e.getMessage().replace(logFile + ": ", "");
            throw new FileSystemException(
                    logFile.toString(), null, problem + "; the game's log was written to " + rescue + " instead");
        }
        for (Diagnosis why : Diagnosis.ofLosers(record, null)) {
            terminal.println(why.bot() + " (" + why.side() + "):");
            why.details().forEach(line -> terminal.println("  " + line));
        }
        terminal.println("log: " + logFile);
        terminal.flush();
        // A bot that could not be started (by the arena's sandbox or limits, or its own command) means no game was
        // played.
        return record.termination() == Termination.START_FAILURE ? ExitCodes.NO_RESULT : ExitCodes.OK;
    }

    /** Creates the log's folder and a file in it, and removes that file: what writing the log will need. */
    private static void checkWritable(Path logFile) throws IOException {
        if (Files.isDirectory(logFile, LinkOption.NOFOLLOW_LINKS)) {
            throw new FileSystemException(logFile.toString(), null, "is a folder; --out names the log file");
        }
        OwnFiles.checkWritable(logFile);
        Path dir = logFile.toAbsolutePath().getParent();
        Folders.create(dir);
        try {
            Path probe = Files.createTempFile(dir, "." + logFile.getFileName() + ".", ".tmp");
            try {
                Files.write(probe, new byte[] {'{', '}', '\n'});
            } finally {
                Files.deleteIfExists(probe);
            }
        } catch (IOException e) {
            throw Problems.naming(logFile, e);
        }
    }

    private static Path defaultLogFile(Entrant white, Entrant black) {
        return PlayLayout.defaultFile(LocalDateTime.now(), white.name(), black.name());
    }
}
