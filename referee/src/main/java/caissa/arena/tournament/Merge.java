package caissa.arena.tournament;

import caissa.arena.game.GameRecord;
import caissa.arena.records.AtomicFiles;
import caissa.arena.records.DisagreeingRecordException;
import caissa.arena.records.FolderCheck;
import caissa.arena.records.FolderLock;
import caissa.arena.records.Folders;
import caissa.arena.records.GameFiles;
import caissa.arena.records.GameLogs;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.Problems;
import caissa.arena.records.TournamentLayout;
import caissa.arena.runner.Shard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Puts the shards of one batch together into one output folder, as if one process had played
 * them: the game logs, the journal (in game order), tournament.json and the standings. The
 * shards must come from the same tournament file and settings and the same batch, and together
 * hold every game of the batch exactly once. The folder may already hold the merged batches
 * before (a Swiss round by round); after merging, its first unfinished batch is the next one to
 * run, so merging a Swiss round yields the next round's pairings.
 */
public final class Merge {

    /** What a merge did: the batch merged, its games, and the batch to run next, if any. */
    public record Result(
            Plan.Batch merged,
            int games,
            Optional<Plan.Batch> next,
            StandingsDocument standings,
            List<String> botNames) {}

    private Merge() {}

    /**
     * @throws OutputFolderException when the shards do not fit together or with the folder, with a
     *     sentence naming the shard folder and the game
     */
    public static Result merge(Path out, List<Path> shardDirs) throws IOException {
        if (shardDirs.isEmpty()) {
            throw new OutputFolderException("no shard folders given");
        }
        List<TournamentRecord> records = new ArrayList<>();
        for (Path dir : shardDirs) {
            TournamentRecord record = readRecord(dir);
            if (record.shard() == null) {
                throw new OutputFolderException(dir + ": not a shard's folder (its " + TournamentLayout.RECORD_FILE
                        + " has no shard; it was run without --shard)");
            }
            records.add(record);
        }
        TournamentRecord first = records.get(0);
        Map<Integer, Path> byIndex = new TreeMap<>();
        for (int i = 0; i < records.size(); i++) {
            TournamentRecord r = records.get(i);
            Path dir = shardDirs.get(i);
            List<String> changes = first.definition().differences(r.definition());
            if (!changes.isEmpty()) {
                throw new OutputFolderException(dir + ": from another tournament or other settings than "
                        + shardDirs.get(0) + ": " + String.join(", ", changes));
            }
            if (r.shard().count() != first.shard().count()
                    || r.shard().batch() != first.shard().batch()) {
                throw new OutputFolderException(dir + ": shard " + r.shard().index() + "/"
                        + r.shard().count()
                        + " of batch " + r.shard().batch() + " does not go with shard "
                        + first.shard().index() + "/"
                        + first.shard().count() + " of batch " + first.shard().batch() + " in " + shardDirs.get(0));
            }
            Path earlier = byIndex.put(r.shard().index(), dir);
            if (earlier != null) {
                throw new OutputFolderException("shard " + r.shard().index() + "/"
                        + r.shard().count() + " is given twice: " + earlier + " and " + dir);
            }
        }
        TournamentDefinition definition = first.definition().toDefinition();
        Plan plan = Plan.of(definition);
        List<String> names = definition.bots().stream().map(BotEntry::name).toList();

        Map<Integer, FinishedGame> merged =
                Files.exists(out.resolve(TournamentLayout.RECORD_FILE)) ? readMerged(out, definition) : new TreeMap<>();
        if (!Files.exists(out.resolve(TournamentLayout.RECORD_FILE)) && Files.isDirectory(out)) {
            try (Stream<Path> entries = Files.list(out)) {
                if (entries.findAny().isPresent()) {
                    throw new OutputFolderException(out + " holds files but no " + TournamentLayout.RECORD_FILE
                            + ": choose an empty folder or the merged folder of this tournament");
                }
            }
        }
        Optional<Plan.Batch> current = plan.progress(merged).current();
        if (current.isEmpty() || current.get().index() != first.shard().batch()) {
            throw new OutputFolderException("the shards played batch "
                    + first.shard().batch() + " (" + first.shard().stage()
                    + (first.shard().round() > 0 ? " round " + first.shard().round() : "") + "), but " + out
                    + (current.isEmpty()
                            ? " holds the whole tournament already"
                            : " needs batch " + current.get().index() + " ("
                                    + current.get().describe() + ") next"));
        }
        Plan.Batch batch = current.get();
        Map<Integer, ScheduledGame> scheduled = new LinkedHashMap<>();
        batch.games().forEach(g -> scheduled.put(g.number(), g));

        Map<Integer, FinishedGame> found = new TreeMap<>();
        Map<Integer, Path> foundIn = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        for (Path dir : shardDirs) {
            for (FinishedGame game : latestGames(dir).values()) {
                ScheduledGame g = scheduled.get(game.game());
                if (g == null) {
                    problems.add(dir + ": game " + game.game() + " is not in batch " + batch.index() + " ("
                            + batch.describe() + ")");
                    continue;
                }
                if (!Plan.matches(g, game, names)) {
                    problems.add(dir + ": game " + game.game() + " is " + game.white() + " vs " + game.black()
                            + ", but the schedule says " + names.get(g.white()) + " vs " + names.get(g.black())
                            + " (was the shard run with another --from?)");
                    continue;
                }
                String expectedFile = TournamentLayout.GAMES_DIR + "/" + GameFiles.name(game.game(), plan.totalGames());
                if (!game.file().equals(expectedFile)) {
                    problems.add(
                            dir + ": game " + game.game() + " names its log " + game.file() + ", not " + expectedFile);
                    continue;
                }
                Path other = foundIn.putIfAbsent(game.game(), dir);
                if (other != null) {
                    problems.add("game " + game.game() + " (" + game.white() + " vs " + game.black()
                            + ") is duplicated: it is in " + other + " and in " + dir);
                    continue;
                }
                found.put(game.game(), game);
            }
        }
        int firstPair = batch.games().get(0).pair();
        int count = first.shard().count();
        for (ScheduledGame g : batch.games()) {
            if (!found.containsKey(g.number()) && !foundIn.containsKey(g.number())) {
                int owner = Shard.ownerOf(g.pair() - firstPair, count);
                Path ownerDir = byIndex.get(owner);
                problems.add("game " + g.number() + " (" + names.get(g.white()) + " vs " + names.get(g.black())
                        + ") is missing: shard " + owner + "/" + count
                        + (ownerDir == null ? " was not given" : " (" + ownerDir + ") has not played it"));
            }
        }
        if (!problems.isEmpty()) {
            throw new OutputFolderException(problems.size() + " problem" + (problems.size() == 1 ? "" : "s")
                    + ", nothing written: " + String.join("; ", problems.subList(0, Math.min(problems.size(), 20)))
                    + (problems.size() > 20 ? "; …" : ""));
        }
        // Every log is replayed against its journal line, its schedule and its moves before anything is written.
        RunCheck.OpeningsByGame openings = new RunCheck.OpeningsByGame(definition);
        for (FinishedGame game : found.values()) {
            Path log = foundIn.get(game.game()).resolve(game.file());
            GameRecord record;
            try {
                record = GameLogs.read(log);
            } catch (IOException e) {
                throw new DisagreeingRecordException(
                        log, "is not a game log that can be read: " + Problems.ofRecord(e));
            }
            FolderCheck.judge(log, record, RunCheck.expected(game, openings));
        }

        // Write: logs first, then the journal lines, then the records, so a merge killed midway
        // leaves a folder that a second merge of the same shards completes.
        Folders.createOwn(out.resolve(TournamentLayout.GAMES_DIR));
        try (FolderLock lock = FolderLock.tryAcquire(out)
                .orElseThrow(() -> new OutputFolderException(
                        out + " is in use by another run of the arena; wait for it to end"))) {
            return write(out, plan, records, first, merged, found, foundIn, batch, names);
        }
    }

