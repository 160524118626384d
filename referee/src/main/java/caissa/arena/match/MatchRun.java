package caissa.arena.match;

import caissa.arena.bot.BotHost;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.game.GameSetup;
import caissa.arena.input.Texts;
import caissa.arena.records.Json;
import caissa.arena.records.MatchLayout;
import caissa.arena.runner.BrokenBots;
import caissa.arena.runner.Openings;
import caissa.arena.runner.PreflightCheck;
import caissa.arena.runner.Shard;
import caissa.arena.sandbox.Isolation;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A match as the {@code match} command runs it, once its options are read: the check of both bots
 * before the games, the header, the games with a progress line, a summary written even when the
 * run is cut short (Ctrl-C, SIGTERM), and the verdict.
 */
public final class MatchRun {

    /**
     * What a match run is asked to do.
     *
     * @param book the book's file as the header names it, with a book in {@code settings}
     * @param json where the summary also goes ({@code --json})
     * @param interactive whether the progress line is redrawn in place, {@code columns} wide
     */
    public record Request(
            MatchSettings settings,
            Path dir,
            int threads,
            Optional<Shard> shard,
            Isolation isolation,
            BrokenBots broken,
            Optional<Path> book,
            Optional<Path> json,
            boolean interactive,
            int columns) {}

    /** How a run ended, for the command's exit code. */
    public sealed interface Ending {
        /** A bot cannot play and the match is refused, each such bot named on the error stream. */
        record Refused() implements Ending {}

        /** A shard played its share: only the merge judges the match. */
        record ShardPlayed() implements Ending {}

        /** The match was judged, or stopped (its summary so far written). */
        record Judged(Decision decision) implements Ending {}
    }

    private final Request request;
    private final PrintWriter terminal;
    private final PrintWriter err;
    /** What the command says once the bots are known to play (a sandbox that fell back, say). */
    private final Runnable beforeGames;

    public MatchRun(Request request, PrintWriter terminal, PrintWriter err, Runnable beforeGames) {
        this.request = request;
        this.terminal = terminal;
        this.err = err;
        this.beforeGames = beforeGames;
    }

    /** Runs the match; its output goes to the terminal as it is played. */
    public Ending run() throws Exception {
        MatchSettings settings = request.settings();
        Path dir = request.dir();
        int cap = settings.maxGames();
        // Each bot is checked as its games will hold it: the match's sandbox and limits, its output hidden.
        Map<String, String> brokenBots = PreflightCheck.problems(
                GameSetup.of(settings.engine(), settings.baseline(), settings.timeControl())
                        .withVariant(settings.variant())
                        .withOpening(settings.book()
                                .map(b -> b.at(0).moves())
                                .orElseGet(() -> Openings.opening(
                                        settings.variant(), settings.seed(), 0, settings.openingPlies())))
                        .withIsolation(request.isolation().hiding(List.of(dir))),
                List.of(settings.engine(), settings.baseline()),
                Map.of(
                        settings.engine().name(),
                        "--engine " + settings.engine().name(),
                        settings.baseline().name(),
                        "--baseline " + settings.baseline().name()),
                request.threads());
        if (!brokenBots.isEmpty() && request.broken() != BrokenBots.FORFEIT) {
            // Leaving a bot out of a match leaves nothing to play: exclude refuses as refuse does.
            brokenBots.values().forEach(line -> err.println("caissa match: " + TerminalText.escape(line)));
            err.println("caissa match: the match is refused"
                    + (request.broken() == BrokenBots.EXCLUDE
                            ? " (leaving a bot out of a match leaves nothing to play)"
                            : "")
                    + "; to play it with the broken bot losing each game by start-failure, add --broken forfeit");
            err.flush();
            return new Ending.Refused();
        }
        beforeGames.run();
        header(brokenBots, cap);
        // A match cut short (Ctrl-C, SIGTERM, a CI timeout) still leaves its summary so far, marked as such.
        AtomicReference<MatchReport> latest = new AtomicReference<>(Match.before(settings, dir, request.threads()));
        Thread onInterrupt = new Thread(
                () -> {
                    MatchReport cut = latest.get().interruptedNow();
                    writeSummaries(cut);
                    terminal.println();
                    terminal.println("interrupted after " + Texts.count(cut.games(), "game", "games")
                            + "; the summary so far is in " + summaryFiles());
                    terminal.flush();
                },
                "match-interrupted");
        if (request.shard().isEmpty()) {
            // A shard's figures are a part of a match: only the merge judges it.
            Runtime.getRuntime().addShutdownHook(onInterrupt);
        }
        MatchReport report;
        BotHost bots = BotHost.open();
        try {
            report = Match.run(
                    settings,
                    dir,
                    request.threads(),
                    (game, summary) -> {
                        latest.set(summary);
                        progressLine(MatchText.progress(summary, cap));
                    },
                    request.shard(),
                    request.isolation(),
                    BrokenBots.forfeiting(brokenBots, bots));
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
            return new Ending.Judged(report.decision());
        }
        if (request.interactive()) {
            terminal.println();
        }
        terminal.println();
        if (request.shard().isPresent()) {
            terminal.printf(
                    Locale.ROOT,
                    "shard %s: %d games played; judge the whole match with: caissa merge --out DIR SHARD-DIR...%n",
                    request.shard().get(),
                    report.games());
            terminal.flush();
            return new Ending.ShardPlayed();
        }
        MatchText.printVerdict(terminal, report);
        writeSummaries(report);
        terminal.println("game logs: " + dir.resolve(MatchLayout.GAMES_DIR));
        terminal.println("summary: " + summaryFiles());
        terminal.flush();
        return new Ending.Judged(report.decision());
    }

