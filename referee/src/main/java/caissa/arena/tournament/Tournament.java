package caissa.arena.tournament;

import caissa.arena.Version;
import caissa.arena.game.Entrant;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
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
public final class Tournament {

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
     * @throws OutputFolderException when the folder holds another run (without resume) or nothing
     *     to resume, or the file changed since the run started
     */
    public static Tournament open(TournamentDefinition definition, Path file, Path dir, boolean resume,
            TournamentObserver observer) throws IOException {
        Tournament tournament = new Tournament(definition, file, dir, observer);
        if (resume) {
            tournament.prepareResume();
        } else {
            tournament.prepareFresh();
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
        if (Files.isDirectory(dir)) {
            try (Stream<Path> entries = Files.list(dir)) {
                if (entries.findAny().isPresent()) {
                    throw new OutputFolderException(dir + " already holds files of a run; continue it with --resume,"
                            + " or choose another folder with --out");
                }
            }
        } else if (Files.exists(dir)) {
            throw new OutputFolderException(dir + " exists and is not a folder");
        }
        Files.createDirectories(dir.resolve(GAMES_DIR));
        TournamentRecord record = new TournamentRecord(TournamentRecord.SCHEMA, Version.current(),
                Instant.now().toString(), file.toString(), TournamentRecord.Definition.of(definition), schedule.size());
        Json.writeFile(dir.resolve(RECORD_FILE), record);
    }

    private void prepareResume() throws IOException {
        Path recordFile = dir.resolve(RECORD_FILE);
        if (!Files.isRegularFile(recordFile)) {
            throw new OutputFolderException("--resume: " + dir + " holds no tournament to resume (no " + RECORD_FILE + ")");
        }
        TournamentRecord stored;
        try {
            stored = Json.mapper().readValue(recordFile.toFile(), TournamentRecord.class);
        } catch (IOException e) {
            throw new OutputFolderException("--resume: " + recordFile + " cannot be read: " + e.getMessage());
        }
        List<String> changes = stored.definition().differences(TournamentRecord.Definition.of(definition));
        if (!changes.isEmpty()) {
            throw new OutputFolderException("--resume: " + file + " changed since the run in " + dir + " started: "
                    + String.join(", ", changes));
        }
        Files.createDirectories(dir.resolve(GAMES_DIR));
        Set<Integer> scheduled = schedule.stream().map(ScheduledGame::number).collect(Collectors.toSet());
        List<FinishedGame> journal;
        try {
            journal = Journal.read(dir);
        } catch (IOException e) {
            throw new OutputFolderException("--resume: " + e.getMessage());
        }
        // The last line of a game wins: a game whose log was lost is played again and journaled again.
        Map<Integer, FinishedGame> latest = new LinkedHashMap<>();
        for (FinishedGame game : journal) {
            latest.remove(game.game());
            latest.put(game.game(), game);
        }
        for (FinishedGame game : latest.values()) {
            if (scheduled.contains(game.game()) && Files.isRegularFile(dir.resolve(game.file()))) {
                finished.add(game);
            }
        }
    }

    /** Plays the games not yet finished, {@code concurrency} at a time, and returns the final standings. */
    public StandingsDocument play(int concurrency) throws Exception {
        Set<Integer> done = finished.stream().map(FinishedGame::game).collect(Collectors.toSet());
        Iterator<ScheduledGame> pending = schedule.stream().filter(g -> !done.contains(g.number())).iterator();
        observer.started(schedule.size(), finished.size());
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
