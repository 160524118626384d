package caissa.arena.match;

import caissa.arena.Version;
import caissa.arena.bot.BotHost;
import caissa.arena.diagnostics.IrregularLossTally;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.Result;
import caissa.arena.openings.BookLine;
import caissa.arena.records.Folders;
import caissa.arena.records.GameFiles;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.MatchLayout;
import caissa.arena.rules.Side;
import caissa.arena.runner.GamePool;
import caissa.arena.runner.Openings;
import caissa.arena.runner.Shard;
import caissa.arena.sandbox.Isolation;
import caissa.arena.stats.Elo;
import caissa.arena.stats.EloEstimate;
import caissa.arena.stats.Los;
import caissa.arena.stats.Pentanomial;
import caissa.arena.stats.Sprt;
import caissa.arena.stats.SprtAnalysis;
import caissa.arena.stats.SprtRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Plays a regression match in game pairs on the tournament's {@link GamePool}: game 2k-1 has the
 * engine as White, game 2k the baseline, both from opening k. A pair counts in the pentanomial
 * once both its games are finished; the SPRT is checked after each pair, against Wald's bounds
 * moved inward by the overshoot expected from the LLR's path so far, as fishtest does (a
 * match of {@code --games N}, which has no stopping rule, is judged against Wald's bounds).
 */
public final class Match {

    private final MatchSettings settings;
    private final int concurrency;
    private final Path out;
    private final IrregularLossTally irregular = new IrregularLossTally();
    private int irregularGames;
    private final MatchObserver observer;
    private final Map<Integer, Integer> firstGamePoints = new HashMap<>();
    private SprtRun run;
    private int started;
    private int games;
    private int wins;
    private int draws;
    private int losses;
    private int engineIrregular;
    private int baselineIrregular;
    private Integer decidedAtGames;
    private Sprt.Decision decision = Sprt.Decision.CONTINUE;
    private Optional<Shard> shard = Optional.empty();

    private final Isolation isolation;

    private Match(MatchSettings settings, int concurrency, Path out, MatchObserver observer, Isolation isolation) {
        this.isolation = isolation;
        this.settings = settings;
        this.concurrency = concurrency;
        this.out = out;
        this.observer = observer;
        this.run = SprtRun.start(settings.sprt());
    }

    /** Plays the match, writing every game log into {@code out/games/}, and returns its summary. */
    public static MatchReport run(MatchSettings settings, Path out, int concurrency, MatchObserver observer)
            throws Exception {
        return run(settings, out, concurrency, observer, Optional.empty(), Isolation.defaults());
    }

    /** Plays the match or one shard of it, each bot in the default sandbox and limits. */
    public static MatchReport run(
            MatchSettings settings, Path out, int concurrency, MatchObserver observer, Optional<Shard> shard)
            throws Exception {
        return run(settings, out, concurrency, observer, shard, Isolation.defaults());
    }

    /**
     * Plays the match, or with a shard only its share of the game pairs (pair k, from 0, is shard
     * {@code k mod N + 1}'s), of a fixed-length match only; a shard's folder also gets
     * {@code match.json} for {@link MatchMerge}. Each bot runs in the given sandbox and limits,
     * and the output folder is hidden from them.
     */
    public static MatchReport run(
            MatchSettings settings,
            Path out,
            int concurrency,
            MatchObserver observer,
            Optional<Shard> shard,
            Isolation isolation)
            throws Exception {
        try (BotHost host = BotHost.open()) {
            return run(settings, out, concurrency, observer, shard, isolation, host);
        }
    }

    /** {@link #run(MatchSettings, Path, int, MatchObserver, Optional, Isolation)} with the bots of the command's {@code host}. */
    public static MatchReport run(
            MatchSettings settings,
            Path out,
            int concurrency,
            MatchObserver observer,
            Optional<Shard> shard,
            Isolation isolation,
            BotHost host)
            throws Exception {
        return run(settings, out, concurrency, observer, shard, isolation, GamePool.hosted(host));
    }

