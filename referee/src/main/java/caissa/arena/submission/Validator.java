package caissa.arena.submission;

import caissa.arena.Version;
import caissa.arena.diagnostics.Diagnosis;
import caissa.arena.diagnostics.Hints;
import caissa.arena.diagnostics.StderrLines;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.game.Durations;
import caissa.arena.game.Entrant;
import caissa.arena.game.Game;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.PlayedMove;
import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.game.TimeControl;
import caissa.arena.input.Texts;
import caissa.arena.openings.BookLine;
import caissa.arena.openings.BookOpenings;
import caissa.arena.records.Json;
import caissa.arena.records.ValidateLayout;
import caissa.arena.rules.Side;
import caissa.arena.rules.Variant;
import caissa.arena.runner.GamePool;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.ResourceLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Plays a submitted bot as White and as Black against each opponent and turns the games into a
 * checklist: each check passes or fails with the evidence a bot author needs to fix it.
 */
public final class Validator {

    /** More than this on standard error in one game is reported as a failure: it slows every game. */
    static final long STDERR_LIMIT_PER_GAME = 1024 * 1024;

    private final Entrant candidate;
    private final List<GameRecord> games;
    /** The candidate's colour by game number: names alone cannot tell when it plays a copy of itself. */
    private final Map<Integer, Side> sides;

    private final Path gamesDir;

    /** Told about each game as it finishes, so that a long validation is not silent. */
    @FunctionalInterface
    public interface Progress {
        void finished(int done, int total, ValidationReport.GameLine game);

        /** The validation stops before its last game, for this reason (one line, with its hint). */
        default void stopping(String why) {}
    }

    /** Games in which the bot never played a move, lost by it, after which more games would show nothing new. */
    static final int HOPELESS_GAMES = 2;

    private Validator(Entrant candidate, List<GameRecord> games, Map<Integer, Side> sides, Path gamesDir) {
        this.candidate = candidate;
        this.games = games;
        this.sides = sides;
        this.gamesDir = gamesDir;
    }

    /**
     * Plays {@code gamesPerColour} games with each colour against each opponent, each bot in the
     * given sandbox and limits, saves each game's log into {@code gamesDir}, and judges them.
     */
    public static ValidationReport validate(
            Variant variant,
            Entrant candidate,
            List<Entrant> opponents,
            int gamesPerColour,
            TimeControl clock,
            int concurrency,
            Optional<SourceBuild.Outcome.Built> build,
            String source,
            Path gamesDir,
            Progress progress,
            Isolation isolation)
            throws Exception {
        return validate(
                variant,
                candidate,
                opponents,
                gamesPerColour,
                clock,
                concurrency,
                build,
                source,
                gamesDir,
                progress,
                isolation,
                Optional.empty());
    }

