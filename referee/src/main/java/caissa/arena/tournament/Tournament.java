package caissa.arena.tournament;

import caissa.arena.records.GameLogs;
import caissa.arena.Version;
import caissa.arena.bot.BotHost;
import caissa.arena.game.Entrant;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.records.FolderCheck;
import caissa.arena.records.FolderLock;
import caissa.arena.records.Folders;
import caissa.arena.records.GameFiles;
import caissa.arena.records.GameLogCheck;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.Problems;
import caissa.arena.records.TournamentLayout;
import caissa.arena.runner.BatchRunner;
import caissa.arena.runner.GamePool;
import caissa.arena.runner.Shard;
import caissa.arena.bot.BotHost;
import caissa.arena.sandbox.Isolation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

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
 * {@code standings.json} (see reports/README.md).
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
    private FolderLock lock;
    /** When standings.json was last written ({@link System#nanoTime()}); see {@link #commit}. */
    private long lastStandingsWrite = System.nanoTime() - STANDINGS_INTERVAL_NANOS;
    private static final long STANDINGS_INTERVAL_NANOS = 1_000_000_000L;
    /** The standings last written. */
    private StandingsDocument lastStandings;
    /** Held while a game is recorded, and by {@link #stopRecording}. */
    private final Object commits = new Object();
    private boolean stopped;

    private Tournament(TournamentDefinition definition, Path file, Path dir, TournamentObserver observer,
            Optional<Shard> shard, Map<Integer, FinishedGame> earlier, List<BrokenBots.Broken> broken) {
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
    public static Tournament open(TournamentDefinition definition, Path file, Path dir, boolean resume,
            TournamentObserver observer) throws IOException {
        return open(definition, file, dir, resume, observer, Optional.empty(), Optional.empty());
    }

    /**
     * As {@link #open(TournamentDefinition, Path, Path, boolean, TournamentObserver)}, for one shard
     * of the first batch not finished in {@code from} (a merged folder of the same tournament; none
     * for the first batch).
     */
    public static Tournament open(TournamentDefinition definition, Path file, Path dir, boolean resume,
            TournamentObserver observer, Optional<Shard> shard, Optional<Path> from) throws IOException {
        return open(definition, file, dir, resume, observer, shard, from, List.of());
    }

    /**
     * As above, with the bots that could not play when the run started: a forfeited one stays in
     * the schedule and loses each of its games by start-failure without being started; an excluded
     * one must already be out of {@code definition}. Both are named in {@code tournament.json}.
     */
    public static Tournament open(TournamentDefinition definition, Path file, Path dir, boolean resume,
            TournamentObserver observer, Optional<Shard> shard, Optional<Path> from, List<BrokenBots.Broken> broken)
            throws IOException {
        FinishedGames earlier = new FinishedGames(definition.bots().stream().map(BotEntry::name).toList(),
                definition.totalGames());
        if (from.isPresent()) {
            if (shard.isEmpty()) {
                throw new OutputFolderException("--from is for shards: give --shard too");
            }
            earlier.putAll(Merge.readMerged(from.get(), definition));
        }
        Tournament tournament = new Tournament(definition, file, dir, observer, shard, earlier, broken);
        if (shard.isPresent() && tournament.shardBatch.isEmpty()) {
            throw new OutputFolderException("--shard: the tournament is over" + from.map(f -> " in " + f).orElse("")
                    + ": there is nothing left to play");
        }
        try {
            if (resume) {
                tournament.prepareResume();
            } else {
                tournament.prepareFresh();
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
        return finished.values().stream().filter(g -> g.termination().isIrregular()).map(g -> dir.resolve(g.file())).toList();
    }

    public int totalGames() {
        return shardBatch.map(b -> shard.get().share(b.games()).size()).orElse(plan.totalGames());
    }

    /** The batch a shard plays. */
    public Optional<Plan.Batch> shardBatch() {
        return shardBatch;
    }

    private TournamentRecord record() {
        TournamentRecord.ShardRecord shardRecord = shardBatch.map(b -> new TournamentRecord.ShardRecord(
                shard.get().index(), shard.get().count(), b.index(), b.stage(), b.round())).orElse(null);
        return new TournamentRecord(TournamentRecord.SCHEMA, Version.current(), Instant.now().toString(), file.toString(),
                TournamentRecord.Definition.of(definition), plan.totalGames(), shardRecord,
                broken.stream().map(TournamentRecord.BrokenBot::of).toList(),
                TournamentRecord.IsolationRecord.of(definition.isolation()));
    }

    private void prepareFresh() throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new OutputFolderException(dir + " exists and is not a folder");
        }
        createFolder(dir);
        // A folder of other files (no lock file: never a run's) is refused before a lock file is left in it.
        if (!Files.exists(dir.resolve(FolderLock.FILE)) && !startedNothing()) {
            throw alreadyUsed();
        }
        lock();
        if (!startedNothing()) {
            throw alreadyUsed();
        }
        start();
    }

    private OutputFolderException alreadyUsed() {
        return new OutputFolderException(dir + " already holds files of a run; continue it with --resume,"
                + " or choose another folder with --out");
    }

    /** Writes tournament.json first, so that a folder with anything else in it always names its run. */
    private void start() throws IOException {
        Folders.removeTemporaryFiles(dir);
        Json.writeFile(dir.resolve(TournamentLayout.RECORD_FILE), record());
        Folders.createOwn(dir.resolve(TournamentLayout.GAMES_DIR));
    }

    /**
     * Whether the folder holds nothing of a run: at most the lock, temporary files and an empty
     * games folder, which is what a start that failed before tournament.json was written leaves.
     */
    private boolean startedNothing() throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path entry : entries.toList()) {
                String name = entry.getFileName().toString();
                boolean emptyGames = name.equals(TournamentLayout.GAMES_DIR) && Files.isDirectory(entry) && onlyTemporaryFiles(entry);
                if (!name.equals(FolderLock.FILE) && !Folders.isTemporary(entry) && !emptyGames) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean onlyTemporaryFiles(Path folder) throws IOException {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.allMatch(Folders::isTemporary);
        }
    }

    private void lock() throws IOException {
        Optional<FolderLock> acquired = FolderLock.tryAcquire(dir);
        if (acquired.isEmpty()) {
            String holder = FolderLock.holder(dir).map(pid -> "process " + pid).orElse("another process");
            throw new OutputFolderException(dir + " is in use by another run of the arena (" + holder
                    + "); wait for it to end, or stop it and continue with --resume");
        }
        lock = acquired.get();
    }

    private static void createFolder(Path folder) throws IOException {
        Folders.create(folder);
    }

    private void prepareResume() throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new OutputFolderException("--resume: " + dir + (Files.exists(dir) ? " is not a folder" : " does not exist")
                    + "; start the tournament without --resume");
        }
        lock();
        Path recordFile = dir.resolve(TournamentLayout.RECORD_FILE);
        if (!Files.isRegularFile(recordFile)) {
            if (startedNothing()) {
                // A start that failed before tournament.json was written: nothing to keep, start it now.
                start();
                return;
            }
            throw new OutputFolderException("--resume: " + dir + " has no " + TournamentLayout.RECORD_FILE
                    + ", so the tournament its other files belong to is unknown; move them away or choose another folder");
        }
        TournamentRecord stored;
        try {
            stored = Json.mapper().readValue(InputFiles.readRecord(recordFile, InputFiles.RECORD_CAP), TournamentRecord.class);
        } catch (IOException e) {
            throw new OutputFolderException("--resume: " + recordFile + " cannot be read: "
                    + Problems.ofRecord(e));
        }
        List<String> changes = stored.definition().differences(TournamentRecord.Definition.of(definition));
        if (!changes.isEmpty()) {
            throw new OutputFolderException("--resume: " + file + " changed since the run in " + dir + " started: "
                    + String.join(", ", changes));
        }
        TournamentRecord.ShardRecord expected = record().shard();
        if (!Objects.equals(stored.shard(), expected)) {
            throw new OutputFolderException("--resume: " + dir + " holds " + describe(stored.shard()) + ", not "
                    + describe(expected) + " (check --shard and --from)");
        }
        Folders.removeTemporaryFiles(dir);
        Folders.removeTemporaryFiles(dir.resolve(TournamentLayout.GAMES_DIR));
        Folders.createOwn(dir.resolve(TournamentLayout.GAMES_DIR));
        List<Journal.Line> journal;
        try {
            journal = Journal.readLines(dir);
        } catch (IOException e) {
            throw new OutputFolderException("--resume: " + e.getMessage());
        }
        // The last line of a game wins: a game whose log was lost is played again and journaled again.
        Map<Integer, FinishedGame> latest = new LinkedHashMap<>();
        for (Journal.Line line : journal) {
            checkLine(line);
            latest.remove(line.game().game());
            latest.put(line.game().game(), line.game());
        }
        Map<Integer, FinishedGame> kept = new TreeMap<>();
        RunCheck.OpeningsByGame openings = new RunCheck.OpeningsByGame(definition);
        for (FinishedGame game : latest.values()) {
            if (hasItsLog(game, openings)) {
                kept.put(game.game(), game);
            }
        }
        // The schedule of a Swiss round follows from the games before it, so it is worked out
        // from the journal itself; then every line must be a game of it, in its colours.
        Map<Integer, FinishedGame> all = new TreeMap<>(earlier);
        all.putAll(kept);
        Plan.Progress progress = plan.progress(all);
        Map<Integer, ScheduledGame> mine = new TreeMap<>();
        (shardBatch.isPresent() ? shard.get().share(shardBatch.get().games()) : progress.scheduled())
                .forEach(g -> mine.put(g.number(), g));
        for (Journal.Line line : journal) {
            checkAgainstSchedule(line, mine);
        }
        for (FinishedGame game : kept.values()) {
            if (Plan.matches(mine.get(game.game()), game, botNames)) {
                finished.put(game.game(), game);
            }
        }
    }

    private static String describe(TournamentRecord.ShardRecord shard) {
        return shard == null ? "a whole run" : "shard " + shard.index() + "/" + shard.count() + " of batch " + shard.batch();
    }

    /** A journal line must name a game of the tournament, its own log file, and a result. */
    private void checkLine(Journal.Line line) {
        FinishedGame game = line.game();
        String where = "--resume: " + dir.resolve(TournamentLayout.JOURNAL_FILE) + ":" + line.number() + ": ";
        if (game.game() < 1 || game.game() > plan.totalGames()) {
            throw new OutputFolderException(where + "game " + game.game() + " is not in the schedule (games 1 to "
                    + plan.totalGames() + ")");
        }
        String expectedFile = TournamentLayout.GAMES_DIR + "/" + GameFiles.name(game.game(), plan.totalGames());
        if (!expectedFile.equals(game.file())) {
            throw new OutputFolderException(where + "game " + game.game() + " names the log '" + game.file()
                    + "', but its log is " + expectedFile);
        }
        if (game.result() == null || game.termination() == null) {
            throw new OutputFolderException(where + "game " + game.game() + " has no result or termination");
        }
    }

    /**
     * A journal line must be a game of the schedule known from the journal (this shard's share, for
     * a shard), with its players in their colours. A later Swiss round is not known while the
     * round before it has a game whose log was lost: such a line is kept out until then.
     */
    private void checkAgainstSchedule(Journal.Line line, Map<Integer, ScheduledGame> schedule) {
        FinishedGame game = line.game();
        String where = "--resume: " + dir.resolve(TournamentLayout.JOURNAL_FILE) + ":" + line.number() + ": ";
        ScheduledGame scheduled = schedule.get(game.game());
        if (scheduled == null) {
            if (shardBatch.isPresent()) {
                throw new OutputFolderException(where + "game " + game.game() + " is not in the share of shard "
                        + shard.get() + " of " + shardBatch.get().describe());
            }
            // A game of a batch not yet known (its round waits for a game of the round before
            // whose log was lost): it does not count, and is played again once its round is paired.
            return;
        }
        String white = botNames.get(scheduled.white());
        String black = botNames.get(scheduled.black());
        if (!white.equals(game.white()) || !black.equals(game.black())) {
            throw new OutputFolderException(where + "game " + game.game() + " is scheduled as " + white + " (white) against "
                    + black + " (black), the line says " + game.white() + " against " + game.black());
        }
    }

    /**
     * Whether the game's log is there, readable, and agrees with its journal line, its opening and
     * its own moves (see {@link GameLogCheck}); else it is played again.
     */
    private boolean hasItsLog(FinishedGame game, RunCheck.OpeningsByGame openings) {
        Path log = dir.resolve(game.file());
        if (!Files.isRegularFile(log)) {
            return false;
        }
        try {
            return GameLogCheck.check(GameLogs.read(log), RunCheck.expected(game, openings)).agrees();
        } catch (IOException | RuntimeException e) {
            return false;
        }
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
        broken.stream().filter(b -> b.handling() == BrokenBots.FORFEIT).forEach(b -> forfeits.put(b.name(), b.problem()));
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
                new BatchRunner(concurrency, player).run(() -> {
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
                        batch = shard.get().share(shardBatch.get().games());
                    } else {
                        Optional<Plan.Batch> current = plan.progress(all()).current();
                        if (current.isEmpty()) {
                            return Optional.empty();
                        }
                        batch = current.get().games();
                    }
                    List<ScheduledGame> pending = batch.stream().filter(g -> !finished.containsKey(g.number())).toList();
                    // Setups (and their openings) are made as the games start, not all at once.
                    return pending.isEmpty() ? Optional.empty() : Optional.of(new BatchRunner.Batch(pending.size(),
                            pending.stream().map(this::starting).iterator()));
                }, record -> commit(record, journal));
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
        if (lock != null) {
            lock.close();
            lock = null;
        }
    }

    /** The setup of a game about to start, told to the observer first (for the games-in-progress display). */
    private GameSetup starting(ScheduledGame game) {
        observer.starting(game.number(), definition.bots().get(game.white()).name(),
                definition.bots().get(game.black()).name());
        return setup(game);
    }

    private GameSetup setup(ScheduledGame game) {
        BotEntry white = definition.bots().get(game.white());
        BotEntry black = definition.bots().get(game.black());
        RunOpenings.Opening opening = RunOpenings.of(definition, game.pair());
        return GameSetup.of(new Entrant(white.name(), white.botCommand()), new Entrant(black.name(), black.botCommand()),
                        definition.timeControl())
                .withVariant(definition.variant())
                .withOpening(opening.moves(), opening.line().orElse(null))
                .withTournament(new GameRecord.TournamentGame(definition.name(), game.number(), plan.totalGames(),
                        game.pair()))
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
        String name = TournamentLayout.GAMES_DIR + "/" + GameFiles.name(record.tournament().game(), plan.totalGames());
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
        boolean complete = shardBatch.isPresent() ? finished.size() == totalGames() : plan.progress(all).current().isEmpty();
        return standings(plan, all, shardBatch.isPresent() ? finished.size() : all.size(), totalGames(), complete);
    }

    /** The standings document of a run after the given finished games (of every batch), as its scheme ranks them. */
    static StandingsDocument standings(Plan plan, Map<Integer, FinishedGame> games, int played, int total,
            boolean complete) {
        TournamentDefinition definition = plan.definition();
        Plan.Progress progress = plan.progress(games);
        List<StandingsDocument.Stage> stages = plan.scheme().stages(progress);
        return new StandingsDocument(StandingsDocument.SCHEMA, definition.name(), definition.variant(), Version.current(),
                Instant.now().toString(), played, total, complete, plan.scheme().overall(progress, stages),
                plan.scheme().crosstable(progress, stages), stages);
    }
}