    /** As above, each game played by {@code player} (one that forfeits a broken bot's games, say). */
    public static MatchReport run(
            MatchSettings settings,
            Path out,
            int concurrency,
            MatchObserver observer,
            Optional<Shard> shard,
            Isolation isolation,
            GamePool.Player player)
            throws Exception {
        if (shard.isPresent() && settings.sequential()) {
            throw new IllegalArgumentException(
                    "a sequential match cannot be sharded: its length depends on its results");
        }
        Folders.createOwn(out.resolve(MatchLayout.GAMES_DIR));
        if (shard.isPresent()) {
            Json.writeFile(
                    out.resolve(MatchLayout.SHARD_FILE),
                    MatchShardRecord.of(
                            Version.current(),
                            settings,
                            shard.get().index(),
                            shard.get().count()));
        }
        Match match = new Match(settings, concurrency, out, observer, isolation.hiding(List.of(out)));
        match.shard = shard;
        new GamePool(concurrency, player).run(match::next, match::finished);
        if (shard.isEmpty()) {
            // A shard's logs keep the whole match's size: the merge numbers them against it.
            match.recordGamesPlayed();
        }
        return match.summary();
    }

    /** The summary before any game: what {@code run} will play, for a summary written if it is cut short at once. */
    public static MatchReport before(MatchSettings settings, Path out, int concurrency) {
        return new Match(settings, concurrency, out, MatchObserver.NONE, Isolation.defaults()).summary();
    }

    /**
     * The logs are written as games finish, when how many the match will have is not known yet:
     * once it is, each log's {@code tournament.games} is set to the games played.
     */
    private void recordGamesPlayed() throws IOException {
        for (int number = 1; number <= started; number++) {
            Path file = logFile(number);
            if (Files.isRegularFile(file)) {
                GameRecord record =
                        Json.mapper().readValue(InputFiles.readRecord(file, InputFiles.GAME_LOG_CAP), GameRecord.class);
                GameRecord.TournamentGame at = record.tournament();
                if (at.games() != games) {
                    Json.writeFile(
                            file,
                            record.withTournament(
                                    new GameRecord.TournamentGame(at.name(), at.game(), games, at.pair())));
                }
            }
        }
    }

    private Path logFile(int number) {
        return out.resolve(MatchLayout.GAMES_DIR).resolve(GameFiles.name(number, settings.maxGames()));
    }

    /** Judges a fixed-length match from all its games (in any order), writing their logs into {@code out/games/}. */
    /**
     * The summary of the games, told in game order and read as they are told, so that a merge of
     * a long match holds one log at a time.
     */
    static MatchReport judge(MatchSettings settings, Path out, LogSource games) throws IOException {
        Folders.createOwn(out.resolve(MatchLayout.GAMES_DIR));
        Match match = new Match(settings, 1, out, MatchObserver.NONE, Isolation.defaults());
        games.forEach(match::finished);
        return match.summary();
    }

    /** Game logs told one at a time, in game order. */
    @FunctionalInterface
    interface LogSource {
        void forEach(LogSink sink) throws IOException;
    }

    @FunctionalInterface
    interface LogSink {
        void accept(GameRecord record) throws IOException;
    }

    private Optional<GameSetup> next() {
        while (started < settings.maxGames()
                && shard.isPresent()
                && !shard.get().owns((started + 2) / 2 - 1)) {
            started++;
        }
        if (started >= settings.maxGames() || decision != Sprt.Decision.CONTINUE) {
            return Optional.empty();
        }
        int number = ++started;
        int pair = (number + 1) / 2;
        boolean engineWhite = number % 2 == 1;
        GameSetup setup = engineWhite
                ? GameSetup.of(settings.engine(), settings.baseline(), settings.timeControl())
                : GameSetup.of(settings.baseline(), settings.engine(), settings.timeControl());
        if (settings.book().isPresent()) {
            BookLine line = settings.book().get().at(pair - 1);
            setup = setup.withOpening(line.moves(), new GameRecord.BookLineRecord(line.line(), line.text()));
        } else {
            setup = setup.withOpening(
                    Openings.opening(settings.variant(), settings.seed(), pair - 1, settings.openingPlies()));
        }
        return Optional.of(setup.withVariant(settings.variant())
                .withTournament(new GameRecord.TournamentGame("match", number, settings.maxGames(), pair))
                .withIsolation(isolation));
    }