    /** The same, each game pair from the next line of a book (so the bot is checked on the opening line too). */
    public static ValidationReport validate(
            Variant variant,
            Entrant candidate,
            List<Entrant> opponents,
            int gamesPerColour,
            TimeControl clock,
            int concurrency,
            Optional<SourceBuild.Outcome.Built> build,
            String source,
            Path gamesDir,
            Progress progress,
            Isolation isolation,
            Optional<BookOpenings> book)
            throws Exception {
        List<GameSetup> setups = new ArrayList<>();
        Map<Integer, Side> sides = new HashMap<>();
        int total = opponents.size() * gamesPerColour * 2;
        for (Entrant opponent : opponents) {
            for (int i = 0; i < gamesPerColour; i++) {
                for (Side side : Side.values()) {
                    int number = setups.size() + 1;
                    sides.put(number, side);
                    GameSetup setup = side == Side.WHITE
                            ? GameSetup.of(candidate, opponent, clock)
                            : GameSetup.of(opponent, candidate, clock);
                    if (book.isPresent()) {
                        BookLine line = book.get().at((number - 1) / 2);
                        setup = setup.withOpening(
                                line.moves(), new GameRecord.BookLineRecord(line.line(), line.text()));
                    }
                    setups.add(setup.withVariant(variant)
                            .withIsolation(isolation)
                            .withTournament(
                                    new GameRecord.TournamentGame("validate", number, total, (number + 1) / 2)));
                }
            }
        }
        List<GameRecord> games = new ArrayList<>();
        Files.createDirectories(gamesDir);
        Validator validator = new Validator(candidate, games, sides, gamesDir);
        Iterator<GameSetup> pending = setups.iterator();
        List<String> stopped = new ArrayList<>();
        new GamePool(concurrency)
                .run(() -> pending.hasNext() ? Optional.of(pending.next()) : Optional.empty(), record -> {
                    Json.writeFile(validator.logFile(record), record);
                    games.add(record);
                    progress.finished(games.size(), total, validator.line(record));
                    if (stopped.isEmpty() && games.size() < total) {
                        validator.hopeless(total).ifPresent(why -> {
                            stopped.add(why);
                            progress.stopping(why);
                        });
                    }
                    return stopped.isEmpty();
                });
        games.sort(Comparator.comparingInt(g -> g.tournament().game()));
        return validator.report(build, source, clock, stopped);
    }

    private Path logFile(GameRecord g) {
        return ValidateLayout.gameFile(
                gamesDir, g.tournament().game(), g.tournament().games());
    }

    private ValidationReport.GameLine line(GameRecord g) {
        Diagnosis why = lostIrregularly(g) ? Diagnosis.of(g, side(g), logFile(g)) : null;
        return new ValidationReport.GameLine(
                g.tournament().game(),
                opponent(g).name(),
                side(g).word(),
                g.result().text(),
                g.termination().word(),
                TerminalText.escape(g.reason()),
                ownMoves(g).size(),
                g.player(side(g)).thinkingMillis(),
                StderrLines.last(g.player(side(g)).stderr()),
                logFile(g).toString(),
                why);
    }

    /**
     * Why more games cannot change the verdict, when the bot lost {@value #HOPELESS_GAMES} games
     * without playing a move in them (it never answered, could not start, or exited): its first-move
     * checks cannot pass any more, and every further game would end the same way, taking its time.
     */
    private Optional<String> hopeless(int total) {
        List<GameRecord> silent = games.stream()
                .filter(g -> lostIrregularly(g) && ownMoves(g).isEmpty())
                .toList();
        if (silent.size() < HOPELESS_GAMES) {
            return Optional.empty();
        }
        GameRecord example = silent.get(0);
        Diagnosis why = Diagnosis.of(example, side(example), logFile(example));
        return Optional.of("stopped after " + games.size() + " of " + total + " games: " + candidate.name()
                + " lost " + Texts.count(silent.size(), "game", "games") + " without playing a move ("
                + example.termination().word() + ": "
                + why.reason() + ")"
                + Hints.of(example, side(example)).map(h -> "; hint: " + h).orElse("")
                + "; the other games would end the same way");
    }

