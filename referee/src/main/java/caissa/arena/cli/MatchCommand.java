package caissa.arena.cli;

import caissa.arena.command.BotOption;
import caissa.arena.command.ExitCodes;
import caissa.arena.command.Options;
import caissa.arena.command.UsageException;
import caissa.arena.game.Entrant;
import caissa.arena.match.MatchRun;
import caissa.arena.match.MatchSettings;
import caissa.arena.openings.BookOpenings;
import caissa.arena.openings.BookOrder;
import caissa.arena.openings.OpeningBook;
import caissa.arena.records.MatchLayout;
import caissa.arena.records.ReportsDirectory;
import caissa.arena.rules.Variant;
import caissa.arena.runner.BrokenBots;
import caissa.arena.runner.Shard;
import caissa.arena.sandbox.Isolation;
import caissa.arena.stats.Sprt;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** A regression match for CI: the new version of an engine against the previous one. */
@Command(
        name = "match",
        mixinStandardHelpOptions = true,
        header = "Regression match with an SPRT, for CI.",
        description = "Play the engine against a baseline in game pairs (one opening, once with each colour) and judge"
                + " it with a sequential probability ratio test on the pentanomial statistics of the pairs, in plain"
                + " Elo, stopping as soon as a bound is crossed. Exit codes: 0 H1 accepted (the engine is at least as"
                + " good as elo1 claims), 1 H0 accepted (a regression), 3 inconclusive at the cap, 4 no result (every"
                + " game ended in an irregular loss), 2 bad usage or a bot that cannot play (unless --broken forfeit),"
                + " 70 a bug in the arena, 74 a file could not be written or read, 130 stopped by Ctrl-C and 143 by"
                + " SIGTERM (the summary so far is written, \"decision\": \"interrupted\").")
