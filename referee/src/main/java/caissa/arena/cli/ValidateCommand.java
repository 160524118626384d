package caissa.arena.cli;

import caissa.arena.command.BotOption;
import caissa.arena.command.DurationConverter;
import caissa.arena.command.ExitCodes;
import caissa.arena.command.Options;
import caissa.arena.command.UsageException;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.game.Entrant;
import caissa.arena.input.Limits;
import caissa.arena.openings.BookOpenings;
import caissa.arena.openings.BookOrder;
import caissa.arena.openings.OpeningBook;
import caissa.arena.program.BotCommand;
import caissa.arena.program.CommandCheck;
import caissa.arena.records.Json;
import caissa.arena.records.ReportsDirectory;
import caissa.arena.records.ValidateLayout;
import caissa.arena.rules.Variant;
import caissa.arena.sandbox.Isolation;
import caissa.arena.submission.Check;
import caissa.arena.submission.SourceBuild;
import caissa.arena.submission.ValidationReport;
import caissa.arena.submission.Validator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Checks a bot submission before it enters a competition. */
@Command(
        name = "validate",
        mixinStandardHelpOptions = true,
        header = "Check a bot submission before a competition.",
        description = "Check a bot before it enters a competition: build it if it is a single source file (.java with"
                + " javac, .c with gcc -O2, .cpp with g++ -O2, .py with python3), then play it as White and as Black"
                + " against each opponent and report a checklist with the evidence and a one-line verdict."
                + " Exit codes: 0 every check passed, 1 a check failed, 2 bad usage.")
final class ValidateCommand implements Callable<Integer> {

