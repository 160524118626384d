package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import caissa.arena.testkit.CommandRun;
import caissa.arena.testkit.TwoRandomBots;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input files that are not regular files, or are too large, are refused at once in one line:
 * a FIFO would wait for a writer for ever and /dev/zero never ends.
 */
class InputThatCannotHangTest {

    @TempDir
    Path dir;

    @Test
    void devZeroAsTheTournamentFileIsRefusedAtOnce() {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "no /dev/zero here");

        CommandRun run = CommandRun.of("tournament", "/dev/zero");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("caissa tournament: /dev/zero: not a regular file (a device, a pipe or a socket);"
                        + " give a file" + System.lineSeparator());
    }

    @Test
    void aFifoAsTheTournamentFileIsRefusedAtOnce() throws Exception {
        Path fifo = fifo(dir.resolve("tournament.json"));

        CommandRun run = CommandRun.of("tournament", fifo.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("caissa tournament: " + fifo + ": not a regular file (a device, a pipe or a socket);"
                        + " give a file" + System.lineSeparator());
    }

    @Test
    void aFolderAsTheTournamentFileIsRefused() {
        CommandRun run = CommandRun.of("tournament", dir.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("caissa tournament: " + dir + ": not a regular file (a folder); give a file"
                        + System.lineSeparator());
    }

    @Test
    void aTournamentFileOverItsCapIsRefusedNamingTheCap() throws Exception {
        Path big = dir.resolve("big.json");
        try (RandomAccessFile file = new RandomAccessFile(big.toFile(), "rw")) {
            file.setLength(4L * 1024 * 1024 + 1);
        }

        CommandRun run = CommandRun.of("tournament", big.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("caissa tournament: " + big + ": larger than the 4 MiB such a file may be"
                        + System.lineSeparator());
    }

    @Test
    void aFifoAsAJournalIsRefusedByVerifyAndResume() throws Exception {
        Path tournament = TwoRandomBots.tournament(dir.resolve("t.json"));
        Path out = dir.resolve("out");
        CommandRun first =
                CommandRun.of("tournament", tournament.toString(), "--out", out.toString(), "--sandbox", "none");
        assertThat(first.exitCode()).as(first.err()).isZero();
        Files.delete(out.resolve("journal.jsonl"));
        Path journal = fifo(out.resolve("journal.jsonl"));
        String refusal =
                journal + ": a named pipe (FIFO); the arena reads a record only as a regular file of its folder,"
                        + " never through a link" + System.lineSeparator();

        CommandRun verify = CommandRun.of("verify", out.toString());
        CommandRun resume = CommandRun.of(
                "tournament", tournament.toString(), "--out", out.toString(), "--resume", "--sandbox", "none");

        assertThat(verify.exitCode()).isEqualTo(2);
        assertThat(verify.err()).isEqualTo("caissa verify: " + refusal);
        assertThat(resume.exitCode()).isEqualTo(2);
        assertThat(resume.err()).isEqualTo("caissa tournament: " + refusal);
    }

    @Test
    void aFifoAsAGameLogIsNamedByVerifyAndLeftOutByReport() throws Exception {
        Path out = dir.resolve("games-only");
        Path log = fifo(Files.createDirectories(out.resolve("games")).resolve("0001.json"));

        CommandRun verify = CommandRun.of("verify", out.toString());
        CommandRun report = CommandRun.of("report", out.toString());

        assertThat(verify.exitCode()).isEqualTo(2);
        assertThat(verify.err())
                .isEqualTo("caissa verify: " + log + ": a named pipe (FIFO); the arena reads a record only"
                        + " as a regular file of its folder, never through a link" + System.lineSeparator());
        assertThat(report.exitCode()).isZero();
        assertThat(report.err())
                .isEqualTo("caissa report: games/0001.json was left out: " + log + ": a named pipe (FIFO);"
                        + " the arena reads a record only as a regular file of its folder, never through a link"
                        + System.lineSeparator());
    }

    /** A named pipe made with mkfifo; the test is skipped where there is none. */
    private static Path fifo(Path path) throws Exception {
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder(List.of("mkfifo", path.toString()))
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo here: " + e.getMessage());
            throw e;
        }
        assumeTrue(mkfifo.waitFor(30, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo failed");
        return path;
    }
}
