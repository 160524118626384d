package caissa.arena.cli;

import caissa.arena.input.Texts;
import caissa.arena.command.BotOption;
import caissa.arena.command.ExitCodes;
import caissa.arena.command.Options;
import caissa.arena.command.UsageException;
import caissa.arena.bot.BotHost;
import caissa.arena.diagnostics.Diagnosis;
import caissa.arena.diagnostics.IrregularLossTally;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.game.Entrant;
import caissa.arena.game.GameSetup;
import caissa.arena.match.Match;
import caissa.arena.match.MatchReport;
import caissa.arena.match.MatchSettings;
import caissa.arena.records.Json;
import caissa.arena.records.MatchLayout;
import caissa.arena.records.ReportsDirectory;
import caissa.arena.rules.Variant;
import caissa.arena.runner.Openings;
import caissa.arena.runner.Shard;
import caissa.arena.sandbox.Isolation;
import caissa.arena.openings.BookOpenings;
import caissa.arena.openings.BookOrder;
import caissa.arena.openings.OpeningBook;
import caissa.arena.stats.Sprt;
import caissa.arena.tournament.BrokenBots;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** A regression match for CI: the new version of an engine against the previous one. */
@Command(name = "match", mixinStandardHelpOptions = true,
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

    @Option(names = "--sprt", paramLabel = "elo0=A,elo1=B,alpha=X,beta=Y",
            description = "Default: elo0=0,elo1=10,alpha=0.05,beta=0.05. The hypotheses, in plain Elo; alpha and beta may be left out (0.05).")
    String sprt;

    @Option(names = "--games", paramLabel = "N",
            description = "Play exactly N games (even) instead of stopping early; judged by the SPRT (--sprt) once, at the end.")
    Integer games;

    @Option(names = "--max-games", paramLabel = "N", description = "The cap of the sequential test (even; default: "
            + MatchSettings.DEFAULT_MAX_GAMES + ").")
    Integer maxGames;

    @Option(names = "--opening-plies", paramLabel = "N", defaultValue = "0",
            description = "Random legal plies before the bots take over, sent as an 'opening' line (default: ${DEFAULT-VALUE};"
                    + " the bots must support the line, see docs/bot-guide.md).")
    int openingPlies;

    @Option(names = "--openings", paramLabel = "FILE",
            description = "A book of openings, one a line (the moves from the initial position, or a position in CFN);"
                    + " game pair k plays line k,"
                    + " round the book. Instead of --opening-plies. Every line is checked before the first game.")
    Path openings;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the openings (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--concurrency", paramLabel = "N", description = "Games at a time (default: half the cores, at least 1).")
    Integer concurrency;

    @Mixin
    ClockOptions clock;

    @Mixin
    SandboxOptions sandbox;

    @Mixin
    LimitOptions limits;

    @Option(names = "--variant", paramLabel = "VARIANT", converter = VariantConverter.class,
            description = VariantConverter.DESCRIPTION)
    Variant variant = Variant.CAISSA;

    @Option(names = "--broken", paramLabel = "refuse|forfeit|exclude", converter = BrokenBotsConverter.class,
            description = "A bot that cannot play (checked once before the games): refuse the match (the default; exclude"
                    + " does the same, as a match without it has nothing to play), or forfeit: play the match, the broken bot"
                    + " losing each game by start-failure without being started again.")
    BrokenBots broken = BrokenBots.REFUSE;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the summary as JSON (caissa-arena/match/1) to FILE.")
    Path json;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the game logs go (default: reports/match/<time>-<engine>-vs-<baseline>/).")
    Path out;

    @Option(names = "--shard", paramLabel = "I/N|auto",
            description = "With --games: play only share I of N (from 1) of the game pairs, for a cluster; judge the whole match with 'caissa merge'. auto: from the environment, as for tournament.")
    String shard;

    /** Set by {@link Main#main}: a real terminal gets a line redrawn in place. */
    static boolean interactive;

    @Override
    public Integer call() throws Exception {
        // --sprt goes with either: a fixed-length match is judged by the same hypotheses, once, at its end.
        if (games != null && maxGames != null) {
            throw new UsageException("--games plays a fixed number of games and --max-games caps a sequential test: give one");
        }
        if (JsonTarget.toStandardOutput(json)) {
            // Its progress and summary are on standard output, which a document could not share.
            throw new UsageException("--json - is not for match, whose progress is on standard output: give a FILE");
        }
        JsonTarget.check(json);
        Sprt hypotheses = MatchSettings.DEFAULT_SPRT;
        if (sprt != null) {
            try {
                // alpha and beta are usually 0.05: let them be left out.
                String full = sprt + (sprt.contains("alpha=") ? "" : ",alpha=0.05") + (sprt.contains("beta=") ? "" : ",beta=0.05");
                hypotheses = Sprt.parse(full);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--sprt: " + e.getMessage());
            }
        }
        int threads = Options.concurrency(concurrency, Options.defaultConcurrency(), spec.commandLine().getErr());
        Optional<Shard> share;
        try {
            share = Shard.option(shard, System.getenv());
        } catch (IllegalArgumentException e) {
            throw new UsageException("--shard: " + e.getMessage());
        }
        if (share.isPresent() && games == null) {
            throw new UsageException("--shard needs --games N: a sequential match cannot be split, its length depends on its results");
        }
        if (openingPlies < 0 || openingPlies > 40) {
            throw new UsageException("--opening-plies must be between 0 and 40, got " + openingPlies);
        }
        if (openings != null && openingPlies > 0) {
            throw new UsageException("--openings and --opening-plies: give one of them");
        }
        Optional<BookOpenings> book = Optional.empty();
        if (openings != null) {
            book = Optional.of(new BookOpenings(OpeningBook.read(openings, variant), BookOrder.SEQUENTIAL, seed));
        }
        Entrant engineBot = BotOption.entrant("--engine", engine, engineName);
        Entrant baselineBot = BotOption.entrant("--baseline", baseline, baselineName);
        if (engineBot.name().equals(baselineBot.name())) {
            if (engineName != null && baselineName != null) {
                throw new UsageException("--engine-name and --baseline-name must differ, both are '" + engineName + "'");
            }
            // Output and logs must tell the two apart: the name that was not given says which side it is.
            engineBot = engineName != null ? engineBot : new Entrant(engineBot.name() + "-engine", engineBot.command());
            baselineBot = baselineName != null ? baselineBot
                    : new Entrant(baselineBot.name() + "-baseline", baselineBot.command());
        }
        int cap = games != null ? games : maxGames != null ? maxGames : MatchSettings.DEFAULT_MAX_GAMES;
        MatchSettings settings;
        try {
            settings = new MatchSettings(engineBot, baselineBot, clock.timeControl(), openingPlies, seed, hypotheses,
                    games == null, cap, variant, book);
        } catch (IllegalArgumentException e) {
            throw new UsageException((games != null ? "--games: " : "--max-games: ") + e.getMessage());
        }
        Path dir = out != null ? out : MatchLayout.defaultFolder(LocalDateTime.now(), engineBot.name(), baselineBot.name());

        Isolation isolation = SandboxOptions.resolve(sandbox.isolation().withLimits(limits.limits()))
                .hiding(List.of(ReportsDirectory.root()));
        // Each bot is checked as its games will hold it: the match's sandbox and limits, its output hidden.
        Map<String, String> brokenBots = PreflightCheck.problems(GameSetup.of(engineBot, baselineBot, settings.timeControl())
                .withVariant(variant)
                .withOpening(book.map(b -> b.at(0).moves()).orElseGet(() -> Openings.opening(variant, seed, 0, openingPlies)))
                .withIsolation(isolation.hiding(List.of(dir))), List.of(engineBot, baselineBot),
                Map.of(engineBot.name(), "--engine " + engineBot.name(), baselineBot.name(), "--baseline " + baselineBot.name()),
                threads);
        if (!brokenBots.isEmpty() && broken != BrokenBots.FORFEIT) {
            // Leaving a bot out of a match leaves nothing to play: exclude refuses as refuse does.
            brokenBots.values().forEach(line -> spec.commandLine().getErr().println("caissa match: " + TerminalText.escape(line)));
            spec.commandLine().getErr().println("caissa match: the match is refused" + (broken == BrokenBots.EXCLUDE
                    ? " (leaving a bot out of a match leaves nothing to play)" : "")
                    + "; to play it with the broken bot losing each game by start-failure, add --broken forfeit");
            spec.commandLine().getErr().flush();
            return ExitCodes.USAGE;
        }
        sandbox.warnIfUnsandboxed("match", spec.commandLine().getErr());
        PrintWriter terminal = spec.commandLine().getOut();
        brokenBots.values().forEach(line -> terminal.println("broken: " + TerminalText.escape(line)
                + "; it loses each game by start-failure (--broken forfeit)"));
        terminal.printf("match: %s (engine) vs %s (baseline), %s %d games, %d at a time%n", TerminalText.escape(engineBot.name()),
                TerminalText.escape(baselineBot.name()), games != null ? "exactly" : "at most", cap, threads);
        terminal.println("  engine:   " + engineBot.command().display());
        terminal.println("  baseline: " + baselineBot.command().display());
        terminal.println("  sprt: " + hypotheses + "; clock: " + settings.timeControl().describe() + "; openings: "
                + book.map(b -> "book " + openings + " (" + b.book().size() + " lines)")
                        .orElse(openingPlies + " plies, seed " + seed));
        terminal.println("  game logs: " + dir.resolve(MatchLayout.GAMES_DIR));
        if (share.isEmpty()) {
            terminal.println("  summary: " + dir.resolve(MatchLayout.SUMMARY_FILE) + (json != null ? " and " + json : ""));
        }
        terminal.flush();
        // A match cut short (Ctrl-C, SIGTERM, a CI timeout) still leaves its summary so far, marked as such.
        AtomicReference<MatchReport> latest = new AtomicReference<>(Match.before(settings, dir, threads));
        Thread onInterrupt = new Thread(() -> {
            MatchReport cut = latest.get().interruptedNow();
            writeSummaries(dir, cut);
            terminal.println();
            terminal.println("interrupted after " + Texts.count(cut.games(), "game", "games") + "; the summary so far is in "
                    + dir.resolve(MatchLayout.SUMMARY_FILE) + (json != null ? " and " + json : ""));
            terminal.flush();
        }, "match-interrupted");
        if (share.isEmpty()) {
            // A shard's figures are a part of a match: only the merge judges it.
            Runtime.getRuntime().addShutdownHook(onInterrupt);
        }
        MatchReport report;
        BotHost bots = BotHost.open();
        try {
            int columns = interactive ? Terminal.width() : Terminal.DEFAULT_WIDTH;
            report = Match.run(settings, dir, threads, (game, summary) -> {
                latest.set(summary);
                String line = progress(summary, cap);
                if (interactive) {
                    // Cut to the terminal's width, padded to clear the previous line: a wrapped line cannot be redrawn.
                    String fitted = line.length() > columns - 1 ? line.substring(0, columns - 1) : line;
                    terminal.print("\r" + fitted + " ".repeat(columns - 1 - fitted.length()));
                } else {
                    terminal.println(line);
                }
                terminal.flush();
            }, share, isolation, BrokenBots.forfeiting(brokenBots, bots));
        } finally {
            bots.close();
            try {
                Runtime.getRuntime().removeShutdownHook(onInterrupt);
            } catch (IllegalStateException shuttingDown) {
                // Interrupted after all: the hook writes the summary.
            }
        }
        if (bots.stopping()) {
            // The hook writes the summary; the games cut short are not results.
            return report.decision().exitCode();
        }
        if (interactive) {
            terminal.println();
        }
        terminal.println();
        if (share.isPresent()) {
            terminal.printf(Locale.ROOT, "shard %s: %d games played; judge the whole match with: caissa merge --out DIR SHARD-DIR...%n",
                    share.get(), report.games());
            terminal.flush();
            return ExitCodes.OK;
        }
        printVerdict(terminal, report);
        writeSummaries(dir, report);
        terminal.println("game logs: " + dir.resolve(MatchLayout.GAMES_DIR));
        terminal.println("summary: " + dir.resolve(MatchLayout.SUMMARY_FILE) + (json != null ? " and " + json : ""));
        terminal.flush();
        return report.decision().exitCode();
    }

    /** The verdict, the figures and the irregular losses by cause; shared with {@code merge} of a sharded match. */
    static void printVerdict(PrintWriter terminal, MatchReport report) {
        terminal.printf(Locale.ROOT, "%s: %s after %d games%n", verdictSentence(report), report.decision().word(),
                report.games());
        terminal.printf(Locale.ROOT, "  engine +%d =%d -%d, pairs %s, Elo %s, LOS %.1f%%, LLR %.2f [%.2f, %.2f]%n",
                report.wins(), report.draws(), report.losses(), report.pentanomial(), elo(report), report.los() * 100,
                report.llr(), stoppingBounds(report).get(0), stoppingBounds(report).get(1));
        if (report.eloCorrected() != null && report.settings().sequential()) {
            terminal.println("  Elo corrected for the early stop " + interval(report.eloCorrected())
                    + ", normalized Elo " + interval(report.normalizedElo()));
        } else if (report.normalizedElo() != null) {
            terminal.println("  normalized Elo " + interval(report.normalizedElo()));
        }
        irregular(terminal, "engine", report.engine().name(), report.irregularLosses().engine());
        irregular(terminal, "baseline", report.baseline().name(), report.irregularLosses().baseline());
    }

    /** The summary in the match folder (where {@code caissa report} finds it) and, with --json, where asked. */
    private void writeSummaries(Path dir, MatchReport report) {
        try {
            Json.writeFile(dir.resolve(MatchLayout.SUMMARY_FILE), report);
            if (json != null) {
                Json.writeFile(json, report);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void irregular(PrintWriter terminal, String role, String name, MatchReport.SideLosses losses) {
        if (losses.games() == 0) {
            return;
        }
        terminal.printf("  the %s (%s) lost %d games irregularly:%n", role, name, losses.games());
        for (IrregularLossTally.Entry entry : losses.byCause()) {
            Diagnosis why = entry.example();
            terminal.println("    " + entry.games() + " by " + entry.cause().word() + ", e.g. game " + why.game() + ": "
                    + why.reason());
            if (!why.lastStderrLine().isEmpty()) {
                terminal.println("      its stderr ends: " + why.lastStderrLine());
            }
            if (why.hint() != null) {
                terminal.println("      hint: " + why.hint());
            }
            terminal.println("      game log: " + why.log());
        }
    }

    private static String progress(MatchReport s, int cap) {
        double score = s.games() == 0 ? 0 : (s.wins() + s.draws() / 2.0) / s.games();
        return String.format(Locale.ROOT, "games %d/%d: +%d =%d -%d  score %.1f%%  Elo %s  LLR %.2f [%.2f, %.2f]",
                s.games(), cap, s.wins(), s.draws(), s.losses(), score * 100, elo(s), s.llr(), stoppingBounds(s).get(0),
                stoppingBounds(s).get(1));
    }

    /** The bounds the LLR is judged against; a summary written before they existed has Wald's alone. */
    private static List<Double> stoppingBounds(MatchReport report) {
        return report.stoppingBounds() == null ? report.bounds() : report.stoppingBounds();
    }

    /** {@code +3.2 [-1.0, +7.5]}, an infinite value as ∞. */
    private static String interval(MatchReport.EloInterval e) {
        if (e.elo() == null && e.low() != null) {
            // Wins only (or nearly): the data bound the Elo from below and say nothing more.
            return "above " + signed(e.low(), "-∞") + " (95%, no finite estimate)";
        }
        if (e.elo() == null && e.high() != null) {
            return "below " + signed(e.high(), "+∞") + " (95%, no finite estimate)";
        }
        if (e.elo() == null) {
            // A fixed-length match whose pairs all scored the same: no spread, so no interval either.
            return "no estimate (every pair scored the same)";
        }
        return signed(e.elo(), "?") + " [" + signed(e.low(), "-∞") + ", " + signed(e.high(), "+∞") + "]";
    }

    private static String signed(Double value, String infinite) {
        return value == null ? infinite : String.format(Locale.ROOT, "%+.1f", value);
    }

    private static String elo(MatchReport s) {
        if (s.elo() == null) {
            long pairs = s.pentanomial().stream().mapToLong(Long::longValue).sum();
            // Every pair won (or lost) has no finite maximum-likelihood Elo.
            return pairs > 0 && s.pentanomial().get(4) == pairs ? "+∞"
                    : pairs > 0 && s.pentanomial().get(0) == pairs ? "-∞" : "?";
        }
        return String.format(Locale.ROOT, "%+.1f", s.elo())
                + (s.eloError() == null ? " ± ∞" : String.format(Locale.ROOT, " ± %.1f", s.eloError()));
    }

    private static String verdictSentence(MatchReport report) {
        return switch (report.decision()) {
            case H1 -> "the engine is at least as good as claimed";
            case H0 -> "regression: the engine is not better";
            case INCONCLUSIVE -> "no decision";
            case FAILED -> "no result: every game ended in an irregular loss, so the match measured nothing";
            case INTERRUPTED -> "interrupted before a decision";
        };
    }
}