    static final List<String> DEFAULT_OPPONENTS =
            List.of("sample:random", "sample:greedy", "sample:alphabeta --time-per-game 3000");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BOT", description = "The bot: a command line, or one source file.")
    String bot;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "The bot's name in the report (default: from the command or file).")
    String name;

    @Option(
            names = "--games",
            paramLabel = "N",
            defaultValue = "2",
            description = "Games per colour and opponent (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(
            names = "--opponent",
            paramLabel = "CMD",
            description = "Default: sample:alphabeta (thinking 3 s a game), sample:random and sample:greedy. Repeat"
                    + " for several opponents.")
    List<String> opponents;

    @Mixin
    ClockOptions clock;

    @Mixin
    SandboxOptions sandbox;

    @Mixin
    LimitOptions limits;

    @Option(
            names = "--openings",
            paramLabel = "FILE",
            description =
                    "Play each game pair from the next line of this opening book (checked first), as a tournament with a book would.")
    Path openings;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            description = "Games at a time (default: half the cores, at least 1).")
    Integer concurrency;

    @Option(
            names = "--build-timeout",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            defaultValue = "2m",
            description = "The longest a build may take (default: ${DEFAULT-VALUE}).")
    Duration buildTimeout;

    @Option(
            names = "--variant",
            paramLabel = "VARIANT",
            converter = VariantConverter.class,
            description = VariantConverter.DESCRIPTION + " The bot is told it in CAISSA_VARIANT.")
    Variant variant = Variant.CAISSA;

    @Option(
            names = "--json",
            paramLabel = "FILE",
            description = "Also write the report as JSON"
                    + " (caissa-arena/validation/1) to FILE, as match --json does; - prints it on standard output instead of"
                    + " the checklist (the progress lines then go to standard error).")
    Path json;

    /** {@code --json -}: the document alone on standard output. */
    private boolean jsonOnStdout() {
        return JsonTarget.toStandardOutput(json);
    }

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Where the game logs go (default: reports/validate/<time>-<bot>/).")
    Path out;

    /** The openings of {@code --openings}, every line checked before anything runs. */
    private Optional<BookOpenings> book = Optional.empty();

    @Override
    public Integer call() throws Exception {
        Limits.option("--games", games, 1, Limits.MAX_GAMES);
        JsonTarget.check(json);
        int threads = Options.concurrency(
                concurrency, Options.defaultConcurrency(), spec.commandLine().getErr());
        List<Entrant> opponentBots = new ArrayList<>();
        for (String opponent : opponents != null ? opponents : DEFAULT_OPPONENTS) {
            opponentBots.add(BotOption.entrant("--opponent", opponent, null));
        }
        Isolation isolation = isolation();
        // Bad input gets its one line before anything runs and before the warning about the sandbox.
        Optional<Path> source;
        try {
            source = SourceBuild.source(bot);
        } catch (IllegalArgumentException e) {
            throw new UsageException("BOT: " + e.getMessage());
        }
        if (source.isEmpty()) {
            BotOption.entrant("BOT", bot, name);
        } else {
            BotOption.name("BOT", name, fileName(bot));
        }
        if (openings != null) {
            book = Optional.of(new BookOpenings(OpeningBook.read(openings, variant), BookOrder.SEQUENTIAL, 1));
        }
        sandbox.warnIfUnsandboxed("validate", spec.commandLine().getErr());
        Path buildDir = Files.createTempDirectory("caissa-build");
        // A sandboxed bot runs as nobody when the arena is root: its built program must be readable by all.
        Files.setPosixFilePermissions(buildDir, PosixFilePermissions.fromString("rwxr-xr-x"));
        try {
            SourceBuild.Outcome outcome;
            try {
                outcome = SourceBuild.prepare(bot, buildDir, buildTimeout, isolation);
            } catch (IllegalArgumentException e) {
                throw new UsageException("BOT: " + e.getMessage());
            }
            ValidationReport report = validate(outcome, opponentBots, threads);
            print(report);
            return report.passed() ? ExitCodes.OK : ExitCodes.FAILED;
        } finally {
            Options.deleteTree(buildDir);
        }
    }

    private ValidationReport validate(SourceBuild.Outcome outcome, List<Entrant> opponentBots, int threads)
            throws Exception {
        String source = outcome instanceof SourceBuild.Outcome.Command ? null : bot;
        if (outcome instanceof SourceBuild.Outcome.Failed failed) {
            return ValidationReport.buildFailed(name != null ? name : fileName(bot), source, failed);
        }
        Optional<SourceBuild.Outcome.Built> built =
                outcome instanceof SourceBuild.Outcome.Built b ? Optional.of(b) : Optional.empty();
        Entrant candidate;
        if (built.isPresent()) {
            candidate = new Entrant(
                    BotOption.name("BOT", name, fileName(bot)), built.get().command());
        } else {
            candidate = BotOption.entrant("BOT", bot, name);
        }
        Path gamesDir = out != null ? out : ValidateLayout.defaultFolder(LocalDateTime.now(), candidate.name());
        // With --json, standard output holds the document alone.
        PrintWriter progress = jsonOnStdout()
                ? spec.commandLine().getErr()
                : spec.commandLine().getOut();
        progress.println("validating " + candidate.name() + ": " + games * 2 * opponentBots.size() + " games, "
                + threads + " at a time, " + clock.timeControl().describe() + "; game logs: " + gamesDir);
        progress.flush();
        return Validator.validate(
                variant,
                candidate,
                opponentBots,
                games,
                clock.timeControl(),
                threads,
                built,
                source,
                gamesDir,
                new Validator.Progress() {
                    @Override
                    public void finished(int done, int total, ValidationReport.GameLine game) {
                        progress.println("  game " + done + "/" + total + ": as " + game.colour() + " vs "
                                + game.opponent()
                                + ": " + game.result() + " " + game.termination() + ", " + game.moves()
                                + (game.moves() == 1 ? " move" : " moves")
                                + (game.why() != null ? " (" + game.why().reason() + ")" : ""));
                        progress.flush();
                    }

                    @Override
                    public void stopping(String why) {
                        // Said at once, before the games still running end and the checklist is printed.
                        progress.println("  " + TerminalText.escape(why));
                        progress.flush();
                    }
                },
                isolation(),
                book);
    }

    private void print(ValidationReport report) throws IOException {
        PrintWriter terminal = spec.commandLine().getOut();
        if (json != null) {
            JsonTarget.write(json, Json.write(report), terminal);
        }
        if (jsonOnStdout()) {
            return;
        }
        printChecklist(terminal, report, json);
    }

    /** The checklist as validate prints it (and caissa submit, for a contest's admission). */
    static void printChecklist(PrintWriter terminal, ValidationReport report, Path json) {
        terminal.println(TerminalText.escape("checks for " + report.bot()
                + (report.source() != null ? " (built from " + report.source() + ")" : "")
                + (report.command().isEmpty() ? "" : ": " + String.join(" ", report.command()))));
        int width =
                report.checks().stream().mapToInt(c -> c.name().length()).max().orElse(0);
        for (Check check : report.checks()) {
            String[] evidence = TerminalText.escapeLines(check.evidence()).split("\n", -1);
            terminal.printf("  %-" + width + "s  %s  %s%n", check.name(), check.outcome(), evidence[0]);
            for (int i = 1; i < evidence.length; i++) {
                terminal.println("  " + " ".repeat(width) + "        " + evidence[i]);
            }
        }
        for (String warning : report.warnings()) {
            terminal.println("  note: " + TerminalText.escape(warning));
        }
        if (report.gamesDir() != null) {
            terminal.println("game logs: " + report.gamesDir());
        }
        if (json != null) {
            terminal.println("report: " + json);
        }
        terminal.println(TerminalText.escape(report.verdict()));
        terminal.flush();
    }

    private Isolation resolved;

    /** The bots' and the build's sandbox and limits, resolved once. */
    private Isolation isolation() {
        if (resolved == null) {
            resolved = SandboxOptions.resolve(sandbox.isolation().withLimits(limits.limits()))
                    .hiding(List.of(ReportsDirectory.root()));
        }
        return resolved;
    }

    private static String fileName(String path) {
        return CommandCheck.defaultName(BotCommand.of(path));
    }
}
