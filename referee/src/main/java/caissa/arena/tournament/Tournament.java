package caissa.arena.tournament;

import caissa.arena.Version;
import caissa.arena.game.Entrant;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.records.FolderLock;
import caissa.arena.records.Folders;
import caissa.arena.records.Problems;
import caissa.arena.report.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs a round robin into an output folder, game by game, so that nothing finished is ever lost:
 * each game's log is written atomically, then its line is appended to the journal, and only then
 * does it count. A run killed at any moment continues with {@code resume}: journaled games are
 * kept as they are, the others are played.
 *
 * <p>The folder: {@code tournament.json}, {@code games/NNNN.json}, {@code journal.jsonl},
 * {@code standings.json} (see reports/README.md).
 */
public final class Tournament implements AutoCloseable {

    public static final String RECORD_FILE = "tournament.json";
    public static final String STANDINGS_FILE = "standings.json";
    public static final String GAMES_DIR = "games";

    private final TournamentDefinition definition;
    private final Path file;
    private final Path dir;
    private final List<String> botNames;
    private final List<ScheduledGame> schedule;
    private final List<FinishedGame> finished = new ArrayList<>();
    private final TournamentObserver observer;
    private FolderLock lock;

    private Tournament(TournamentDefinition definition, Path file, Path dir, TournamentObserver observer) {
        this.definition = definition;
        this.file = file;
        this.dir = dir;
        this.observer = observer;
        this.botNames = definition.bots().stream().map(BotEntry::name).toList();
        this.schedule = Schedule.roundRobin(definition.bots().size(), definition.gamesPerPair(),
                definition.openingPlies(), definition.seed());
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
        Tournament tournament = new Tournament(definition, file, dir, observer);
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

    /** Games already finished (on resume) and games in all. */
    public int finishedGames() {
        return finished.size();
    }

    public int totalGames() {
        return schedule.size();
    }

    private void prepareFresh() throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new OutputFolderException(dir + " exists and is not a folder");
        }
        createFolder(dir);
        lock();
        if (!startedNothing()) {
            throw new OutputFolderException(dir + " already holds files of a run; continue it with --resume,"
                    + " or choose another folder with --out");
        }
        start();
    }

    /** Writes tournament.json first, so that a folder with anything else in it always names its run. */
    private void start() throws IOException {
        Folders.removeTemporaryFiles(dir);
        TournamentRecord record = new TournamentRecord(TournamentRecord.SCHEMA, Version.current(),
                Instant.now().toString(), file.toString(), TournamentRecord.Definition.of(definition), schedule.size());
        Json.writeFile(dir.resolve(RECORD_FILE), record);
        createFolder(dir.resolve(GAMES_DIR));
    }

    /**
     * Whether the folder holds nothing of a run: at most the lock, temporary files and an empty
     * games folder, which is what a start that failed before tournament.json was written leaves.
     */
    private boolean startedNothing() throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path entry : entries.toList()) {
                String name = entry.getFileName().toString();
                boolean emptyGames = name.equals(GAMES_DIR) && Files.isDirectory(entry) && onlyTemporaryFiles(entry);
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
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw Problems.naming(folder, e);
        }
    }

    private void prepareResume() throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new OutputFolderException("--resume: " + dir + (Files.exists(dir) ? " is not a folder" : " does not exist")
                    + "; start the tournament without --resume");
        }
        lock();
        Path recordFile = dir.resolve(RECORD_FILE);
        if (!Files.isRegularFile(recordFile)) {
            if (startedNothing()) {
                // A start that failed before tournament.json was written: nothing to keep, start it now.
                start();
                return;
            }
            throw new OutputFolderException("--resume: " + dir + " has no " + RECORD_FILE
                    + ", so the tournament its other files belong to is unknown; move them away or choose another folder");
        }
        TournamentRecord stored;
        try {
            stored = Json.mapper().readValue(recordFile.toFile(), TournamentRecord.class);
        } catch (IOException e) {
            throw new OutputFolderException("--resume: " + recordFile + " cannot be read: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
        List<String> changes = stored.definition().differences(TournamentRecord.Definition.of(definition));
        if (!changes.isEmpty()) {
            throw new OutputFolderException("--resume: " + file + " changed since the run in " + dir + " started: "
                    + String.join(", ", changes));
        }
        Folders.removeTemporaryFiles(dir);
        Folders.removeTemporaryFiles(dir.resolve(GAMES_DIR));
        createFolder(dir.resolve(GAMES_DIR));
        List<Journal.Line> journal;
        try {
            journal = Journal.readLines(dir);
        } catch (IOException e) {
            throw new OutputFolderException("--resume: " + e.getMessage());
        }
        // The last line of a game wins: a game whose log was lost is played again and journaled again.
        Map<Integer, FinishedGame> latest = new LinkedHashMap<>();
        for (Journal.Line line : journal) {
            checkAgainstSchedule(line);
            latest.remove(line.game().game());
            latest.put(line.game().game(), line.game());
        }
        for (FinishedGame game : latest.values()) {
            if (hasItsLog(game)) {
                finished.add(game);
            }
        }
    }

    /** A journal line must be a game of this schedule, with its players in their colours and its own log file. */
    private void checkAgainstSchedule(Journal.Line line) {
        FinishedGame game = line.game();
        String where = "--resume: " + dir.resolve(Journal.FILE) + ":" + line.number() + ": ";
        if (game.game() < 1 || game.game() > schedule.size()) {
            throw new OutputFolderException(where + "game " + game.game() + " is not in the schedule (games 1 to "
                    + schedule.size() + ")");
        }
        ScheduledGame scheduled = schedule.get(game.game() - 1);
        String white = botNames.get(scheduled.white());
        String black = botNames.get(scheduled.black());
        if (!white.equals(game.white()) || !black.equals(game.black())) {
            throw new OutputFolderException(where + "game " + game.game() + " is scheduled as " + white + " (white) against "
                    + black + " (black), the line says " + game.white() + " against " + game.black());
        }
        String expectedFile = GAMES_DIR + "/" + gameFileName(game.game(), schedule.size());
        if (!expectedFile.equals(game.file())) {
            throw new OutputFolderException(where + "game " + game.game() + " names the log '" + game.file()
                    + "', but its log is " + expectedFile);
        }
        if (game.result() == null || game.termination() == null) {
            throw new OutputFolderException(where + "game " + game.game() + " has no result or termination");
        }
    }

    /** Whether the game's log is there, readable, and the log of that game with that result; else it is played again. */
    private boolean hasItsLog(FinishedGame game) {
        Path log = dir.resolve(game.file());
        if (!Files.isRegularFile(log)) {
            return false;
        }
        try {
            GameRecord record = Json.mapper().readValue(log.toFile(), GameRecord.class);
            return record.tournament() != null && record.tournament().game() == game.game()
                    && game.white().equals(record.white().name()) && game.black().equals(record.black().name())
                    && game.result() == record.result() && game.termination() == record.termination();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Plays the games not yet finished, {@code concurrency} at a time, and returns the final standings. */
    public StandingsDocument play(int concurrency) throws Exception {
        Set<Integer> done = finished.stream().map(FinishedGame::game).collect(Collectors.toSet());
        Iterator<ScheduledGame> pending = schedule.stream().filter(g -> !done.contains(g.number())).iterator();
        observer.started(schedule.size(), finished.size());
        try {
            writeStandings();
            try (Journal journal = Journal.open(dir)) {
                new GamePool(concurrency).run(
                        () -> pending.hasNext() ? Optional.of(setup(pending.next())) : Optional.empty(),
                        record -> {
                            commit(record, journal);
                            return true;
                        });
            }
            return writeStandings();
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

    private GameSetup setup(ScheduledGame game) {
        BotEntry white = definition.bots().get(game.white());
        BotEntry black = definition.bots().get(game.black());
        return GameSetup.of(new Entrant(white.name(), white.botCommand()), new Entrant(black.name(), black.botCommand()),
                        definition.timeControl())
                .withOpening(game.opening())
                .withTournament(new GameRecord.TournamentGame(definition.name(), game.number(), schedule.size(), game.pair()))
                // No bot may see the records (or, through the tournament file, the other bots' commands).
                .withIsolation(definition.isolation().hiding(file == null ? List.of(dir) : List.of(dir, file)));
    }

    private void commit(GameRecord record, Journal journal) throws IOException {
        String name = GAMES_DIR + "/" + gameFileName(record.tournament().game(), schedule.size());
        Json.writeFile(dir.resolve(name), record);
        FinishedGame game = FinishedGame.of(record, name);
        journal.append(game);
        finished.add(game);
        StandingsDocument standings = writeStandings();
        observer.finished(game, standings.standings(), finished.size(), schedule.size());
    }

    private StandingsDocument writeStandings() throws IOException {
        StandingsDocument document = new StandingsDocument(StandingsDocument.SCHEMA, definition.name(),
                Version.current(), Instant.now().toString(), finished.size(), schedule.size(),
                finished.size() == schedule.size(), Standings.compute(botNames, finished),
                Standings.crosstable(botNames, finished));
        Json.writeFile(dir.resolve(STANDINGS_FILE), document);
        return document;
    }

    /** {@code 0007.json}: zero-padded so that the files sort by game number. */
    static String gameFileName(int number, int total) {
        int width = Math.max(4, Integer.toString(total).length());
        return String.format("%0" + width + "d.json", number);
    }
}
