package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.records.GameFiles;
import caissa.arena.records.Json;
import caissa.arena.records.TournamentLayout;
import caissa.arena.runner.Shard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every format resumes after SIGKILL like a round robin: a gauntlet, a Swiss killed in the middle
 * of a round, and a Swiss killed at the end of its Swiss stage, before its final, all end with
 * the standings of an uninterrupted run, no game lost and none played twice.
 */
class FormatsResumeTest {

    @TempDir
    Path dir;

    @TempDir
    static Path uninterruptedRuns;

    /** An uninterrupted run: the tournament file it played (a copy that outlives the test that made it), its standings. */
    private record Uninterrupted(Path file, StandingsDocument standings) {}

    /** The uninterrupted run of each format, played once for all the cases of that format. */
    private static final Map<String, Uninterrupted> UNINTERRUPTED = new ConcurrentHashMap<>();

    private static synchronized Uninterrupted uninterrupted(String format, Path file) throws Exception {
        Uninterrupted known = UNINTERRUPTED.get(format);
        if (known == null) {
            // The file as it was played: a test bot's command carries a token of its own, so a file
            // written again differs from it, and a resume would be refused.
            Path played = Files.copy(file, uninterruptedRuns.resolve(format + ".json"));
            StandingsDocument standings = Tournament.open(
                            TournamentFile.read(played),
                            played,
                            uninterruptedRuns.resolve(format),
                            false,
                            TournamentObserver.NONE)
                    .play(2);
            known = new Uninterrupted(played, standings);
            UNINTERRUPTED.put(format, known);
        }
        return known;
    }

    /**
     * A copy of the folder of the uninterrupted run of {@code format}, for a test that changes it:
     * the same run the other cases compare with, not played once more.
     */
    private Path copyOfUninterrupted(String format, Path to) throws Exception {
        uninterrupted(format, file(format));
        Path from = uninterruptedRuns.resolve(format);
        try (Stream<Path> all = Files.walk(from)) {
            for (Path path : all.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return to;
    }

    private Path file(String format) throws Exception {
        TournamentFiles files = new TournamentFiles(format)
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .testBot("r3", "random", "3")
                .testBot("r4", "random", "4")
                .testBot("r5", "random", "5")
                .set("openingPlies", 2)
                .set("seed", 11)
                .set("timePerGame", "20s")
                .set("firstMoveAllowance", "10s");
        if (format.equals("gauntlet")) {
            files.set("format", "gauntlet").set("engines", List.of("r2")).set("gamesPerPair", 4);
        } else {
            files.set("format", "swiss").set("rounds", 3).set("final", Map.of("top", 2, "gamesPerPair", 2));
        }
        return files.writeTo(dir.resolve(format + ".json"));
    }

    @ParameterizedTest(name = "{0} killed after {1} games")
    @CsvSource({"gauntlet, 3, 2", "swiss, 2, 2", "swiss, 5, 2", "swiss, 12, 1"})
    void aRunKilledWithSigkillResumesToTheSameStandings(String format, int killAfter, int concurrency)
            throws Exception {
        // Swiss: 5 bots, 4 games a round; killed in round 1, in round 2, and after the last Swiss round.
        Path file = file(format);
        TournamentDefinition definition = TournamentFile.read(file);
        StandingsDocument expected = uninterrupted(format, file).standings();
        int total = Plan.of(definition).totalGames();

        Path killed = dir.resolve("killed");
        Process run = new ProcessBuilder(TournamentFiles.javaCommand(file, killed, concurrency))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("killed.log").toFile())
                .start();
        TournamentFiles.waitForJournal(killed, killAfter, run);
        run.toHandle().destroyForcibly();
        assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
        List<FinishedGame> beforeKill = Journal.read(killed);
        assertThat(beforeKill).hasSizeBetween(killAfter, total - 1);
        Map<String, byte[]> keptFiles = new HashMap<>();
        for (FinishedGame game : beforeKill) {
            keptFiles.put(game.file(), Files.readAllBytes(killed.resolve(game.file())));
        }

        StandingsDocument resumed = Tournament.open(definition, file, killed, true, TournamentObserver.NONE)
                .play(2);

        assertThat(resumed.stages()).isEqualTo(expected.stages());
        assertThat(resumed.standings()).isEqualTo(expected.standings());
        assertThat(resumed.complete()).isTrue();
        List<FinishedGame> journal = Journal.read(killed);
        assertThat(journal).hasSize(total).extracting(FinishedGame::game).doesNotHaveDuplicates();
        assertThat(journal.subList(0, beforeKill.size())).isEqualTo(beforeKill);
        for (Map.Entry<String, byte[]> kept : keptFiles.entrySet()) {
            assertThat(Files.readAllBytes(killed.resolve(kept.getKey())))
                    .as(kept.getKey())
                    .isEqualTo(kept.getValue());
        }
    }

    @Test
    void aSwissStoppedBetweenItsStagesPlaysOnlyTheFinalOnResume() throws Exception {
        Path out = copyOfUninterrupted("swiss", dir.resolve("out"));
        Path file = UNINTERRUPTED.get("swiss").file();
        TournamentDefinition definition = TournamentFile.read(file);
        StandingsDocument expected = UNINTERRUPTED.get("swiss").standings();
        // The state of a run stopped right after the last Swiss game: the final's games are not on record.
        List<String> swissLines = Files.readAllLines(out.resolve(TournamentLayout.JOURNAL_FILE)).stream()
                .filter(l -> Integer.parseInt(l.replaceAll(".*\"game\":(\\d+),.*", "$1")) <= 12)
                .toList();
        Files.write(out.resolve(TournamentLayout.JOURNAL_FILE), swissLines);
        for (int game = 13; game <= 14; game++) {
            Files.delete(out.resolve("games/" + GameFiles.name(game, 14)));
        }

        Tournament resumed = Tournament.open(definition, file, out, true, TournamentObserver.NONE);
        assertThat(resumed.finishedGames()).isEqualTo(12);
        StandingsDocument again = resumed.play(1);

        assertThat(again.stages()).isEqualTo(expected.stages());
        assertThat(Journal.read(out)).hasSize(14).extracting(FinishedGame::game).doesNotHaveDuplicates();
        assertThat(again.stages())
                .extracting(StandingsDocument.Stage::stage)
                .containsExactly(StageName.SWISS, StageName.FINAL);
        assertThat(again.stages().get(0).rounds()).isEqualTo(3);
        assertThat(again.stages().get(0).standings())
                .allSatisfy(s -> assertThat(s.buchholz()).isNotNull());
        // Five bots, three rounds: three different bots had a bye, 2 points each.
        assertThat(again.stages().get(0).standings().stream()
                        .mapToInt(Standing::byes)
                        .sum())
                .isEqualTo(3);
        // The whole tournament: the two finalists in the final's order, then the other three in the Swiss order.
        List<String> finalOrder =
                again.stages().get(1).standings().stream().map(Standing::name).toList();
        List<String> swissRest = again.stages().get(0).standings().stream()
                .map(Standing::name)
                .filter(n -> !finalOrder.contains(n))
                .toList();
        assertThat(again.standings())
                .extracting(Standing::name)
                .containsExactlyElementsOf(
                        Stream.concat(finalOrder.stream(), swissRest.stream()).toList());
        assertThat(again.standings().stream().mapToInt(Standing::games).sum()).isEqualTo(2 * 14);
    }

    @Test
    void resumeChecksASwissLineAgainstThePairingsOfTheRoundsBeforeIt() throws Exception {
        Path out = copyOfUninterrupted("swiss", dir.resolve("out"));
        Path file = UNINTERRUPTED.get("swiss").file();
        TournamentDefinition definition = TournamentFile.read(file);
        // Game 5 (round 2) with its colours swapped: the pairing of round 2 says otherwise.
        List<String> lines = new ArrayList<>(Files.readAllLines(out.resolve(TournamentLayout.JOURNAL_FILE)));
        int index = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("\"game\":5,")) {
                index = i;
            }
        }
        FinishedGame game = Json.mapper().readValue(lines.get(index), FinishedGame.class);
        lines.set(
                index,
                Json.writeCompact(new FinishedGame(
                        5, game.black(), game.white(), game.result(), game.termination(), game.file())));
        Files.write(out.resolve(TournamentLayout.JOURNAL_FILE), lines);

