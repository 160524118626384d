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
public final class Tournament {

    public static final String RECORD_FILE = "tournament.json";
    public static final String STANDINGS_FILE = "standings.json";
    public static final String GAMES_DIR = "games";

    private final TournamentDefinition definition;
    private final Path file;
    private final Path dir;
    private final Plan plan;
    private final List<String> botNames;
    private final Optional<Shard> shard;
    /** Games of earlier batches, read from the {@code from} folder (shards only). */
    private final Map<Integer, FinishedGame> earlier;
    private final Map<Integer, FinishedGame> finished = new TreeMap<>();
    private final TournamentObserver observer;
    private final Optional<Plan.Batch> shardBatch;

    private Tournament(TournamentDefinition definition, Path file, Path dir, TournamentObserver observer,
            Optional<Shard> shard, Map<Integer, FinishedGame> earlier) {
        this.definition = definition;
        this.file = file;
        this.dir = dir;
        this.observer = observer;
        this.plan = Plan.of(definition);
        this.botNames = definition.bots().stream().map(BotEntry::name).toList();
        this.shard = shard;
        this.earlier = earlier;
        this.shardBatch = shard.isPresent() ? plan.progress(earlier).current() : Optional.empty();
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
        return open(definition, file, dir, resume, observer, Optional.empty(), Optional.empty());
    }

    /**
     * As {@link #open(TournamentDefinition, Path, Path, boolean, TournamentObserver)}, for one shard
     * of the first batch not finished in {@code from} (a merged folder of the same tournament; none
     * for the first batch).
     */
    public static Tournament open(TournamentDefinition definition, Path file, Path dir, boolean resume,
            TournamentObserver observer, Optional<Shard> shard, Optional<Path> from) throws IOException {
        Map<Integer, FinishedGame> earlier = new TreeMap<>();
        if (from.isPresent()) {
            if (shard.isEmpty()) {
                throw new OutputFolderException("--from is for shards: give --shard too");
            }
            earlier.putAll(Merge.readMerged(from.get(), definition));
        }
        Tournament tournament = new Tournament(definition, file, dir, observer, shard, earlier);
        if (shard.isPresent() && tournament.shardBatch.isEmpty()) {
            throw new OutputFolderException("--shard: the tournament is over" + from.map(f -> " in " + f).orElse("")
                    + ": there is nothing left to play");
        }
        if (resume) {
            tournament.prepareResume();
        } else {
            tournament.prepareFresh();
        }
        return tournament;
    }