    private static Result write(
            Path out,
            Plan plan,
            List<TournamentRecord> records,
            TournamentRecord first,
            Map<Integer, FinishedGame> merged,
            Map<Integer, FinishedGame> found,
            Map<Integer, Path> foundIn,
            Plan.Batch batch,
            List<String> names)
            throws IOException {
        if (!Files.exists(out.resolve(TournamentLayout.RECORD_FILE))) {
            String startedAt = records.stream()
                    .map(TournamentRecord::startedAt)
                    .sorted()
                    .findFirst()
                    .orElseThrow();
            Json.writeFile(
                    out.resolve(TournamentLayout.RECORD_FILE),
                    new TournamentRecord(
                            TournamentRecord.SCHEMA,
                            first.arenaVersion(),
                            startedAt,
                            first.file(),
                            first.definition(),
                            first.games(),
                            null,
                            first.broken(),
                            first.isolation()));
        }
        try (Journal journal = Journal.open(out)) {
            for (FinishedGame game : found.values()) {
                if (merged.containsKey(game.game())) {
                    continue;
                }
                AtomicFiles.write(
                        out.resolve(game.file()),
                        InputFiles.readRecord(foundIn.get(game.game()).resolve(game.file()), InputFiles.GAME_LOG_CAP));
                journal.append(game);
                merged.put(game.game(), game);
            }
        }
        Optional<Plan.Batch> next = plan.progress(merged).current();
        StandingsDocument standings =
                Tournament.standings(plan, merged, merged.size(), plan.totalGames(), next.isEmpty());
        Json.writeFile(out.resolve(TournamentLayout.STANDINGS_FILE), standings);
        return new Result(batch, found.size(), next, standings, names);
    }

