package caissa.arena.tournament;

import caissa.arena.Version;
import caissa.arena.bot.BotHost;
import caissa.arena.game.Entrant;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.records.GameFiles;
import caissa.arena.records.Json;
import caissa.arena.records.TournamentLayout;
import caissa.arena.runner.BatchRunner;
import caissa.arena.runner.BrokenBots;
import caissa.arena.runner.GamePool;
import caissa.arena.runner.Shard;
import caissa.arena.sandbox.Isolation;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a tournament into an output folder, game by game, so that nothing finished is ever lost:
 * each game's log is written atomically, then its line is appended to the journal, and only then
 * does it count. A run killed at any moment continues with {@code resume}: journaled games are
 * kept as they are, the others are played. The games come from the {@link Plan} batch by batch:
 * a Swiss round is paired once the round before it is finished, from the journal, so a resumed
 * run pairs exactly as an uninterrupted one.
 *
 * <p>With a {@link Shard}, the run plays only its share of one batch (the first batch not yet
 * finished in the {@code from} folder, the merged results of the batches before) and stops;
 * {@link Merge} puts the shards together.
 *
 * <p>The folder: {@code tournament.json}, {@code games/NNNN.json}, {@code journal.jsonl},
 * {@code standings.json} (see reports/README.md). Its lock, its start and the checks of a resume
 * are {@link RunFolder}'s; this class plays the games and records each one.
 */
public final class Tournament implements AutoCloseable {

    private final TournamentDefinition definition;
    private final Path file;
    private final Path dir;
    private final List<String> botNames;
    private final Plan plan;
    private final Optional<Shard> shard;
    /** Games of earlier batches, read from the {@code from} folder (shards only). */
    private final Map<Integer, FinishedGame> earlier;

    private final Optional<Plan.Batch> shardBatch;
    /** The games this run finished (on resume, with those it found); see {@link FinishedGames}. */
    private final FinishedGames finished;

    private final TournamentObserver observer;
    /** The bots that could not play when this run started, forfeited or left out. */
    private final List<BrokenBots.Broken> broken;

    private final RunFolder folder;
    /** When standings.json was last written ({@link System#nanoTime()}); see {@link #commit}. */
    private long lastStandingsWrite = System.nanoTime() - STANDINGS_INTERVAL_NANOS;

    private static final long STANDINGS_INTERVAL_NANOS = 1_000_000_000L;
    /** The standings last written. */
    private StandingsDocument lastStandings;
    /** Held while a game is recorded, and by {@link #stopRecording}. */
    private final Object commits = new Object();

    private boolean stopped;

    private Tournament(
            TournamentDefinition definition,
            Path file,
            Path dir,
            TournamentObserver observer,
            Optional<Shard> shard,
            Map<Integer, FinishedGame> earlier,
            List<BrokenBots.Broken> broken) {
        this.definition = definition;
        this.broken = List.copyOf(broken);
        this.file = file;
        this.dir = dir;
        this.observer = observer;
        this.botNames = definition.bots().stream().map(BotEntry::name).toList();
        this.plan = Plan.of(definition);
        this.shard = shard;
        this.earlier = earlier;
        this.finished = new FinishedGames(botNames, plan.totalGames());
        this.shardBatch = shard.isPresent() ? plan.progress(earlier).current() : Optional.empty();
        this.folder = new RunFolder(dir, file, plan, shard, shardBatch, earlier);
    }

    /**
     * Prepares the output folder for a new run, or, with {@code resume}, reads the finished games
     * of the run in it.
     *
     * <p>The folder is locked from here to the end of {@link #play} (or {@link #close}): a second
     * run on it is refused while this one lives.
     *
     * @throws OutputFolderException when another run holds the folder, the folder holds another
     *     run (without resume) or nothing to resume, the file changed since the run started, or a
     *     journal line disagrees with the schedule
     * @throws java.nio.file.FileSystemException naming the file that cannot be written
     */
    public static Tournament open(
            TournamentDefinition definition, Path file, Path dir, boolean resume, TournamentObserver observer)
            throws IOException {
        return open(definition, file, dir, resume, observer, Optional.empty(), Optional.empty());
    }

    /**
     * As {@link #open(TournamentDefinition, Path, Path, boolean, TournamentObserver)}, for one shard
     * of the first batch not finished in {@code from} (a merged folder of the same tournament; none
     * for the first batch).
     */
    public static Tournament open(
            TournamentDefinition definition,
            Path file,
            Path dir,
            boolean resume,
            TournamentObserver observer,
            Optional<Shard> shard,
            Optional<Path> from)
            throws IOException {
        return open(definition, file, dir, resume, observer, shard, from, List.of());
    }

