package caissa.arena.match;

import caissa.arena.input.BadInputException;
import caissa.arena.records.FolderCheck;
import caissa.arena.records.GameFiles;
import caissa.arena.records.GameLogs;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.MatchLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Puts the shards of a fixed-length match together: checks they are shares of the same match
 * and hold every game exactly once, copies the game logs and judges the whole match as one run
 * would have ({@code summary.json}).
 */
public final class MatchMerge {

    private MatchMerge() {}

    /** Whether the folder is a match shard's. */
    public static boolean isMatchShard(Path dir) {
        return Files.isRegularFile(dir.resolve(MatchLayout.SHARD_FILE));
    }

    /**
     * @throws BadInputException naming the shard folder and the game when they do not fit
     */
    public static MatchReport merge(Path out, List<Path> shards) throws IOException {
        List<MatchShardRecord> records = new ArrayList<>();
        for (Path dir : shards) {
            if (!isMatchShard(dir)) {
                throw new BadInputException(dir + ": not a match shard's folder (no " + MatchLayout.SHARD_FILE + ")");
            }
            records.add(Json.mapper()
                    .readValue(
                            InputFiles.readRecord(dir.resolve(MatchLayout.SHARD_FILE), InputFiles.RECORD_CAP),
                            MatchShardRecord.class));
        }
        MatchShardRecord first = records.get(0);
        Map<Integer, Path> byIndex = new TreeMap<>();
        for (int i = 0; i < records.size(); i++) {
            if (!records.get(i).sameMatchAs(first)) {
                throw new BadInputException(
                        shards.get(i) + ": from another match or other settings than " + shards.get(0));
            }
            Path earlier = byIndex.put(records.get(i).shard().index(), shards.get(i));
            if (earlier != null) {
                throw new BadInputException("shard " + records.get(i).shard().index() + "/"
                        + first.shard().count() + " is given twice: " + earlier + " and " + shards.get(i));
            }
        }
        Map<Integer, Path> found = new TreeMap<>();
        // The file itself, whatever its padding: a shard written by an earlier version has five digits.
        Map<Integer, Path> logs = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        for (Path dir : shards) {
            Path games = dir.resolve(MatchLayout.GAMES_DIR);
            if (!Files.isDirectory(games)) {
                continue;
            }
            try (Stream<Path> files = Files.list(games)) {
                for (Path file : files.sorted().toList()) {
                    OptionalInt named = GameFiles.number(file.getFileName().toString());
                    if (named.isEmpty()) {
                        continue;
                    }
                    int number = named.getAsInt();
                    if (number < 1 || number > first.games()) {
                        problems.add(
                                file + ": game " + number + " is not in the match (games 1 to " + first.games() + ")");
                        continue;
                    }
                    Path other = found.putIfAbsent(number, dir);
                    logs.putIfAbsent(number, file);
                    if (other != null) {
                        problems.add("game " + number + " is duplicated: it is in " + other + " and in " + dir);
                    }
                }
            }
        }
        int count = first.shard().count();
        for (int number = 1; number <= first.games(); number++) {
            if (!found.containsKey(number)) {
                int owner = ((number + 1) / 2 - 1) % count + 1;
                Path ownerDir = byIndex.get(owner);
                problems.add("game " + number + " is missing: shard " + owner + "/" + count
                        + (ownerDir == null ? " was not given" : " (" + ownerDir + ") has not played it"));
            }
        }
        if (!problems.isEmpty()) {
            throw new BadInputException(problems.size() + " problem" + (problems.size() == 1 ? "" : "s")
                    + ", nothing written: " + String.join("; ", problems.subList(0, Math.min(problems.size(), 20)))
                    + (problems.size() > 20 ? "; …" : ""));
        }
        for (Path dir : shards) {
            // Every log against its moves and the match's schedule before anything is judged or written.
            MatchCheck.check(dir, FolderCheck.Mode.STRICT);
        }
        // The logs are checked above (their numbers are their files'), so the files' order is the games'.
        MatchReport report = Match.judge(first.settings(), out, sink -> {
            for (Path log : logs.values()) {
                sink.accept(GameLogs.read(log));
            }
        });
        Json.writeFile(out.resolve(MatchLayout.SUMMARY_FILE), report);
        return report;
    }
}