    /**
     * The finished games of a merged (or whole-run) folder of this tournament, by number.
     *
     * @throws OutputFolderException when it is not one
     */
    static Map<Integer, FinishedGame> readMerged(Path dir, TournamentDefinition definition) throws IOException {
        TournamentRecord record = readRecord(dir);
        if (record.shard() != null) {
            throw new OutputFolderException(dir + " is a shard's folder; give the merged folder");
        }
        List<String> changes = record.definition().differences(TournamentRecord.Definition.of(definition));
        if (!changes.isEmpty()) {
            throw new OutputFolderException(
                    dir + " holds another tournament or other settings: " + String.join(", ", changes));
        }
        return latestGames(dir);
    }

    private static TournamentRecord readRecord(Path dir) throws IOException {
        Path file = dir.resolve(TournamentLayout.RECORD_FILE);
        if (!Files.isRegularFile(file)) {
            throw new OutputFolderException(
                    dir + ": no " + TournamentLayout.RECORD_FILE + " (not a tournament's output folder)");
        }
        try {
            return Json.mapper().readValue(InputFiles.readRecord(file, InputFiles.RECORD_CAP), TournamentRecord.class);
        } catch (IOException e) {
            throw new OutputFolderException(file + " cannot be read: " + Problems.ofRecord(e));
        }
    }

    /** The journal's games whose logs are there; a game's last line wins. */
    private static Map<Integer, FinishedGame> latestGames(Path dir) throws IOException {
        Map<Integer, FinishedGame> games = new TreeMap<>();
        List<FinishedGame> journal;
        try {
            journal = Journal.read(dir);
        } catch (IOException e) {
            throw new OutputFolderException(e.getMessage());
        }
        for (FinishedGame game : journal) {
            if (Files.isRegularFile(dir.resolve(game.file()))) {
                games.put(game.game(), game);
            } else {
                games.remove(game.game());
            }
        }
        return games;
    }
}