    /**
     * As above, with the bots that could not play when the run started: a forfeited one stays in
     * the schedule and loses each of its games by start-failure without being started; an excluded
     * one must already be out of {@code definition}. Both are named in {@code tournament.json}.
     */
    public static Tournament open(
            TournamentDefinition definition,
            Path file,
            Path dir,
            boolean resume,
            TournamentObserver observer,
            Optional<Shard> shard,
            Optional<Path> from,
            List<BrokenBots.Broken> broken)
            throws IOException {
        FinishedGames earlier =
                new FinishedGames(definition.bots().stream().map(BotEntry::name).toList(), definition.totalGames());
        if (from.isPresent()) {
            if (shard.isEmpty()) {
                throw new OutputFolderException("--from is for shards: give --shard too");
            }
            earlier.putAll(Merge.readMerged(from.get(), definition));
        }
        Tournament tournament = new Tournament(definition, file, dir, observer, shard, earlier, broken);
        if (shard.isPresent() && tournament.shardBatch.isEmpty()) {
            throw new OutputFolderException("--shard: the tournament is over"
                    + from.map(f -> " in " + f).orElse("") + ": there is nothing left to play");
        }
        try {
            TournamentRecord record = tournament.record();
            if (resume) {
                tournament.finished.putAll(tournament.folder.resume(record));
            } else {
                tournament.folder.startFresh(record);
            }
        } catch (IOException | RuntimeException e) {
            tournament.close();
            throw e;
        }
        return tournament;
    }

    /** Games already finished (on resume) and games in all (of this shard's share, for a shard). */
    public int finishedGames() {
        return finished.size();
    }

    /**
     * The logs of the games lost irregularly that this run found finished (on resume), so that its
     * closing summary covers the whole run, not only the games it played itself.
     */
    public List<Path> irregularLogsFoundFinished() {
        return finished.values().stream()
                .filter(g -> g.termination().isIrregular())
                .map(g -> dir.resolve(g.file()))
                .toList();
    }

    public int totalGames() {
        return shardBatch.map(b -> shard.get().share(b.games()).size()).orElse(plan.totalGames());
    }

    /** The batch a shard plays. */
    public Optional<Plan.Batch> shardBatch() {
        return shardBatch;
    }

    private TournamentRecord record() {
        TournamentRecord.ShardRecord shardRecord = shardBatch
                .map(b -> new TournamentRecord.ShardRecord(
                        shard.get().index(), shard.get().count(), b.index(), b.stage(), b.round()))
                .orElse(null);
        return new TournamentRecord(
                TournamentRecord.SCHEMA,
                Version.current(),
                Instant.now().toString(),
                file.toString(),
                TournamentRecord.Definition.of(definition),
                plan.totalGames(),
                shardRecord,
                broken.stream().map(TournamentRecord.BrokenBot::of).toList(),
                TournamentRecord.IsolationRecord.of(definition.isolation()));
    }

    /** Plays the games not yet finished, {@code concurrency} at a time, and returns the final standings. */
    public StandingsDocument play(int concurrency) throws Exception {
        try (BotHost host = BotHost.open()) {
            return play(concurrency, host);
        }
    }

    /**
     * {@link #play(int)} with the bots of the command's {@code host}, which says when the arena is
     * stopping; a forfeited bot is never started and loses each of its games by start-failure.
     */
    public StandingsDocument play(int concurrency, BotHost host) throws Exception {
        Map<String, String> forfeits = new LinkedHashMap<>();
        broken.stream()
                .filter(b -> b.handling() == BrokenBots.FORFEIT)
                .forEach(b -> forfeits.put(b.name(), b.problem()));
        return play(concurrency, BrokenBots.forfeiting(forfeits, host));
    }

