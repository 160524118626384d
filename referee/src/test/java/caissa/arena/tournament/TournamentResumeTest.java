package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import caissa.arena.game.GameRecord;
import caissa.arena.records.GameFiles;
import caissa.arena.records.Json;
import caissa.arena.records.TournamentLayout;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tournament process killed with SIGKILL in the middle continues with --resume: finished games
 * are kept byte for byte, the rest are played, nothing twice, and with deterministic bots the
 * final standings equal those of a run that was never interrupted.
 */
class TournamentResumeTest {

    @TempDir
    Path dir;

    @Test
    void aRunKilledWithSigkillResumesToTheSameStandings() throws Exception {
        Path file = new TournamentFiles("resume")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .testBot("r3", "random", "3")
                .set("gamesPerPair", 4)
                .set("openingPlies", 2)
                .set("seed", 5)
                .set("timePerGame", "20s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("resume.json"));
        TournamentDefinition definition = TournamentFile.read(file);

        Path uninterrupted = dir.resolve("uninterrupted");
        StandingsDocument expected = Tournament.open(definition, file, uninterrupted, false, TournamentObserver.NONE)
                .play(2);

        Path killed = dir.resolve("killed");
        Process run = new ProcessBuilder(TournamentFiles.javaCommand(file, killed, 2))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("killed.log").toFile())
                .start();
        TournamentFiles.waitForJournal(killed, 3, run);
        run.toHandle().destroyForcibly();
        assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
        List<FinishedGame> beforeKill = Journal.read(killed);
        assertThat(beforeKill).hasSizeBetween(3, 11);
        Map<String, byte[]> keptFiles = new HashMap<>();
        for (FinishedGame game : beforeKill) {
            keptFiles.put(game.file(), Files.readAllBytes(killed.resolve(game.file())));
        }

        StandingsDocument resumed = Tournament.open(definition, file, killed, true, TournamentObserver.NONE)
                .play(2);

        assertThat(resumed.standings()).isEqualTo(expected.standings());
        assertThat(resumed.crosstable()).isEqualTo(expected.crosstable());
        List<FinishedGame> journal = Journal.read(killed);
        assertThat(journal).hasSize(12).extracting(FinishedGame::game).doesNotHaveDuplicates();
        assertThat(journal.subList(0, beforeKill.size())).isEqualTo(beforeKill);
        for (Map.Entry<String, byte[]> kept : keptFiles.entrySet()) {
            assertThat(Files.readAllBytes(killed.resolve(kept.getKey())))
                    .as(kept.getKey())
                    .isEqualTo(kept.getValue());
        }
        for (int game = 1; game <= 12; game++) {
            String name = "games/" + GameFiles.name(game, 12);
            GameRecord a = Json.mapper().readValue(uninterrupted.resolve(name).toFile(), GameRecord.class);
            GameRecord b = Json.mapper().readValue(killed.resolve(name).toFile(), GameRecord.class);
            assertThat(b.moves().stream().map(m -> m.move()).toList())
                    .as(name)
                    .isEqualTo(a.moves().stream().map(m -> m.move()).toList());
            assertThat(b.opening()).isEqualTo(a.opening()).hasSize(2);
        }
    }

    @Test
    void gamesCutShortByStoppingTheArenaAreNotRecordedAsLosses() throws Exception {
        Path file = new TournamentFiles("stopped")
                .testBot("s1", "slow", "1")
                .testBot("s2", "slow", "1")
                .testBot("s3", "slow", "1")
                .set("gamesPerPair", 2)
                .set("timePerGame", "30s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("stopped.json"));
        Path out = dir.resolve("out");
        Process run = new ProcessBuilder(TournamentFiles.javaCommand(file, out, 2))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("stopped.log").toFile())
                .start();
        TournamentFiles.waitForJournal(out, 1, run);

        run.destroy();
        assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();

        // The bots were killed under the games still running; those games are unfinished, not crashes.
        List<FinishedGame> recorded = Journal.read(out);
        assertThat(recorded)
                .hasSizeLessThan(6)
                .allSatisfy(g -> assertThat(g.termination().isIrregular()).isFalse());
        StandingsDocument resumed = Tournament.open(TournamentFile.read(file), file, out, true, TournamentObserver.NONE)
                .play(2);
        assertThat(resumed.gamesPlayed()).isEqualTo(6);
        assertThat(resumed.standings())
                .allSatisfy(s -> assertThat(s.irregularLosses()).isZero());
    }