    private boolean finished(GameRecord record) throws IOException {
        int number = record.tournament().game();
        Json.writeFile(logFile(number), record);
        irregular.add(record, logFile(number));
        Side engineSide = number % 2 == 1 ? Side.WHITE : Side.BLACK;
        int points = record.result().points(engineSide);
        games++;
        wins += points == 2 ? 1 : 0;
        draws += points == 1 ? 1 : 0;
        losses += points == 0 ? 1 : 0;
        if (record.termination().isIrregular()) {
            irregularGames++;
            boolean both = record.result() == Result.BOTH_LOSE;
            engineIrregular += both || points == 0 ? 1 : 0;
            baselineIrregular += both || record.result().points(engineSide.opponent()) == 0 ? 1 : 0;
        }
        int pair = record.tournament().pair();
        Integer partner = firstGamePoints.remove(pair);
        if (partner == null) {
            firstGamePoints.put(pair, points);
        } else {
            run = run.plusPair(partner, points);
            if (settings.sequential() && decision == Sprt.Decision.CONTINUE) {
                decision = run.decision();
                if (decision != Sprt.Decision.CONTINUE) {
                    decidedAtGames = games;
                }
            }
        }
        observer.finished(record, summary());
        return decision == Sprt.Decision.CONTINUE;
    }

    private MatchReport summary() {
        Sprt sprt = settings.sprt();
        Pentanomial pentanomial = run.pairs();
        double llr = run.llr();
        Decision verdict;
        Sprt.Decision reached = settings.sequential()
                ? decision
                : games == settings.maxGames() ? sprt.decision(pentanomial) : Sprt.Decision.CONTINUE;
        verdict = switch (reached) {
            case H1 -> Decision.H1;
            case H0 -> Decision.H0;
            case CONTINUE -> Decision.INCONCLUSIVE;
        };
        boolean over = reached != Sprt.Decision.CONTINUE || games == settings.maxGames();
        if (over && games > 0 && irregularGames == games) {
            verdict = Decision.FAILED;
        }
        EloEstimate elo = pentanomial.pairs() == 0 ? null : Elo.estimate(pentanomial);
        return new MatchReport(
                MatchReport.SCHEMA,
                Version.current(),
                new MatchReport.Player(
                        settings.engine().name(), settings.engine().command().argv()),
                new MatchReport.Player(
                        settings.baseline().name(),
                        settings.baseline().command().argv()),
                new MatchReport.Settings(
                        GameRecord.TimeControlRecord.of(settings.timeControl()),
                        settings.openingPlies(),
                        settings.seed(),
                        settings.sequential(),
                        settings.maxGames(),
                        concurrency,
                        settings.book().map(b -> b.book().file().toString()).orElse(null)),
                out.resolve(MatchLayout.GAMES_DIR).toString(),
                new MatchReport.SprtRecord(sprt.elo0(), sprt.elo1(), sprt.alpha(), sprt.beta()),
                verdict,
                false,
                games,
                wins,
                draws,
                losses,
                Arrays.stream(pentanomial.counts()).boxed().toList(),
                elo == null || !Double.isFinite(elo.elo()) ? null : round(elo.elo()),
                elo == null || !Double.isFinite(elo.error()) ? null : round(elo.error()),
                round4(Los.of(wins, losses)),
                round4(llr),
                List.of(round4(sprt.lowerBound()), round4(sprt.upperBound())),
                decidedAtGames,
                new MatchReport.IrregularLosses(
                        new MatchReport.SideLosses(
                                engineIrregular,
                                irregular.entries(settings.engine().name())),
                        new MatchReport.SideLosses(
                                baselineIrregular,
                                irregular.entries(settings.baseline().name()))),
                corrected(sprt, elo),
                normalized(),
                settings.sequential()
                        ? List.of(round4(run.lowerBound()), round4(run.upperBound()))
                        : List.of(round4(sprt.lowerBound()), round4(sprt.upperBound())));
    }

    /** The Elo corrected for the stopping rule; null before any pair. */
    private MatchReport.EloInterval corrected(Sprt sprt, EloEstimate elo) {
        if (elo == null) {
            return null;
        }
        if (!settings.sequential()) {
            // No stopping rule to correct for: the raw Elo, with its interval's two (asymmetric) ends.
            SprtAnalysis.Interval raw = Elo.interval(run.pairs());
            return MatchReport.EloInterval.of(raw.elo(), raw.low(), raw.high());
        }
        SprtAnalysis.Interval corrected = SprtAnalysis.corrected(sprt, run.pairs());
        return MatchReport.EloInterval.of(corrected.elo(), corrected.low(), corrected.high());
    }

    private MatchReport.EloInterval normalized() {
        if (run.pairs().pairs() == 0) {
            return null;
        }
        SprtAnalysis.Interval nelo = SprtAnalysis.normalized(run.pairs());
        return MatchReport.EloInterval.of(nelo.elo(), nelo.low(), nelo.high());
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }

    private static double round4(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }
}