    /**
     * {@link #play(int)} with the games played by {@code player} (tests inject failures here;
     * {@code bench scale} plays in-process bots).
     */
    public StandingsDocument play(int concurrency, GamePool.Player player) throws Exception {
        observer.started(totalGames(), finished.size());
        try {
            writeStandings();
            try (Journal journal = Journal.open(dir)) {
                boolean[] shardDone = {false};
                new BatchRunner(concurrency, player)
                        .run(
                                () -> {
                                    List<ScheduledGame> batch;
                                    synchronized (commits) {
                                        if (stopped) {
                                            return Optional.empty();
                                        }
                                    }
                                    if (shardBatch.isPresent()) {
                                        // A shard plays its share of its one batch.
                                        if (shardDone[0]) {
                                            return Optional.empty();
                                        }
                                        shardDone[0] = true;
                                        batch = shard.get()
                                                .share(shardBatch.get().games());
                                    } else {
                                        Optional<Plan.Batch> current =
                                                plan.progress(all()).current();
                                        if (current.isEmpty()) {
                                            return Optional.empty();
                                        }
                                        batch = current.get().games();
                                    }
                                    List<ScheduledGame> pending = batch.stream()
                                            .filter(g -> !finished.containsKey(g.number()))
                                            .toList();
                                    // Setups (and their openings) are made as the games start, not all at once.
                                    return pending.isEmpty()
                                            ? Optional.empty()
                                            : Optional.of(new BatchRunner.Batch(
                                                    pending.size(),
                                                    pending.stream()
                                                            .map(this::starting)
                                                            .iterator()));
                                },
                                record -> commit(record, journal));
            }
            return writeStandings();
        } catch (Exception | Error e) {
            // The standings catch up with every game kept, as far as the disk (perhaps what failed) lets them.
            try {
                writeStandings();
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        } finally {
            close();
        }
    }

    /** Releases the folder's lock (also done at the end of {@link #play}); the OS releases it if the process dies. */
    @Override
    public void close() throws IOException {
        folder.close();
    }

    /** The setup of a game about to start, told to the observer first (for the games-in-progress display). */
    private GameSetup starting(ScheduledGame game) {
        observer.starting(
                game.number(),
                definition.bots().get(game.white()).name(),
                definition.bots().get(game.black()).name());
        return setup(game);
    }

    private GameSetup setup(ScheduledGame game) {
        BotEntry white = definition.bots().get(game.white());
        BotEntry black = definition.bots().get(game.black());
        RunOpenings.Opening opening = RunOpenings.of(definition, game.pair());
        return GameSetup.of(
                        new Entrant(white.name(), white.botCommand()),
                        new Entrant(black.name(), black.botCommand()),
                        definition.timeControl())
                .withVariant(definition.variant())
                .withOpening(opening.moves(), opening.line().orElse(null))
                .withTournament(
                        new GameRecord.TournamentGame(definition.name(), game.number(), plan.totalGames(), game.pair()))
                .withIsolation(isolation(definition, file, dir));
    }

    /**
     * What holds the bots of a tournament's games, and of the check before them: the file's
     * sandbox and limits, and no bot may see the records (or, through the tournament file, the
     * other bots' commands).
     */
    public static Isolation isolation(TournamentDefinition definition, Path file, Path dir) {
        return definition.isolation().hiding(file == null ? List.of(dir) : List.of(dir, file));
    }

    /** The games of every batch so far: this run's, and for a shard those of the batches before. */
    private Map<Integer, FinishedGame> all() {
        if (earlier.isEmpty()) {
            return Collections.unmodifiableMap(finished);
        }
        FinishedGames all = new FinishedGames(botNames, plan.totalGames());
        all.putAll(earlier);
        all.putAll(finished);
        return all;
    }

    /**
     * Stops recording games (the run is being stopped: Ctrl-C, SIGTERM) and returns how many are
     * kept. A game that finishes after this is dropped like a game in progress, so that the count
     * said and the journal agree; one being recorded now is kept and counted.
     */
    public int stopRecording() {
        synchronized (commits) {
            stopped = true;
            return finished.size();
        }
    }

    /** Records the game unless the run is being stopped; whether more games may start. */
    private boolean commit(GameRecord record, Journal journal) throws IOException {
        synchronized (commits) {
            if (!stopped) {
                record(record, journal);
            }
            return !stopped;
        }
    }

    private void record(GameRecord record, Journal journal) throws IOException {
        String name = TournamentLayout.GAMES_DIR + "/"
                + GameFiles.name(record.tournament().game(), plan.totalGames());
        Json.writeFile(dir.resolve(name), record);
        FinishedGame game = FinishedGame.of(record, name);
        journal.append(game);
        finished.put(game.game(), game);
        // Computed and rewritten at most once a second while games run (and at the end): the
        // tables and crosstables are rebuilt from every game so far, a new file is renamed over
        // the old, and after every quick game that cost more than the game's own bookkeeping.
        // The journal is the record; the standings are rebuilt from it on resume. The progress
        // display's leader is as of the last computation, and exact after the last game.
        long now = System.nanoTime();
        int done = shardBatch.isPresent() ? finished.size() : earlier.size() + finished.size();
        if (lastStandings == null || now - lastStandingsWrite >= STANDINGS_INTERVAL_NANOS || done >= totalGames()) {
            writeStandings();
            lastStandingsWrite = now;
        }
        StandingsDocument standings = lastStandings;
        observer.recorded(record, dir.resolve(name));
        observer.finished(game, standings.standings(), finished.size(), totalGames());
    }

    private StandingsDocument writeStandings() throws IOException {
        StandingsDocument document = currentStandings();
        Json.writeFile(dir.resolve(TournamentLayout.STANDINGS_FILE), document);
        lastStandings = document;
        return document;
    }

    private StandingsDocument currentStandings() {
        Map<Integer, FinishedGame> all = all();
        boolean complete = shardBatch.isPresent()
                ? finished.size() == totalGames()
                : plan.progress(all).current().isEmpty();
        return standings(plan, all, shardBatch.isPresent() ? finished.size() : all.size(), totalGames(), complete);
    }

    /** The standings document of a run after the given finished games (of every batch), as its scheme ranks them. */
    static StandingsDocument standings(
            Plan plan, Map<Integer, FinishedGame> games, int played, int total, boolean complete) {
        TournamentDefinition definition = plan.definition();
        Plan.Progress progress = plan.progress(games);
        List<StandingsDocument.Stage> stages = plan.scheme().stages(progress);
        return new StandingsDocument(
                StandingsDocument.SCHEMA,
                definition.name(),
                definition.variant(),
                Version.current(),
                Instant.now().toString(),
                played,
                total,
                complete,
                plan.scheme().overall(progress, stages),
                plan.scheme().crosstable(progress, stages),
                stages);
    }
}