    @Test
    void resumeRefusesAChangedFileNamingWhatChanged() throws Exception {
        Path file = new TournamentFiles("changed")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .set("timePerGame", "20s")
                .writeTo(dir.resolve("changed.json"));
        Path out = dir.resolve("out");
        Tournament.open(TournamentFile.read(file), file, out, false, TournamentObserver.NONE)
                .play(1);
        new TournamentFiles("changed")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .set("timePerGame", "10s")
                .set("seed", 9)
                .writeTo(file);

        StringWriter stderr = new StringWriter();
        int exit = Main.run(
                new String[] {"tournament", file.toString(), "--out", out.toString(), "--resume"},
                new PrintWriter(new StringWriter()),
                new PrintWriter(stderr));

        assertThat(exit).isEqualTo(2);
        assertThat(stderr.toString().strip())
                .isEqualTo("caissa tournament: --resume: " + file + " changed since the run in " + out
                        + " started: timePerGame (20s → 10s), seed (1 → 9)");
    }

    @Test
    void resumeRefusesAChangedVariant() throws Exception {
        Path file = new TournamentFiles("variant")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .writeTo(dir.resolve("variant.json"));
        Path out = dir.resolve("out");
        Tournament.open(TournamentFile.read(file), file, out, false, TournamentObserver.NONE)
                .play(1);
        new TournamentFiles("variant")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .set("variant", "hexcaissa")
                .writeTo(file);

        StringWriter stderr = new StringWriter();
        int exit = Main.run(
                new String[] {"tournament", file.toString(), "--out", out.toString(), "--resume"},
                new PrintWriter(new StringWriter()),
                new PrintWriter(stderr));

        assertThat(exit).isEqualTo(2);
        assertThat(stderr.toString().strip())
                .isEqualTo("caissa tournament: --resume: " + file + " changed since the run in " + out
                        + " started: variant (caissa → hexcaissa)");
    }

    @Test
    void resumeOfACompleteRunPlaysNothing() throws Exception {
        Path file = new TournamentFiles("done")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .set("timePerGame", "20s")
                .writeTo(dir.resolve("done.json"));
        Path out = dir.resolve("out");
        TournamentDefinition definition = TournamentFile.read(file);
        StandingsDocument first = Tournament.open(definition, file, out, false, TournamentObserver.NONE)
                .play(1);
        byte[] journal = Files.readAllBytes(out.resolve(TournamentLayout.JOURNAL_FILE));

        StandingsDocument again = Tournament.open(definition, file, out, true, TournamentObserver.NONE)
                .play(1);

        assertThat(again.standings()).isEqualTo(first.standings());
        assertThat(Files.readAllBytes(out.resolve(TournamentLayout.JOURNAL_FILE)))
                .isEqualTo(journal);
    }

    @Test
    void aReplayedGameCountsByItsLastJournalLine() throws Exception {
        Path file = new TournamentFiles("replayed")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .set("timePerGame", "20s")
                .writeTo(dir.resolve("replayed.json"));
        Path out = dir.resolve("out");
        TournamentDefinition definition = TournamentFile.read(file);
        StandingsDocument first = Tournament.open(definition, file, out, false, TournamentObserver.NONE)
                .play(1);
        // A stale line for game 1 (a result no log supports) before the true one, as after a replay.
        List<String> lines = Files.readAllLines(out.resolve(TournamentLayout.JOURNAL_FILE));
        String stale = lines.get(0)
                .replaceFirst("\"result\":\"[^\"]*\"", "\"result\":\"0-0\"")
                .replaceFirst("\"termination\":\"[^\"]*\"", "\"termination\":\"start-failure\"");
        List<String> rewritten = new ArrayList<>();
        rewritten.add(stale);
        rewritten.addAll(lines);
        Files.write(out.resolve(TournamentLayout.JOURNAL_FILE), rewritten);

        StandingsDocument again = Tournament.open(definition, file, out, true, TournamentObserver.NONE)
                .play(1);

        assertThat(again.standings()).isEqualTo(first.standings());
    }

    @Test
    void aCorruptJournalLineIsReportedAsOneLineWithExitCodeTwo() throws Exception {
        Path file = new TournamentFiles("corrupt")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .set("timePerGame", "20s")
                .writeTo(dir.resolve("corrupt.json"));
        Path out = dir.resolve("out");
        Tournament.open(TournamentFile.read(file), file, out, false, TournamentObserver.NONE)
                .play(1);
        Files.writeString(out.resolve(TournamentLayout.JOURNAL_FILE), "garbage\n", StandardOpenOption.APPEND);

        StringWriter stderr = new StringWriter();
        int exit = Main.run(
                new String[] {"tournament", file.toString(), "--out", out.toString(), "--resume"},
                new PrintWriter(new StringWriter()),
                new PrintWriter(stderr));

        assertThat(exit).isEqualTo(2);
        assertThat(stderr.toString())
                .isEqualTo("caissa tournament: --resume: " + out.resolve(TournamentLayout.JOURNAL_FILE)
                        + ":3: not a journal entry (JsonParseException); remove the line and its game will be played again"
                        + System.lineSeparator());
    }
}
