package caissa.arena.tournament;

import caissa.arena.records.FolderLock;
import caissa.arena.records.Folders;
import caissa.arena.records.GameFiles;
import caissa.arena.records.GameLogCheck;
import caissa.arena.records.GameLogs;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.Problems;
import caissa.arena.records.TournamentLayout;
import caissa.arena.runner.Shard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A tournament's output folder as a run holds it: locked from {@link #startFresh} or {@link #resume}
 * to {@link #close}, started with {@code tournament.json} first, and on resume checked against the
 * run it is asked to continue: its record, then every journal line against the schedule and every
 * game log against its line. The games themselves are {@link Tournament}'s to play and record.
 */
final class RunFolder implements AutoCloseable {

    private final Path dir;
    /** The tournament file, as messages name it. */
    private final Path file;

    private final TournamentDefinition definition;
    private final Plan plan;
    private final List<String> botNames;
    private final Optional<Shard> shard;
    private final Optional<Plan.Batch> shardBatch;
    /** Games of earlier batches, read from the {@code from} folder (shards only). */
    private final Map<Integer, FinishedGame> earlier;

    private FolderLock lock;

    RunFolder(
            Path dir,
            Path file,
            Plan plan,
            Optional<Shard> shard,
            Optional<Plan.Batch> shardBatch,
            Map<Integer, FinishedGame> earlier) {
        this.dir = dir;
        this.file = file;
        this.definition = plan.definition();
        this.plan = plan;
        this.botNames = plan.names();
        this.shard = shard;
        this.shardBatch = shardBatch;
        this.earlier = earlier;
    }

    /**
     * Prepares the folder for a new run: creates it, refuses one that holds files of a run or other
     * files, locks it and writes {@code record} first.
     */
    void startFresh(TournamentRecord record) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new OutputFolderException(dir + " exists and is not a folder");
        }
        Folders.create(dir);
        // A folder of other files (no lock file: never a run's) is refused before a lock file is left in it.
        if (!Files.exists(dir.resolve(FolderLock.FILE)) && !startedNothing()) {
            throw alreadyUsed();
        }
        lock();
        if (!startedNothing()) {
            throw alreadyUsed();
        }
        start(record);
    }

    private OutputFolderException alreadyUsed() {
        return new OutputFolderException(dir + " already holds files of a run; continue it with --resume,"
                + " or choose another folder with --out");
    }

    /** Writes tournament.json first, so that a folder with anything else in it always names its run. */
    private void start(TournamentRecord record) throws IOException {
        Folders.removeTemporaryFiles(dir);
        Json.writeFile(dir.resolve(TournamentLayout.RECORD_FILE), record);
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
                boolean emptyGames = name.equals(TournamentLayout.GAMES_DIR)
                        && Files.isDirectory(entry)
                        && onlyTemporaryFiles(entry);
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

    /**
     * Locks the folder of the run to resume, checks that it is the run {@code record} describes
     * (same definition, same shard) and returns its finished games: every journaled game whose
     * log agrees with its line and that is a game of the schedule, in its colours.
     */
    Map<Integer, FinishedGame> resume(TournamentRecord record) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new OutputFolderException(
                    "--resume: " + dir + (Files.exists(dir) ? " is not a folder" : " does not exist")
                            + "; start the tournament without --resume");
        }
        lock();
        Path recordFile = dir.resolve(TournamentLayout.RECORD_FILE);
        if (!Files.isRegularFile(recordFile)) {
            if (startedNothing()) {
                // A start that failed before tournament.json was written: nothing to keep, start it now.
                start(record);
                return Map.of();
            }
            throw new OutputFolderException(
                    "--resume: " + dir + " has no " + TournamentLayout.RECORD_FILE
                            + ", so the tournament its other files belong to is unknown; move them away or choose another folder");
        }
        TournamentRecord stored;
        try {
            stored = Json.mapper()
                    .readValue(InputFiles.readRecord(recordFile, InputFiles.RECORD_CAP), TournamentRecord.class);
        } catch (IOException e) {
            throw new OutputFolderException("--resume: " + recordFile + " cannot be read: " + Problems.ofRecord(e));
        }
        List<String> changes = stored.definition().differences(TournamentRecord.Definition.of(definition));
        if (!changes.isEmpty()) {
            throw new OutputFolderException("--resume: " + file + " changed since the run in " + dir + " started: "
                    + String.join(", ", changes));
        }
        TournamentRecord.ShardRecord expected = record.shard();
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
        Map<Integer, FinishedGame> finished = new TreeMap<>();
        for (FinishedGame game : kept.values()) {
            if (Plan.matches(mine.get(game.game()), game, botNames)) {
                finished.put(game.game(), game);
            }
        }
        return finished;
    }

    private static String describe(TournamentRecord.ShardRecord shard) {
        return shard == null
                ? "a whole run"
                : "shard " + shard.index() + "/" + shard.count() + " of batch " + shard.batch();
    }

    /** A journal line must name a game of the tournament, its own log file, and a result. */
    private void checkLine(Journal.Line line) {
        FinishedGame game = line.game();
        String where = "--resume: " + dir.resolve(TournamentLayout.JOURNAL_FILE) + ":" + line.number() + ": ";
        if (game.game() < 1 || game.game() > plan.totalGames()) {
            throw new OutputFolderException(
                    where + "game " + game.game() + " is not in the schedule (games 1 to " + plan.totalGames() + ")");
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
            throw new OutputFolderException(
                    where + "game " + game.game() + " is scheduled as " + white + " (white) against " + black
                            + " (black), the line says " + game.white() + " against " + game.black());
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
            return GameLogCheck.check(GameLogs.read(log), RunCheck.expected(game, openings))
                    .agrees();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Releases the folder's lock; the OS releases it if the process dies. */
    @Override
    public void close() throws IOException {
        if (lock != null) {
            lock.close();
            lock = null;
        }
    }
}
