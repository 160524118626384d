package caissa.arena.tournament;

import caissa.arena.game.GameRecord;
import caissa.arena.input.BadInputException;
import caissa.arena.records.DisagreeingRecordException;
import caissa.arena.records.FolderCheck;
import caissa.arena.records.FolderCheck.Mode;
import caissa.arena.records.FolderCheck.Verified;
import caissa.arena.records.GameFiles;
import caissa.arena.records.GameLogCheck;
import caissa.arena.records.GameLogs;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.Problems;
import caissa.arena.records.TournamentLayout;
import caissa.arena.rules.Move;
import caissa.arena.runner.Shard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The records of a tournament's output folder (a whole run, a shard or a merged folder) against
 * their moves, their journal and their schedule: every journaled game's log is judged by
 * {@link GameLogCheck} with its journal line, its players and its opening, and every other log
 * in {@code games/} by its opening and moves. Used by {@code verify} and {@code report}; merge and
 * resume judge the logs they take through the same {@link #expected}.
 */
public final class RunCheck {

    private RunCheck() {}

    /**
     * @throws DisagreeingRecordException at the first log or journal line that disagrees, naming it
     * @throws OutputFolderException when the folder is not a tournament's (in {@link Mode#STRICT})
     */
    public static Verified check(Path dir, Mode mode) throws IOException {
        return checkAndDerive(dir, mode).verified();
    }

    /**
     * What a check of a folder found: its logs judged, and the standings as the journal's games
     * give them (empty when the folder has no readable definition, or is a shard that continued
     * from games it does not hold, so that its standings cannot be rebuilt from it alone).
     */
    public record Checked(Verified verified, Optional<StandingsDocument> standings) {}

    /**
     * As {@link #check}, and the folder's standings rebuilt from its journal; in {@link Mode#STRICT},
     * a {@code standings.json} that does not agree with them is a record that disagrees.
     */
    public static Checked checkAndDerive(Path dir, Mode mode) throws IOException {
        Path recordFile = dir.resolve(TournamentLayout.RECORD_FILE);
        Optional<TournamentRecord> record = readRecord(recordFile, mode);
        Optional<TournamentDefinition> read = record.flatMap(r -> definition(recordFile, r, mode));
        if (read.isEmpty()) {
            // Without the run's definition, each log is judged by its own moves.
            return new Checked(
                    new Verified(checkUnjournaled(dir, Map.of(), Optional.empty(), mode), "game logs"),
                    Optional.empty());
        }
        TournamentDefinition definition = read.get();
        Plan plan = Plan.of(definition);
        List<String> names = definition.bots().stream().map(BotEntry::name).toList();
        Path journalFile = dir.resolve(TournamentLayout.JOURNAL_FILE);
        List<Journal.Line> lines;
        try {
            lines = Journal.readLines(dir);
        } catch (BadInputException e) {
            if (mode == Mode.STRICT) {
                throw e;
            }
            // The report judges the logs without the journal it cannot read.
            lines = List.of();
        } catch (IOException e) {
            if (mode == Mode.STRICT) {
                // Damaged, not contradicted: refused as a file that cannot be read. A line that is
                // not a journal entry is named with its number already.
                String problem = oneLine(e);
                throw new OutputFolderException(
                        problem.startsWith(journalFile + ":") ? problem : journalFile + ": cannot be read: " + problem);
            }
            lines = List.of();
        }
        Map<Integer, Journal.Line> latest = new TreeMap<>();
        for (Journal.Line line : lines) {
            FinishedGame game = line.game();
            String where = journalFile + ":" + line.number();
            if (game.game() < 1 || game.game() > plan.totalGames()) {
                throw new DisagreeingRecordException(
                        where,
                        "game " + game.game() + " is not in the schedule (games 1 to " + plan.totalGames() + ")");
            }
            String expectedFile = TournamentLayout.GAMES_DIR + "/" + GameFiles.name(game.game(), plan.totalGames());
            if (!expectedFile.equals(game.file())) {
                throw new DisagreeingRecordException(
                        where,
                        "game " + game.game() + " names the log '" + game.file() + "', but its log is " + expectedFile);
            }
            if (game.result() == null || game.termination() == null) {
                throw new DisagreeingRecordException(where, "game " + game.game() + " has no result or termination");
            }
            latest.put(game.game(), line);
        }
        Map<Integer, FinishedGame> finished = new TreeMap<>();
        latest.forEach((number, line) -> finished.put(number, line.game()));
        Map<Integer, ScheduledGame> scheduled = new HashMap<>();
        plan.progress(finished).scheduled().forEach(g -> scheduled.put(g.number(), g));
        OpeningsByGame openings = new OpeningsByGame(definition);
        int checked = 0;
        for (Journal.Line line : latest.values()) {
            FinishedGame game = line.game();
            String where = journalFile + ":" + line.number();
            ScheduledGame slot = scheduled.get(game.game());
            if (slot != null && !Plan.matches(slot, game, names)) {
                throw new DisagreeingRecordException(
                        where,
                        "game " + game.game() + " is " + game.white() + " vs "
                                + game.black() + ", but the schedule says " + names.get(slot.white()) + " vs "
                                + names.get(slot.black()));
            }
            Path file = dir.resolve(game.file());
            if (!Files.exists(file)) {
                if (mode == Mode.STRICT) {
                    throw new DisagreeingRecordException(
                            where, "game " + game.game() + " is journaled, but its log " + game.file() + " is missing");
                }
                continue;
            }
            Optional<GameRecord> log = readLog(file, mode);
            if (log.isEmpty()) {
                continue;
            }
            FolderCheck.judge(file, log.get(), expected(game, openings));
            checked++;
        }
        checked += checkUnjournaled(dir, latest, Optional.of(openings), mode);
        TournamentRecord.ShardRecord shard = record.get().shard();
        String what = shard == null
                ? "the tournament " + definition.name()
                : "shard " + shard.index() + "/" + shard.count() + " of " + definition.name();
        Optional<StandingsDocument> standings = derive(plan, shard, finished);
        if (mode == Mode.STRICT && standings.isPresent()) {
            List<Journal.Line> journal = lines;
            StandingsCheck.judge(
                    dir.resolve(TournamentLayout.STANDINGS_FILE),
                    standings.get(),
                    played -> derive(plan, shard, firstGames(journal, played)));
        }
        return new Checked(new Verified(checked, what), standings);
    }

    /**
     * The standings the run wrote after these games, as {@link Tournament} makes them. A shard's
     * count only its own games; one that continued from earlier batches (a later Swiss round) ranks
     * them with games held elsewhere, and is not rebuilt here.
     */
    private static Optional<StandingsDocument> derive(
            Plan plan, TournamentRecord.ShardRecord shard, Map<Integer, FinishedGame> finished) {
        if (shard == null) {
            return Optional.of(Tournament.standings(
                    plan,
                    finished,
                    finished.size(),
                    plan.totalGames(),
                    plan.progress(finished).current().isEmpty()));
        }
        Optional<Plan.Batch> first = plan.progress(Map.of()).current();
        if (first.isEmpty() || first.get().index() != shard.batch()) {
            return Optional.empty();
        }
        int total = new Shard(shard.index(), shard.count())
                .share(first.get().games())
                .size();
        return Optional.of(Tournament.standings(plan, finished, finished.size(), total, finished.size() == total));
    }

    /**
     * The games of the journal's first lines that hold {@code played} games (a game journaled
     * again counts once, its last line winning): what the standings said when the run wrote them
     * last, at most a second before it was stopped.
     */
    private static Map<Integer, FinishedGame> firstGames(List<Journal.Line> lines, int played) {
        Map<Integer, FinishedGame> games = new TreeMap<>();
        for (Journal.Line line : lines) {
            if (games.size() == played && !games.containsKey(line.game().game())) {
                break;
            }
            games.put(line.game().game(), line.game());
        }
        return games;
    }

    /** What the records say of a journaled game: its players, its opening and its journal line. */
    static GameLogCheck.Expected expected(FinishedGame game, OpeningsByGame openings) {
        return GameLogCheck.Expected.game(game.game())
                .withPlayers(game.white(), game.black())
                .withOpening(openings.of(game.game()))
                .withJournal(game.result(), game.termination());
    }

    /** The logs in games/ without a journal line (written by a run killed before its journal line), by opening and moves. */
    private static int checkUnjournaled(
            Path dir, Map<Integer, Journal.Line> journaled, Optional<OpeningsByGame> openings, Mode mode)
            throws IOException {
        Path games = dir.resolve(TournamentLayout.GAMES_DIR);
        if (!Files.isDirectory(games)) {
            if (mode == Mode.STRICT && openings.isEmpty()) {
                throw new OutputFolderException(dir + " is not an output folder of the arena: it has neither "
                        + TournamentLayout.RECORD_FILE + " nor " + TournamentLayout.GAMES_DIR + "/");
            }
            return 0;
        }
        int checked = 0;
        for (Path file : GameLogs.files(games, name -> GameFiles.number(name).isPresent())) {
            int number = GameFiles.number(file.getFileName().toString()).getAsInt();
            Journal.Line line = journaled.get(number);
            if (line != null && dir.resolve(line.game().file()).equals(file)) {
                continue;
            }
            Optional<GameRecord> record = readLog(file, mode);
            if (record.isEmpty()) {
                continue;
            }
            if (openings.isPresent()) {
                FolderCheck.judge(
                        file,
                        record.get(),
                        GameLogCheck.Expected.game(number)
                                .withOpening(openings.get().of(number)));
            } else if (GameLogCheck.check(record.get()) instanceof GameLogCheck.Verdict.Disagrees disagrees) {
                throw new DisagreeingRecordException(file, disagrees.what());
            }
            checked++;
        }
        return checked;
    }

    private static Optional<TournamentRecord> readRecord(Path file, Mode mode) throws IOException {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.mapper()
                    .readValue(InputFiles.readRecord(file, InputFiles.RECORD_CAP), TournamentRecord.class));
        } catch (BadInputException e) {
            if (mode == Mode.STRICT) {
                throw e;
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            if (mode == Mode.STRICT) {
                throw new OutputFolderException(file + " cannot be read: " + oneLine(e));
            }
            return Optional.empty();
        }
    }

    private static Optional<TournamentDefinition> definition(Path file, TournamentRecord record, Mode mode) {
        try {
            if (record.definition() == null) {
                throw new IllegalArgumentException("it has no definition");
            }
            return Optional.of(record.definition().toDefinition());
        } catch (RuntimeException e) {
            if (mode == Mode.STRICT) {
                throw new OutputFolderException(file + " cannot be read: " + oneLine(e));
            }
            return Optional.empty();
        }
    }

    private static Optional<GameRecord> readLog(Path file, Mode mode) throws IOException {
        try {
            return Optional.of(GameLogs.read(file));
        } catch (BadInputException e) {
            // Not a regular file, or over its cap: refused as input, as every command refuses it.
            if (mode == Mode.STRICT) {
                throw e;
            }
            return Optional.empty();
        } catch (IOException e) {
            if (mode == Mode.STRICT) {
                throw new DisagreeingRecordException(file, "is not a game log that can be read: " + oneLine(e));
            }
            // The report names the logs it cannot read.
            return Optional.empty();
        }
    }

    private static String oneLine(Exception e) {
        return Problems.ofRecord(e);
    }

    /**
     * The openings of a run by game number: a game pair's opening depends only on the definition and
     * the pair (games 2k-1 and 2k are pair k, across every stage; see {@link RunOpenings}), drawn once a pair.
     */
    static final class OpeningsByGame {
        private final TournamentDefinition definition;
        private int lastPair = -1;
        private List<Move> last;

        OpeningsByGame(TournamentDefinition definition) {
            this.definition = definition;
        }

        List<Move> of(int game) {
            int pair = (game + 1) / 2;
            if (pair != lastPair) {
                last = RunOpenings.of(definition, pair).moves();
                lastPair = pair;
            }
            return last;
        }
    }
}
