package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.game.GameRecord;
import caissa.arena.records.Json;
import caissa.arena.records.TournamentLayout;
import caissa.arena.runner.Shard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shards of a batch played separately and merged give the folder one process would have written,
 * and merge refuses shards that do not fit together, naming the folder and the game.
 */
class ShardMergeTest {

    @TempDir
    Path dir;

    /**
     * Where the class's one seed-1 round robin ("batch") and its two shards are played, for the
     * tests that only read them or change copies of them: each shard is played once, not per test.
     */
    @TempDir
    static Path batch;

    private static Path batchFile;
    private static final Map<Integer, Path> BATCH_SHARDS = new HashMap<>();

    /** The batch's file, written once: a test bot's command carries a token of its own, and shards must fit together. */
    private static synchronized Path batchFile() throws Exception {
        if (batchFile == null) {
            batchFile = roundRobin(batch, "batch", 1);
        }
        return batchFile;
    }

    /** A copy, in this test's folder, of the batch's shard {@code index}/2, which the test may change. */
    private Path batchShard(int index) throws Exception {
        Path played;
        synchronized (BATCH_SHARDS) {
            played = BATCH_SHARDS.get(index);
            if (played == null) {
                played = shard(batch, batchFile(), index, 2, null);
                BATCH_SHARDS.put(index, played);
            }
        }
        Path copy = dir.resolve("batch-shard-" + index);
        try (Stream<Path> all = Files.walk(played)) {
            for (Path path : all.toList()) {
                Path target = copy.resolve(played.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return copy;
    }

    private Path roundRobin(String name, long seed) throws Exception {
        return roundRobin(dir, name, seed);
    }

    private static Path roundRobin(Path folder, String name, long seed) throws Exception {
        return new TournamentFiles(name)
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .testBot("r3", "random", "3")
                .set("gamesPerPair", 2)
                .set("openingPlies", 2)
                .set("seed", seed)
                .set("timePerGame", "20s")
                .set("firstMoveAllowance", "10s")
                .writeTo(folder.resolve(name + "-" + seed + ".json"));
    }

    private Path shard(Path file, int index, int count, Path from) throws Exception {
        return shard(dir, file, index, count, from);
    }

    private static Path shard(Path folder, Path file, int index, int count, Path from) throws Exception {
        Path out = folder.resolve(
                "shard-" + file.getFileName() + "-" + index + "-" + count + "-" + (from == null ? 0 : 1));
        Tournament.open(
                        TournamentFile.read(file),
                        file,
                        out,
                        false,
                        TournamentObserver.NONE,
                        Optional.of(new Shard(index, count)),
                        Optional.ofNullable(from))
                .play(2);
        return out;
    }

    @Test
    void aShardedAndMergedRoundRobinEqualsAnUnshardedOne() throws Exception {
        Path file = roundRobin("rr", 5);
        StandingsDocument whole = Tournament.open(
                        TournamentFile.read(file), file, dir.resolve("whole"), false, TournamentObserver.NONE)
                .play(2);
        List<Path> shards = List.of(shard(file, 1, 2, null), shard(file, 2, 2, null));

        Merge.Result result = Merge.merge(dir.resolve("merged"), shards);

        assertThat(result.next()).isEmpty();
        StandingsDocument merged =
                Json.mapper().readValue(dir.resolve("merged/standings.json").toFile(), StandingsDocument.class);
        assertThat(merged.standings()).isEqualTo(whole.standings());
        assertThat(merged.crosstable()).isEqualTo(whole.crosstable());
        assertThat(merged.complete()).isTrue();
        List<FinishedGame> journal = Journal.read(dir.resolve("merged"));
        List<FinishedGame> expected = new ArrayList<>(Journal.read(dir.resolve("whole")));
        expected.sort(Comparator.comparingInt(FinishedGame::game));
        assertThat(journal).isEqualTo(expected);
        for (FinishedGame game : journal) {
            GameRecord a = Json.mapper()
                    .readValue(dir.resolve("whole").resolve(game.file()).toFile(), GameRecord.class);
            GameRecord b = Json.mapper()
                    .readValue(dir.resolve("merged").resolve(game.file()).toFile(), GameRecord.class);
            assertThat(b.moves().stream().map(m -> m.move()).toList())
                    .isEqualTo(a.moves().stream().map(m -> m.move()).toList());
            assertThat(b.tournament()).isEqualTo(a.tournament());
        }
        TournamentRecord record =
                Json.mapper().readValue(dir.resolve("merged/tournament.json").toFile(), TournamentRecord.class);
        assertThat(record.shard()).isNull();
        assertThat(record.games()).isEqualTo(6);
    }

    @Test
    void shardsSplitTheBatchByGamePairs() throws Exception {
        List<FinishedGame> first = Journal.read(batchShard(1));
        List<FinishedGame> second = Journal.read(batchShard(2));

        assertThat(first).extracting(FinishedGame::game).containsExactlyInAnyOrder(1, 2, 5, 6);
        assertThat(second).extracting(FinishedGame::game).containsExactlyInAnyOrder(3, 4);
    }

    @Test
    void mergeRefusesAShardOfAnotherTournament() throws Exception {
        Path one = batchShard(1);
        // Beside the batch's file: a bot's folder is the file's, and only the seed may differ.
        Path other = shard(roundRobin(batch, "batch", 2), 2, 2, null);

        assertThatThrownBy(() -> Merge.merge(dir.resolve("merged"), List.of(one, other)))
                .isInstanceOf(OutputFolderException.class)
                .hasMessage(other + ": from another tournament or other settings than " + one + ": seed (1 → 2)");
        assertThat(dir.resolve("merged")).doesNotExist();
    }

    @Test
    void mergeNamesAMissingGame() throws Exception {
        Path one = batchShard(1);
        Path two = batchShard(2);
        // Game 4's line is lost from shard 2's journal: it was never recorded.
        List<String> lines = Files.readAllLines(two.resolve(TournamentLayout.JOURNAL_FILE));
        lines.removeIf(l -> l.contains("\"game\":4,"));
        Files.write(two.resolve(TournamentLayout.JOURNAL_FILE), lines);

        assertThatThrownBy(() -> Merge.merge(dir.resolve("merged"), List.of(one, two)))
                .isInstanceOf(OutputFolderException.class)
                .hasMessageStartingWith("1 problem, nothing written: game 4 (")
                .hasMessageEndingWith(") is missing: shard 2/2 (" + two + ") has not played it");
        assertThatThrownBy(() -> Merge.merge(dir.resolve("merged"), List.of(one)))
                .hasMessageContaining("game 3 (")
                .hasMessageContaining(") is missing: shard 2/2 was not given");
        assertThat(dir.resolve("merged")).doesNotExist();
    }

    @Test
    void mergeNamesADuplicatedGame() throws Exception {
        Path one = batchShard(1);
        Path two = batchShard(2);
        // Shard 2 also holds game 1, as if it had been given shard 1's share too.
        String line = Files.readAllLines(one.resolve(TournamentLayout.JOURNAL_FILE)).stream()
                .filter(l -> l.contains("\"game\":1,"))
                .findFirst()
                .orElseThrow();
        Files.copy(one.resolve("games/0001.json"), two.resolve("games/0001.json"));
        Files.writeString(two.resolve(TournamentLayout.JOURNAL_FILE), line + "\n", StandardOpenOption.APPEND);

        assertThatThrownBy(() -> Merge.merge(dir.resolve("merged"), List.of(one, two)))
                .isInstanceOf(OutputFolderException.class)
                .hasMessageContaining("game 1 (r")
                .hasMessageContaining(") is duplicated: it is in " + one + " and in " + two);
        assertThat(dir.resolve("merged")).doesNotExist();
    }

    @Test
    void mergeRefusesTheSameShardTwiceAndAWholeRun() throws Exception {
        Path file = batchFile();
        Path one = batchShard(1);
        Path copy = dir.resolve("copy");
        Files.createDirectories(copy.resolve("games"));
        try (var files = Files.walk(one)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                Files.copy(p, copy.resolve(one.relativize(p)));
            }
        }
        assertThatThrownBy(() -> Merge.merge(dir.resolve("merged"), List.of(one, copy)))
                .hasMessage("shard 1/2 is given twice: " + one + " and " + copy);

        Path whole = dir.resolve("whole");
        Tournament.open(TournamentFile.read(file), file, whole, false, TournamentObserver.NONE)
                .play(2);
        assertThatThrownBy(() -> Merge.merge(dir.resolve("merged"), List.of(whole)))
                .hasMessageContaining(whole + ": not a shard's folder");
    }

    @Test
    void aShardedSwissWithAFinalMergedRoundByRoundEqualsAnUnshardedOne() throws Exception {
        Path file = new TournamentFiles("swiss")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .testBot("r3", "random", "3")
                .testBot("r4", "random", "4")
                .testBot("r5", "random", "5")
                .set("format", "swiss")
                .set("rounds", 2)
                .set("final", Map.of("top", 2, "gamesPerPair", 2))
                .set("openingPlies", 2)
                .set("seed", 7)
                .set("timePerGame", "20s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("swiss.json"));
        StandingsDocument whole = Tournament.open(
                        TournamentFile.read(file), file, dir.resolve("whole"), false, TournamentObserver.NONE)
                .play(2);
        Path merged = dir.resolve("merged");

        Merge.Result round1 = Merge.merge(merged, List.of(shard(file, 1, 2, null), shard(file, 2, 2, null)));
        assertThat(round1.next())
                .hasValueSatisfying(b -> assertThat(b.describe()).isEqualTo("swiss round 2"));
        Path[] round2Shards = {dir.resolve("r2-1"), dir.resolve("r2-2")};
        for (int i = 0; i < 2; i++) {
            Tournament.open(
                            TournamentFile.read(file),
                            file,
                            round2Shards[i],
                            false,
                            TournamentObserver.NONE,
                            Optional.of(new Shard(i + 1, 2)),
                            Optional.of(merged))
                    .play(1);
        }
        Merge.Result round2 = Merge.merge(merged, List.of(round2Shards));
        assertThat(round2.next()).hasValueSatisfying(b -> assertThat(b.stage()).isEqualTo(StageName.FINAL));
        Path[] finalShards = {dir.resolve("f-1"), dir.resolve("f-2")};
        for (int i = 0; i < 2; i++) {
            Tournament.open(
                            TournamentFile.read(file),
                            file,
                            finalShards[i],
                            false,
                            TournamentObserver.NONE,
                            Optional.of(new Shard(i + 1, 2)),
                            Optional.of(merged))
                    .play(1);
        }
        Merge.Result done = Merge.merge(merged, List.of(finalShards));

        assertThat(done.next()).isEmpty();
        StandingsDocument result =
                Json.mapper().readValue(merged.resolve("standings.json").toFile(), StandingsDocument.class);
        assertThat(result.stages())
                .extracting(StandingsDocument.Stage::stage)
                .containsExactly(StageName.SWISS, StageName.FINAL);
        assertThat(result.stages()).isEqualTo(whole.stages());
        assertThat(result.standings()).isEqualTo(whole.standings()).hasSize(5);
        // A second merge of the same round is refused: the folder needs the next batch.
        assertThatThrownBy(() -> Merge.merge(merged, List.of(finalShards)))
                .hasMessageContaining("holds the whole tournament already");
    }
}