final class MatchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--engine", required = true, paramLabel = "CMD", description = "The engine under test.")
    String engine;

    @Option(names = "--baseline", required = true, paramLabel = "CMD", description = "The version to compare with.")
    String baseline;

    @Option(names = "--engine-name", paramLabel = "NAME", description = "Default: from the command.")
    String engineName;

    @Option(names = "--baseline-name", paramLabel = "NAME", description = "Default: from the command.")
    String baselineName;

    @Option(
            names = "--sprt",
            paramLabel = "elo0=A,elo1=B,alpha=X,beta=Y",
            description =
                    "Default: elo0=0,elo1=10,alpha=0.05,beta=0.05. The hypotheses, in plain Elo; alpha and beta may be left out (0.05).")
    String sprt;

    @Option(
            names = "--games",
            paramLabel = "N",
            description =
                    "Play exactly N games (even) instead of stopping early; judged by the SPRT (--sprt) once, at the end.")
    Integer games;

    @Option(
            names = "--max-games",
            paramLabel = "N",
            description = "The cap of the sequential test (even; default: " + MatchSettings.DEFAULT_MAX_GAMES + ").")
    Integer maxGames;

    @Option(
            names = "--opening-plies",
            paramLabel = "N",
            defaultValue = "0",
            description =
                    "Random legal plies before the bots take over, sent as an 'opening' line (default: ${DEFAULT-VALUE};"
                            + " the bots must support the line, see docs/bot-guide.md).")
    int openingPlies;

    @Option(
            names = "--openings",
            paramLabel = "FILE",
            description = "A book of openings, one a line (the moves from the initial position, or a position in CFN);"
                    + " game pair k plays line k,"
                    + " round the book. Instead of --opening-plies. Every line is checked before the first game.")
    Path openings;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description = "Seed of the openings (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            description = "Games at a time (default: half the cores, at least 1).")
    Integer concurrency;

    @Mixin
    ClockOptions clock;

    @Mixin
    SandboxOptions sandbox;

    @Mixin
    LimitOptions limits;

    @Option(
            names = "--variant",
            paramLabel = "VARIANT",
            converter = VariantConverter.class,
            description = VariantConverter.DESCRIPTION)
    Variant variant = Variant.CAISSA;

    @Option(
            names = "--broken",
            paramLabel = "refuse|forfeit|exclude",
            converter = BrokenBotsConverter.class,
            description =
                    "A bot that cannot play (checked once before the games): refuse the match (the default; exclude"
                            + " does the same, as a match without it has nothing to play), or forfeit: play the match, the broken bot"
                            + " losing each game by start-failure without being started again.")
    BrokenBots broken = BrokenBots.REFUSE;

    @Option(
            names = "--json",
            paramLabel = "FILE",
            description = "Also write the summary as JSON (caissa-arena/match/1) to FILE.")
    Path json;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Where the game logs go (default: reports/match/<time>-<engine>-vs-<baseline>/).")
    Path out;

    @Option(
            names = "--shard",
            paramLabel = "I/N|auto",
            description =
                    "With --games: play only share I of N (from 1) of the game pairs, for a cluster; judge the whole match with 'caissa merge'. auto: from the environment, as for tournament.")
    String shard;

    /** Set by {@link Main#main}: a real terminal gets a line redrawn in place. */
    static boolean interactive;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        MatchRun.Ending ending = new MatchRun(
                        request(), spec.commandLine().getOut(), err, () -> sandbox.warnIfUnsandboxed("match", err))
                .run();
        if (ending instanceof MatchRun.Ending.Judged judged) {
            return judged.decision().exitCode();
        }
        return ending instanceof MatchRun.Ending.Refused ? ExitCodes.USAGE : ExitCodes.OK;
    }

    /** The options read into what the run is asked to do, each refused with its one line, in the order they are checked. */
    private MatchRun.Request request() throws IOException {
        // --sprt goes with either: a fixed-length match is judged by the same hypotheses, once, at its end.
        if (games != null && maxGames != null) {
            throw new UsageException(
                    "--games plays a fixed number of games and --max-games caps a sequential test: give one");
        }
        if (JsonTarget.toStandardOutput(json)) {
            // Its progress and summary are on standard output, which a document could not share.
            throw new UsageException("--json - is not for match, whose progress is on standard output: give a FILE");
        }
        JsonTarget.check(json);
        Sprt hypotheses = hypotheses();
        int threads = Options.concurrency(
                concurrency, Options.defaultConcurrency(), spec.commandLine().getErr());
        Optional<Shard> share = share();
        Optional<BookOpenings> book = book();
        Sides sides = sides();
        MatchSettings settings = settings(sides, hypotheses, book);
        Path dir = out != null
                ? out
                : MatchLayout.defaultFolder(
                        LocalDateTime.now(),
                        sides.engine().name(),
                        sides.baseline().name());
        Isolation isolation = SandboxOptions.resolve(sandbox.isolation().withLimits(limits.limits()))
                .hiding(List.of(ReportsDirectory.root()));
        return new MatchRun.Request(
                settings,
                dir,
                threads,
                share,
                isolation,
                broken,
                Optional.ofNullable(openings),
                Optional.ofNullable(json),
                interactive,
                interactive ? Terminal.width() : Terminal.DEFAULT_WIDTH);
    }

    private Sprt hypotheses() {
        if (sprt == null) {
            return MatchSettings.DEFAULT_SPRT;
        }
        try {
            // alpha and beta are usually 0.05: let them be left out.
            String full = sprt
                    + (sprt.contains("alpha=") ? "" : ",alpha=0.05")
                    + (sprt.contains("beta=") ? "" : ",beta=0.05");
            return Sprt.parse(full);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--sprt: " + e.getMessage());
        }
    }

    private Optional<Shard> share() {
        Optional<Shard> share;
        try {
            share = Shard.option(shard, System.getenv());
        } catch (IllegalArgumentException e) {
            throw new UsageException("--shard: " + e.getMessage());
        }
        if (share.isPresent() && games == null) {
            throw new UsageException(
                    "--shard needs --games N: a sequential match cannot be split, its length depends on its results");
        }
        return share;
    }

    private Optional<BookOpenings> book() throws IOException {
        if (openingPlies < 0 || openingPlies > 40) {
            throw new UsageException("--opening-plies must be between 0 and 40, got " + openingPlies);
        }
        if (openings != null && openingPlies > 0) {
            throw new UsageException("--openings and --opening-plies: give one of them");
        }
        if (openings == null) {
            return Optional.empty();
        }
        return Optional.of(new BookOpenings(OpeningBook.read(openings, variant), BookOrder.SEQUENTIAL, seed));
    }

    /** The engine and the baseline, with names that tell them apart. */
    private record Sides(Entrant engine, Entrant baseline) {}

    private Sides sides() {
        Entrant engineBot = BotOption.entrant("--engine", engine, engineName);
        Entrant baselineBot = BotOption.entrant("--baseline", baseline, baselineName);
        if (!engineBot.name().equals(baselineBot.name())) {
            return new Sides(engineBot, baselineBot);
        }
        if (engineName != null && baselineName != null) {
            throw new UsageException("--engine-name and --baseline-name must differ, both are '" + engineName + "'");
        }
        // Output and logs must tell the two apart: the name that was not given says which side it is.
        return new Sides(
                engineName != null ? engineBot : new Entrant(engineBot.name() + "-engine", engineBot.command()),
                baselineName != null
                        ? baselineBot
                        : new Entrant(baselineBot.name() + "-baseline", baselineBot.command()));
    }

    private MatchSettings settings(Sides sides, Sprt hypotheses, Optional<BookOpenings> book) {
        int cap = games != null ? games : maxGames != null ? maxGames : MatchSettings.DEFAULT_MAX_GAMES;
        try {
            return new MatchSettings(
                    sides.engine(),
                    sides.baseline(),
                    clock.timeControl(),
                    openingPlies,
                    seed,
                    hypotheses,
                    games == null,
                    cap,
                    variant,
                    book);
        } catch (IllegalArgumentException e) {
            throw new UsageException((games != null ? "--games: " : "--max-games: ") + e.getMessage());
        }
    }
}