    private ValidationReport report(
            Optional<SourceBuild.Outcome.Built> build, String source, TimeControl clock, List<String> stopped) {
        List<Check> checks = new ArrayList<>();
        build.ifPresent(b -> checks.add(new Check(
                "build",
                true,
                b.buildCommand()
                        + (b.output().isBlank()
                                ? ": no messages"
                                : ": with messages:\n" + b.output().strip()))));
        checks.add(answersStart());
        checks.add(playsBlack());
        checks.add(legalMoves());
        checks.add(withinClock(clock));
        checks.add(noCrash());
        checks.add(withinLimits());
        checks.add(exitsOnEnd());
        checks.add(noLeftovers());
        checks.add(stderrVolume());
        List<String> warnings = new ArrayList<>(stopped);
        slowStart(clock).ifPresent(warnings::add);
        List<String> failedNames = checks.stream()
                .filter(c -> c.checked() && !c.passed())
                .map(Check::name)
                .toList();
        List<String> unchecked =
                checks.stream().filter(c -> !c.checked()).map(Check::name).toList();
        // A check the games could not show is no failure of its own, but no pass either: a PASS needs every check.
        long failed = failedNames.size() + unchecked.size();
        String verdict = failed == 0
                ? "PASS: " + candidate.name() + " passed all " + checks.size() + " checks"
                : "FAIL: " + candidate.name() + " failed " + failedNames.size() + " of " + checks.size() + " checks"
                        + (failedNames.isEmpty() ? "" : ": " + String.join(", ", failedNames))
                        + (unchecked.isEmpty() ? "" : "; not checked: " + String.join(", ", unchecked));
        List<ValidationReport.GameLine> lines = games.stream().map(this::line).toList();
        return new ValidationReport(
                ValidationReport.SCHEMA,
                Version.current(),
                candidate.name(),
                candidate.command().argv(),
                source,
                List.copyOf(checks),
                failed == 0,
                verdict,
                warnings,
                gamesDir.toString(),
                lines);
    }

    private Check answersStart() {
        return firstReply("answers start", Side.WHITE, "as White");
    }

    private Check playsBlack() {
        return firstReply("plays black", Side.BLACK, "as Black, after White's first move");
    }

    /** Whether the bot's first reply with this colour was a legal move, in every such game. */
    private Check firstReply(String name, Side colour, String how) {
        List<GameRecord> asColour =
                games.stream().filter(g -> side(g) == colour).toList();
        List<GameRecord> failed = asColour.stream()
                .filter(g -> ownMoves(g).isEmpty() && lostIrregularly(g))
                .toList();
        if (!failed.isEmpty()) {
            return new Check(
                    name,
                    false,
                    explained(
                            "no legal first move " + how + " in " + failed.size() + " of " + asColour.size() + " games",
                            failed.get(0)));
        }
        long[] firsts = asColour.stream()
                .filter(g -> !ownMoves(g).isEmpty())
                .mapToLong(g -> ownMoves(g).get(0).micros())
                .sorted()
                .toArray();
        return new Check(
                name,
                true,
                "a legal first move " + how + " in " + asColour.size() + " of " + asColour.size()
                        + " games (first reply: median " + millis(median(firsts)) + ", largest " + millis(max(firsts))
                        + ")");
    }

    /**
     * The check that a game lost this way fails, so that no irregular loss can leave the verdict a
     * PASS: the switch names every termination, and a new one does not compile until it has a check.
     */
    public static Optional<String> checkCatching(Termination termination) {
        return switch (termination) {
            case CHECKMATE, STALEMATE, MOVE_LIMIT, ABORTED -> Optional.empty();
            case TIME_FORFEIT -> Optional.of("clock");
            case ILLEGAL_MOVE, PROTOCOL_ERROR -> Optional.of("legal moves");
            case CRASH, START_FAILURE -> Optional.of("no crash");
            case RESOURCE_LIMIT -> Optional.of("limits");
        };
    }

    private Check legalMoves() {
        return noIrregular(
                "legal moves",
                (allOwnMoves().size() == 1
                        ? "its one reply was a legal, well-formed move"
                        : "all " + allOwnMoves().size() + " replies were legal, well-formed moves"));
    }

    /** A bot that goes over a limit here would lose the same games in a contest; the reason names the limit and the peak. */
    private Check withinLimits() {
        String held = games.stream()
                .map(g -> g.player(side(g)).sandbox())
                .filter(Objects::nonNull)
                .map(s -> s.limitsBy().equals("none")
                        ? "not enforced (portable mode)"
                        : "memory " + ResourceLimits.bytes(s.limits().memoryBytes()) + ", "
                                + s.limits().processes() + " processes and threads, held by " + s.limitsBy())
                .distinct()
                .collect(Collectors.joining("; "));
        return noIrregular(
                "limits",
                "went over no limit in " + Texts.count(games.size(), "game", "games")
                        + (held.isEmpty() ? "" : " (" + held + ")"));
    }

