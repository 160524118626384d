package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.FolderLock;
import caissa.arena.records.TournamentLayout;
import caissa.arena.testkit.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One writer per output folder: a second run on a folder in use is refused at once and leaves it intact. */
class OutputFolderLockTest {

    @TempDir
    Path dir;

    @Test
    void aSecondResumeWhileARunIsGoingIsRefusedNamingItsProcessAndTheJournalStaysIntact() throws Exception {
        Path file = new TournamentFiles("busy")
                .testBot("s1", "slow", "1")
                .testBot("s2", "slow", "1")
                .testBot("s3", "slow", "1")
                .set("gamesPerPair", 2)
                .set("timePerGame", "30s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("busy.json"));
        Path out = dir.resolve("out");
        Process first = new ProcessBuilder(TournamentFiles.javaCommand(file, out, 1))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("first.log").toFile())
                .start();
        try {
            TournamentFiles.waitForJournal(out, 1, first);

            CommandRun resume = CommandRun.of("tournament", file.toString(), "--out", out.toString(), "--resume");
            CommandRun fresh = CommandRun.of("tournament", file.toString(), "--out", out.toString());

            String refused = out + " is in use by another run of the arena (process " + first.pid()
                    + "); wait for it to end, or stop it and continue with --resume";
            assertThat(resume.exitCode()).isEqualTo(2);
            assertThat(resume.err()).isEqualTo("caissa tournament: " + refused + System.lineSeparator());
            assertThat(fresh.exitCode()).isEqualTo(2);
            assertThat(fresh.err()).isEqualTo("caissa tournament: " + refused + System.lineSeparator());
            assertThat(first.waitFor(180, TimeUnit.SECONDS)).isTrue();
            assertThat(first.exitValue())
                    .as(Files.readString(dir.resolve("first.log")))
                    .isZero();
        } finally {
            first.destroyForcibly();
        }
        assertThat(Journal.read(out)).extracting(FinishedGame::game).containsExactly(1, 2, 3, 4, 5, 6);
        // Once the first run has ended the folder is free again.
        CommandRun again = CommandRun.of("tournament", file.toString(), "--out", out.toString(), "--resume");
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(Journal.read(out)).hasSize(6);
    }

    @Test
    void theLockOfAKilledRunIsReleasedByTheOperatingSystem() throws Exception {
        Path file = new TournamentFiles("killed")
                .testBot("s1", "slow", "1")
                .testBot("s2", "slow", "1")
                // Killed in its second game: a third and fourth would only be more games to resume.
                .set("gamesPerPair", 2)
                .set("timePerGame", "30s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("killed.json"));
        Path out = dir.resolve("out");
        Process first = new ProcessBuilder(TournamentFiles.javaCommand(file, out, 1))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("first.log").toFile())
                .start();
        TournamentFiles.waitForJournal(out, 1, first);
        first.toHandle().destroyForcibly();
        assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();

        CommandRun resume = CommandRun.of("tournament", file.toString(), "--out", out.toString(), "--resume");

        assertThat(resume.exitCode()).as(resume.err()).isZero();
        assertThat(Journal.read(out)).extracting(FinishedGame::game).containsExactlyInAnyOrder(1, 2);
    }

    @Test
    void aRunInThisProcessHoldingTheFolderIsNamedToo() throws Exception {
        Path file = new TournamentFiles("held")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .writeTo(dir.resolve("held.json"));
        Path out = Files.createDirectories(dir.resolve("out"));
        try (FolderLock held = FolderLock.tryAcquire(out).orElseThrow()) {
            CommandRun run = CommandRun.of("tournament", file.toString(), "--out", out.toString());

            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.err()).contains("(process " + ProcessHandle.current().pid() + ")");
            assertThat(out.resolve(TournamentLayout.RECORD_FILE)).doesNotExist();
        }
    }
}
