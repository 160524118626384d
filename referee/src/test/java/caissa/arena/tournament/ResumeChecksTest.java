package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.GameRecord;
import caissa.arena.records.Json;
import caissa.arena.records.TournamentLayout;
import caissa.arena.testkit.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resume trusts nothing in the folder that the schedule does not confirm: journal lines that do
 * not fit are refused naming the line; logs that are missing or damaged are played again.
 */
class ResumeChecksTest {

    @TempDir
    Path dir;

    private Path file;
    private Path out;
    private TournamentDefinition definition;
    private StandingsDocument complete;

    @BeforeEach
    void aCompleteRun() throws Exception {
        file = new TournamentFiles("checks")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .set("timePerGame", "20s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("checks.json"));
        out = dir.resolve("out");
        definition = TournamentFile.read(file);
        complete = Tournament.open(definition, file, out, false, TournamentObserver.NONE)
                .play(1);
    }

    @Test
    void aLineForAGameThatIsNotScheduledIsRefusedNamingTheLine() throws Exception {
        editLine(1, line -> line.replace("\"game\":1,", "\"game\":57,"));

        assertRefused(":1: game 57 is not in the schedule (games 1 to 2)");
    }

    @Test
    void aLineWithTheColoursSwappedIsRefusedNamingTheLine() throws Exception {
        editLine(2, line -> line.replace("\"white\":\"r2\",\"black\":\"r1\"", "\"white\":\"r1\",\"black\":\"r2\""));

        assertRefused(":2: game 2 is scheduled as r2 (white) against r1 (black), the line says r1 against r2");
    }

    @Test
    void aLineWithAPlayerNotInTheGameIsRefused() throws Exception {
        editLine(1, line -> line.replace("\"white\":\"r1\"", "\"white\":\"mallory\""));

        assertRefused(":1: game 1 is scheduled as r1 (white) against r2 (black), the line says mallory against r2");
    }

    @Test
    void aLineNamingAFileOutsideTheFolderIsRefused() throws Exception {
        editLine(1, line -> line.replace("\"file\":\"games/0001.json\"", "\"file\":\"../../etc/passwd\""));

        assertRefused(":1: game 1 names the log '../../etc/passwd', but its log is games/0001.json");
    }

    @Test
    void aTruncatedGameLogIsPlayedAgain() throws Exception {
        Path log = out.resolve("games/0001.json");
        byte[] bytes = Files.readAllBytes(log);
        Files.write(log, Arrays.copyOf(bytes, bytes.length / 2));

        StandingsDocument again = Tournament.open(definition, file, out, true, TournamentObserver.NONE)
                .play(1);

        assertThat(again.standings()).isEqualTo(complete.standings());
        assertThat(Journal.read(out)).extracting(FinishedGame::game).containsExactly(1, 2, 1);
        assertThat(Json.mapper()
                        .readValue(log.toFile(), GameRecord.class)
                        .tournament()
                        .game())
                .isEqualTo(1);
    }

    @Test
    void aMissingGameLogIsPlayedAgain() throws Exception {
        Files.delete(out.resolve("games/0002.json"));

        StandingsDocument again = Tournament.open(definition, file, out, true, TournamentObserver.NONE)
                .play(1);

        assertThat(again.standings()).isEqualTo(complete.standings());
        assertThat(Journal.read(out)).extracting(FinishedGame::game).containsExactly(1, 2, 2);
        assertThat(out.resolve("games/0002.json")).isRegularFile();
    }

    @Test
    void aLogOfAnotherGameInPlaceOfTheRightOneIsPlayedAgain() throws Exception {
        Files.copy(out.resolve("games/0001.json"), out.resolve("games/0002.json"), StandardCopyOption.REPLACE_EXISTING);

        Tournament.open(definition, file, out, true, TournamentObserver.NONE).play(1);

        assertThat(Journal.read(out)).extracting(FinishedGame::game).containsExactly(1, 2, 2);
        assertThat(Json.mapper()
                        .readValue(out.resolve("games/0002.json").toFile(), GameRecord.class)
                        .tournament()
                        .game())
                .isEqualTo(2);
    }

    @Test
    void temporaryFilesLeftByAKilledRunAreRemovedOnResume() throws Exception {
        Path strayLog = Files.writeString(out.resolve("games/.0001.json.123456.tmp"), "{\"half");
        Path strayStandings = Files.writeString(out.resolve(".standings.json.98765.tmp"), "");

        Tournament.open(definition, file, out, true, TournamentObserver.NONE).play(1);

        assertThat(strayLog).doesNotExist();
        assertThat(strayStandings).doesNotExist();
    }

    @Test
    void aFolderWhoseStartFailedBeforeTournamentJsonStartsAfresh() throws Exception {
        // What a disk that fills at the very start leaves: the folder, its lock, a temporary file.
        Path failed = Files.createDirectories(dir.resolve("failed/games"));
        Files.writeString(failed.resolve(".tournament.json.4242.tmp"), "{");
        Files.writeString(dir.resolve("failed/.caissa.lock"), "4242\n");

        CommandRun resumed = CommandRun.of(
                "tournament", file.toString(), "--out", dir.resolve("failed").toString(), "--resume");
        CommandRun fresh = CommandRun.of(
                "tournament",
                file.toString(),
                "--out",
                Files.createDirectories(dir.resolve("failed2")).toString());

        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(Journal.read(dir.resolve("failed"))).hasSize(2);
        assertThat(dir.resolve("failed/.tournament.json.4242.tmp")).doesNotExist();
        assertThat(fresh.exitCode()).as(fresh.err()).isZero();
    }

    @Test
    void aFolderWithGamesButNoTournamentJsonIsExplainedInOneLine() throws Exception {
        Files.delete(out.resolve(TournamentLayout.RECORD_FILE));

        CommandRun run = CommandRun.of("tournament", file.toString(), "--out", out.toString(), "--resume");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("caissa tournament: --resume: " + out + " has no tournament.json, so the"
                        + " tournament its other files belong to is unknown; move them away or choose another folder"
                        + System.lineSeparator());
    }

    @Test
    void aFolderOfOtherFilesIsRefusedWithoutLeavingALockFileInIt() throws Exception {
        Path other = Files.createDirectories(dir.resolve("mine"));
        Files.writeString(other.resolve("notes.txt"), "mine");

        CommandRun run = CommandRun.of("tournament", file.toString(), "--out", other.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("caissa tournament: " + other + " already holds files of a run; continue it with"
                        + " --resume, or choose another folder with --out" + System.lineSeparator());
        try (var entries = Files.list(other)) {
            assertThat(entries.map(p -> p.getFileName().toString()).toList()).containsExactly("notes.txt");
        }
    }

    private void editLine(int number, UnaryOperator<String> edit) throws Exception {
        Path journal = out.resolve(TournamentLayout.JOURNAL_FILE);
        List<String> lines = new ArrayList<>(Files.readAllLines(journal));
        String edited = edit.apply(lines.get(number - 1));
        assertThat(edited).as("the edit applies").isNotEqualTo(lines.get(number - 1));
        lines.set(number - 1, edited);
        Files.write(journal, lines);
    }

    private void assertRefused(String problem) throws Exception {
        byte[] journal = Files.readAllBytes(out.resolve(TournamentLayout.JOURNAL_FILE));
        CommandRun run = CommandRun.of("tournament", file.toString(), "--out", out.toString(), "--resume");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("caissa tournament: --resume: " + out.resolve(TournamentLayout.JOURNAL_FILE) + problem
                        + System.lineSeparator());
        assertThat(Files.readAllBytes(out.resolve(TournamentLayout.JOURNAL_FILE)))
                .isEqualTo(journal);
    }
}