    private void header(Map<String, String> brokenBots, int cap) {
        MatchSettings settings = request.settings();
        brokenBots
                .values()
                .forEach(line -> terminal.println("broken: " + TerminalText.escape(line)
                        + "; it loses each game by start-failure (--broken forfeit)"));
        terminal.printf(
                "match: %s (engine) vs %s (baseline), %s %d games, %d at a time%n",
                TerminalText.escape(settings.engine().name()),
                TerminalText.escape(settings.baseline().name()),
                settings.sequential() ? "at most" : "exactly",
                cap,
                request.threads());
        terminal.println("  engine:   " + settings.engine().command().display());
        terminal.println("  baseline: " + settings.baseline().command().display());
        terminal.println("  sprt: " + settings.sprt() + "; clock: "
                + settings.timeControl().describe() + "; openings: "
                + settings.book()
                        .map(b -> "book " + request.book().orElse(null) + " ("
                                + b.book().size() + " lines)")
                        .orElse(settings.openingPlies() + " plies, seed " + settings.seed()));
        terminal.println("  game logs: " + request.dir().resolve(MatchLayout.GAMES_DIR));
        if (request.shard().isEmpty()) {
            terminal.println("  summary: " + summaryFiles());
        }
        terminal.flush();
    }

    private void progressLine(String line) {
        if (request.interactive()) {
            // Cut to the terminal's width, padded to clear the previous line: a wrapped line cannot be redrawn.
            int columns = request.columns();
            String fitted = line.length() > columns - 1 ? line.substring(0, columns - 1) : line;
            terminal.print("\r" + fitted + " ".repeat(columns - 1 - fitted.length()));
        } else {
            terminal.println(line);
        }
        terminal.flush();
    }

    private String summaryFiles() {
        return request.dir().resolve(MatchLayout.SUMMARY_FILE)
                + request.json().map(j -> " and " + j).orElse("");
    }

    /** The summary in the match folder (where {@code caissa report} finds it) and, with --json, where asked. */
    private void writeSummaries(MatchReport report) {
        try {
            Json.writeFile(request.dir().resolve(MatchLayout.SUMMARY_FILE), report);
            if (request.json().isPresent()) {
                Json.writeFile(request.json().get(), report);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