    /** Games already finished (on resume) and games in all (of this shard's share, for a shard). */
    public int finishedGames() {
        return finished.size();
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
                TournamentRecord.Definition.of(definition), plan.totalGames(), shardRecord);
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
        Json.writeFile(dir.resolve(RECORD_FILE), record());
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
        TournamentRecord.ShardRecord expected = record().shard();
        if (!java.util.Objects.equals(stored.shard(), expected)) {
            throw new OutputFolderException("--resume: " + dir + " holds " + describe(stored.shard()) + ", not "
                    + describe(expected) + " (check --shard and --from)");
        }
        Files.createDirectories(dir.resolve(GAMES_DIR));
        List<FinishedGame> journal;
        try {
            journal = Journal.read(dir);
        } catch (IOException e) {
            throw new OutputFolderException("--resume: " + e.getMessage());
        }
        // The last line of a game wins: a game whose log was lost is played again and journaled again.
        Map<Integer, FinishedGame> latest = new LinkedHashMap<>();
        for (FinishedGame game : journal) {
            if (Files.isRegularFile(dir.resolve(game.file()))) {
                latest.put(game.game(), game);
            } else {
                latest.remove(game.game());
            }
        }
        // Only games of the schedule count, with the colours it gives: the schedule of a Swiss
        // round follows from the games before it, so it is worked out from the journal itself.
        Map<Integer, FinishedGame> all = new TreeMap<>(earlier);
        all.putAll(latest);
        Plan.Progress progress = plan.progress(all);
        List<ScheduledGame> mine = shardBatch.isPresent() ? shard.get().share(shardBatch.get().games()) : progress.scheduled();
        for (ScheduledGame g : mine) {
            FinishedGame game = latest.get(g.number());
            if (Plan.matches(g, game, botNames)) {
                finished.put(g.number(), game);
            }
        }
    }

    private static String describe(TournamentRecord.ShardRecord shard) {
        return shard == null ? "a whole run" : "shard " + shard.index() + "/" + shard.count() + " of batch " + shard.batch();
    }

    /** Plays the games not yet finished, {@code concurrency} at a time, and returns the final standings. */
    public StandingsDocument play(int concurrency) throws Exception {
        observer.started(totalGames(), finished.size());
        writeStandings();
        try (Journal journal = Journal.open(dir)) {
            while (true) {
                List<ScheduledGame> batch;
                if (shardBatch.isPresent()) {
                    batch = shard.get().share(shardBatch.get().games());
                } else {
                    Optional<Plan.Batch> current = plan.progress(all()).current();
                    if (current.isEmpty()) {
                        break;
                    }
                    batch = current.get().games();
                }
                Iterator<ScheduledGame> pending = batch.stream().filter(g -> !finished.containsKey(g.number())).iterator();
                if (!pending.hasNext()) {
                    break;
                }
                new GamePool(concurrency).run(
                        () -> pending.hasNext() ? Optional.of(setup(pending.next())) : Optional.empty(),
                        record -> {
                            commit(record, journal);
                            return true;
                        });
                if (batch.stream().anyMatch(g -> !finished.containsKey(g.number())) || shardBatch.isPresent()) {
                    // Stopped early (the arena is stopping) or a shard's share is done.
                    break;
                }
            }
        }
        return writeStandings();
    }

    private Map<Integer, FinishedGame> all() {
        Map<Integer, FinishedGame> all = new TreeMap<>(earlier);
        all.putAll(finished);
        return all;
    }

    private GameSetup setup(ScheduledGame game) {
        BotEntry white = definition.bots().get(game.white());
        BotEntry black = definition.bots().get(game.black());
        return GameSetup.of(new Entrant(white.name(), white.botCommand()), new Entrant(black.name(), black.botCommand()),
                        definition.timeControl())
                .withOpening(game.opening())
                .withTournament(new GameRecord.TournamentGame(definition.name(), game.number(), plan.totalGames(),
                        game.pair()));
    }

    private void commit(GameRecord record, Journal journal) throws IOException {
        String name = GAMES_DIR + "/" + gameFileName(record.tournament().game(), plan.totalGames());
        Json.writeFile(dir.resolve(name), record);
        FinishedGame game = FinishedGame.of(record, name);
        journal.append(game);
        finished.put(game.game(), game);
        StandingsDocument standings = writeStandings();
        observer.finished(game, standings.standings(), finished.size(), totalGames());
    }

    private StandingsDocument writeStandings() throws IOException {
        Map<Integer, FinishedGame> all = all();
        boolean complete = shardBatch.isPresent() ? finished.size() == totalGames() : plan.progress(all).current().isEmpty();
        StandingsDocument document = standings(plan, all, shardBatch.isPresent() ? finished.size() : all.size(),
                totalGames(), complete);
        Json.writeFile(dir.resolve(STANDINGS_FILE), document);
        return document;
    }

    /** The standings document of a run after the given finished games (of every batch). */
    static StandingsDocument standings(Plan plan, Map<Integer, FinishedGame> games, int played, int total,
            boolean complete) {
        TournamentDefinition definition = plan.definition();
        List<String> names = definition.bots().stream().map(BotEntry::name).toList();
        Plan.Progress progress = plan.progress(games);
        List<StandingsDocument.Stage> stages = new ArrayList<>();
        List<String> stageNames = progress.known().stream().map(Plan.Batch::stage).distinct().toList();
        for (String stage : stageNames) {
            List<FinishedGame> stageGames = progress.gamesOf(stage);
            List<Plan.Batch> batches = progress.known().stream().filter(b -> b.stage().equals(stage)).toList();
            int stageTotal = plan.stageGames(stage);
            List<Standing> table;
            Map<String, Map<String, CrossEntry>> cross;
            if (stage.equals(Plan.SWISS)) {
                table = Standings.swiss(names, stageGames, SwissPairing.Scores.after(names.size(), progress.swissRounds()));
                cross = Standings.crosstable(names, stageGames);
            } else {
                List<String> players = stage.equals(Plan.FINAL) ? finalists(batches.get(0), names) : names;
                table = Standings.compute(players, stageGames);
                cross = Standings.crosstable(players, stageGames);
            }
            stages.add(new StandingsDocument.Stage(stage, stage.equals(Plan.SWISS) ? batches.size() : 0, stageGames.size(),
                    stageTotal, stageGames.size() == stageTotal, table, cross));
        }
        StandingsDocument.Stage current = stages.get(stages.size() - 1);
        return new StandingsDocument(StandingsDocument.SCHEMA, definition.name(), Version.current(),
                Instant.now().toString(), played, total, complete,
                current.standings(), current.crosstable(), List.copyOf(stages));
    }

    private static List<String> finalists(Plan.Batch batch, List<String> names) {
        List<String> players = new ArrayList<>();
        for (ScheduledGame g : batch.games()) {
            for (int b : new int[] {g.white(), g.black()}) {
                if (!players.contains(names.get(b))) {
                    players.add(names.get(b));
                }
            }
        }
        return players;
    }

    /** {@code 0007.json}: zero-padded so that the files sort by game number. */
    static String gameFileName(int number, int total) {
        int width = Math.max(4, Integer.toString(total).length());
        return String.format("%0" + width + "d.json", number);
    }
}