        assertThatThrownBy(() -> Tournament.open(definition, file, out, true, TournamentObserver.NONE))
                .isInstanceOf(OutputFolderException.class)
                .hasMessage("--resume: " + out.resolve(TournamentLayout.JOURNAL_FILE) + ":" + (index + 1)
                        + ": game 5 is scheduled as "
                        + game.white() + " (white) against " + game.black() + " (black), the line says " + game.black()
                        + " against " + game.white());
    }

    @Test
    void resumeOfAShardRefusesAGameOfAnotherShard() throws Exception {
        Path file = new TournamentFiles("shardcheck")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .testBot("r3", "random", "3")
                .set("timePerGame", "20s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("shardcheck.json"));
        TournamentDefinition definition = TournamentFile.read(file);
        Path out = dir.resolve("shard");
        Optional<Shard> second = Optional.of(new Shard(2, 2));
        Tournament.open(definition, file, out, false, TournamentObserver.NONE, second, Optional.empty())
                .play(1);
        // Shard 2/2 played game pair 2 (games 3 and 4); game 1 belongs to shard 1/2.
        String line = Files.readAllLines(out.resolve(TournamentLayout.JOURNAL_FILE))
                .get(0)
                .replaceFirst("\"game\":\\d+,", "\"game\":1,")
                .replaceFirst("games/\\d+\\.json", "games/0001.json");
        Files.writeString(out.resolve(TournamentLayout.JOURNAL_FILE), line + "\n", StandardOpenOption.APPEND);

        assertThatThrownBy(() ->
                        Tournament.open(definition, file, out, true, TournamentObserver.NONE, second, Optional.empty()))
                .isInstanceOf(OutputFolderException.class)
                .hasMessageEndingWith(":3: game 1 is not in the share of shard 2/2 of round-robin");
        // The same folder resumed as another shard is refused before any line is read.
        assertThatThrownBy(() -> Tournament.open(
                        definition,
                        file,
                        out,
                        true,
                        TournamentObserver.NONE,
                        Optional.of(new Shard(1, 2)),
                        Optional.empty()))
                .hasMessage("--resume: " + out
                        + " holds shard 2/2 of batch 1, not shard 1/2 of batch 1 (check --shard and --from)");
    }
}