    private Check withinClock(TimeControl clock) {
        long[] times =
                allOwnMoves().stream().mapToLong(PlayedMove::micros).sorted().toArray();
        if (times.length == 0) {
            Check forfeits = noIrregular("clock", "");
            // Without a move there is no time to judge: the check cannot pass on nothing.
            return forfeits.passed()
                    ? Check.notChecked(
                            "clock",
                            "it played no move in " + games.size() + " games, so its time per move could not be seen")
                    : forfeits;
        }
        String figures = "largest move " + millis(max(times)) + ", median " + millis(median(times))
                + ", most time used in a game "
                + games.stream()
                        .mapToLong(g -> g.player(side(g)).thinkingMillis())
                        .max()
                        .orElse(0) + " ms (its first reply included) of "
                + clock.describe();
        return noIrregular("clock", "no time forfeit; " + figures);
    }

    private Check noCrash() {
        return noIrregular("no crash", "ran to the end of every game");
    }

    /** The check {@code name}: it fails on the games the bot lost in a way {@link #checkCatching} gives to it. */
    private Check noIrregular(String name, String evidence) {
        List<GameRecord> failed = games.stream()
                .filter(g -> lostIrregularly(g)
                        && checkCatching(g.termination()).filter(name::equals).isPresent())
                .toList();
        if (failed.isEmpty()) {
            return new Check(name, true, evidence);
        }
        String how = failed.stream().map(g -> g.termination().word()).distinct().collect(Collectors.joining(" or "));
        return new Check(
                name, false, explained(failed.size() + " of " + games.size() + " games lost by " + how, failed.get(0)));
    }

    /** A failure's summary, the example game's reason, then its stderr, position, hint and log on lines of their own. */
    private String explained(String summary, GameRecord example) {
        Diagnosis why = Diagnosis.of(example, side(example), logFile(example));
        return summary + ": " + why.reason() + "\n" + String.join("\n", why.details());
    }

    /** The first reply may take the start-up allowance for free; beyond it the clock runs, which authors rarely expect. */
    private Optional<String> slowStart(TimeControl clock) {
        long allowance = clock.firstMoveAllowance().toNanos() / 1000;
        List<Long> firsts = games.stream()
                .filter(g -> !ownMoves(g).isEmpty())
                .map(g -> ownMoves(g).get(0).micros())
                .toList();
        List<Long> over = firsts.stream().filter(micros -> micros > allowance).toList();
        if (over.isEmpty()) {
            return Optional.empty();
        }
        long slowest = over.stream().mapToLong(Long::longValue).max().orElse(0);
        return Optional.of("its first reply took more than the " + Durations.format(clock.firstMoveAllowance())
                + " start-up allowance in " + over.size() + " of " + firsts.size() + " games (slowest "
                + millis(slowest) + "): the time beyond it was charged to its clock; start faster (load less before"
                + " answering) or expect to lose that time");
    }

