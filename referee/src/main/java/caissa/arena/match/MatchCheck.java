package caissa.arena.match;

import caissa.arena.game.GameRecord;
import caissa.arena.input.BadInputException;
import caissa.arena.records.DisagreeingRecordException;
import caissa.arena.records.FolderCheck;
import caissa.arena.records.GameFiles;
import caissa.arena.records.GameLogCheck;
import caissa.arena.records.GameLogs;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.MatchLayout;
import caissa.arena.records.Problems;
import caissa.arena.rules.Move;
import caissa.arena.rules.Variant;
import caissa.arena.runner.Openings;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The game logs of a match's folder (a whole match, a shard, or merged shards) against their
 * moves and the match's schedule: game n is pair (n+1)/2, the engine is White in odd games, and a
 * pair's opening is drawn from the match's seed. The same judgement as a tournament's, through
 * {@link GameLogCheck}.
 */
public final class MatchCheck {

    /** What the folder says of the match: enough to know each game's players and opening. */
    private record Schedule(
            String engine, String baseline, int openingPlies, long seed, Optional<Variant> variant, boolean book) {}

    private MatchCheck() {}

    /** Whether the folder is a match's: a shard's {@code match.json} or a summary of schema match/1. */
    public static boolean isMatchFolder(Path dir) {
        return MatchMerge.isMatchShard(dir) || schedule(dir).isPresent();
    }

    /**
     * @return the number of logs checked
     * @throws DisagreeingRecordException at the first log that disagrees, naming it
     */
    public static FolderCheck.Verified check(Path dir, FolderCheck.Mode mode) throws IOException {
        Optional<Schedule> schedule = MatchMerge.isMatchShard(dir) ? Optional.of(shardSchedule(dir)) : schedule(dir);
        if (schedule.isEmpty()) {
            throw new BadInputException(dir + " is not a match's folder: it has neither " + MatchLayout.SHARD_FILE
                    + " nor a match's " + MatchLayout.SUMMARY_FILE);
        }
        Schedule s = schedule.get();
        Path games = dir.resolve(MatchLayout.GAMES_DIR);
        int checked = 0;
        for (Path file : GameLogs.files(games, name -> GameFiles.number(name).isPresent())) {
            int number = GameFiles.number(file.getFileName().toString()).getAsInt();
            GameRecord log;
            try {
                log = GameLogs.read(file);
            } catch (BadInputException e) {
                if (mode == FolderCheck.Mode.STRICT) {
                    throw e;
                }
                continue;
            } catch (IOException e) {
                if (mode == FolderCheck.Mode.STRICT) {
                    throw new DisagreeingRecordException(
                            file, "is not a game log that can be read: " + Problems.ofRecord(e));
                }
                continue;
            }
            boolean engineWhite = number % 2 == 1;
            Variant variant = s.variant().orElse(log.variant());
            FolderCheck.judge(
                    file,
                    log,
                    GameLogCheck.Expected.game(number)
                            .withPlayers(
                                    engineWhite ? s.engine() : s.baseline(), engineWhite ? s.baseline() : s.engine())
                            .withOpening(
                                    s.book()
                                            ? bookOpening(variant, log)
                                            : Openings.opening(variant, s.seed(), (number - 1) / 2, s.openingPlies())));
            checked++;
        }
        return new FolderCheck.Verified(checked, "the match " + s.engine() + " vs " + s.baseline());
    }

    private static Schedule shardSchedule(Path dir) throws IOException {
        Path file = dir.resolve(MatchLayout.SHARD_FILE);
        MatchShardRecord record;
        try {
            record =
                    Json.mapper().readValue(InputFiles.readRecord(file, InputFiles.RECORD_CAP), MatchShardRecord.class);
        } catch (IOException e) {
            throw new BadInputException(file + " cannot be read: " + Problems.ofRecord(e));
        }
        return new Schedule(
                record.engine().name(),
                record.baseline().name(),
                record.openingPlies(),
                record.seed(),
                Optional.of(record.variant()),
                record.openings() != null);
    }

    /**
     * A match from a book: its summary names the book file, which may have changed since, so a log's
     * opening is checked against the book line it records (none recorded: no opening expected).
     */
    private static List<Move> bookOpening(Variant variant, GameRecord log) {
        if (log.book() == null) {
            return List.of();
        }
        List<Move> moves = new ArrayList<>();
        for (String token : log.book().text().strip().split("\\s+")) {
            Optional<Move> move = variant.parseMove(token);
            if (move.isEmpty()) {
                return List.of();
            }
            moves.add(move.get());
        }
        return moves;
    }

    /** A whole match's summary names no variant: its logs' own is taken. */
    private static Optional<Schedule> schedule(Path dir) {
        Path file = dir.resolve(MatchLayout.SUMMARY_FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode report = Json.mapper().readTree(InputFiles.readRecord(file, InputFiles.RECORD_CAP));
            JsonNode settings = report == null ? null : report.path("settings");
            if (report == null
                    || !MatchReport.SCHEMA.equals(report.path("schema").asText())
                    || !settings.path("seed").isIntegralNumber()
                    || !settings.path("openingPlies").isInt()) {
                return Optional.empty();
            }
            return Optional.of(new Schedule(
                    report.path("engine").path("name").asText(),
                    report.path("baseline").path("name").asText(),
                    settings.get("openingPlies").asInt(),
                    settings.get("seed").asLong(),
                    Optional.empty(),
                    settings.hasNonNull("openings")));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