    private Check exitsOnEnd() {
        List<GameRecord> running =
                games.stream().filter(g -> exit(g) != null && !endedByBot(g)).toList();
        long killed = running.stream().filter(g -> !exit(g).exitedByItself()).count();
        if (running.isEmpty()) {
            return Check.notChecked("exits on end", "the bot was never running at the end of a game");
        }
        if (killed > 0) {
            return new Check(
                    "exits on end",
                    false,
                    "had to be killed after 'end' in " + killed + " of " + running.size()
                            + " games (it must exit within the grace period after 'end' or at the end of its input)");
        }
        // Games it lost irregularly fail their own check; here: a bot that played well, then fell over at 'end'.
        List<GameRecord> finishedWell =
                running.stream().filter(g -> !lostIrregularly(g)).toList();
        List<GameRecord> failedExit = finishedWell.stream()
                .filter(g -> exit(g).exitCode() != null && exit(g).exitCode() != 0)
                .toList();
        if (!failedExit.isEmpty()) {
            GameRecord example = failedExit.get(0);
            return new Check(
                    "exits on end",
                    false,
                    Game.exitDescription(exit(example).exitCode()) + " after 'end' in "
                            + failedExit.size() + " of " + finishedWell.size()
                            + " games (a bot must exit with status 0)"
                            + stderrEvidence(example));
        }
        List<GameRecord> traced = finishedWell.stream()
                .filter(g -> StderrLines.hasTraceback(g.player(side(g)).stderr()))
                .toList();
        if (!traced.isEmpty()) {
            return new Check(
                    "exits on end",
                    false,
                    "printed an uncaught error on standard error in " + traced.size() + " of " + finishedWell.size()
                            + " games" + stderrEvidence(traced.get(0)));
        }
        return new Check(
                "exits on end",
                true,
                "exited by itself with status 0 after 'end' in " + running.size() + " of " + running.size() + " games");
    }

    private String stderrEvidence(GameRecord example) {
        List<String> lines = StderrLines.last(example.player(side(example)).stderr());
        return "\n"
                + (lines.isEmpty()
                        ? "its stderr: (nothing)"
                        : "its stderr, last lines:\n  | " + String.join("\n  | ", lines))
                + "\ngame log: " + logFile(example);
    }

    private Check noLeftovers() {
        List<GameRecord> started = games.stream().filter(g -> exit(g) != null).toList();
        int left = started.stream().mapToInt(g -> exit(g).leftoverProcesses()).sum();
        long withLeftovers =
                started.stream().filter(g -> exit(g).leftoverProcesses() > 0).count();
        if (left > 0) {
            return new Check(
                    "no leftovers",
                    false,
                    left + " processes it started were still running after " + withLeftovers + " of " + started.size()
                            + " games and were killed");
        }
        return new Check("no leftovers", true, "no process left behind in " + started.size() + " games");
    }

    private Check stderrVolume() {
        long most = games.stream()
                .mapToLong(g -> g.player(side(g)).stderr().bytes())
                .max()
                .orElse(0);
        String evidence = "at most " + most + " bytes on standard error in a game";
        return new Check(
                "stderr",
                most <= STDERR_LIMIT_PER_GAME,
                most <= STDERR_LIMIT_PER_GAME
                        ? evidence
                        : evidence + ", more than the " + STDERR_LIMIT_PER_GAME / 1024 + " KiB that slows no one down");
    }

    private boolean endedByBot(GameRecord g) {
        return lostIrregularly(g)
                && (g.termination() == Termination.CRASH || g.termination() == Termination.START_FAILURE);
    }

    private boolean lostIrregularly(GameRecord g) {
        return g.termination().isIrregular()
                && (g.result() == Result.BOTH_LOSE || g.result() == Result.lossFor(side(g)));
    }

    private List<PlayedMove> ownMoves(GameRecord g) {
        return g.moves().stream().filter(m -> m.side() == side(g)).toList();
    }

    private List<PlayedMove> allOwnMoves() {
        return games.stream().flatMap(g -> ownMoves(g).stream()).toList();
    }

    private GameRecord.ExitRecord exit(GameRecord g) {
        return g.player(side(g)).exit();
    }

    private Side side(GameRecord g) {
        return sides.get(g.tournament().game());
    }

    private GameRecord.PlayerRecord opponent(GameRecord g) {
        return g.player(side(g).opponent());
    }

    private static long median(long[] sorted) {
        return sorted.length == 0 ? 0 : sorted[(sorted.length - 1) / 2];
    }

    private static long max(long[] sorted) {
        return sorted.length == 0 ? 0 : sorted[sorted.length - 1];
    }

    private static String millis(long micros) {
        return Durations.replyTime(micros);
    }
}
