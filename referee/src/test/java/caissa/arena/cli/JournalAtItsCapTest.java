package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.InputFiles;
import caissa.arena.testkit.CommandRun;
import caissa.arena.testkit.TwoRandomBots;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A journal at its cap (200,000 KiB) resumes and verifies in an arena of 512 MiB of heap, the
 * default of a 2 GB runner: issue 35 found it needed about 2 GB and died with exit code 70. The
 * journal is a real run's, its first game journaled again until the file is at its cap (as a run
 * resumed many times writes it); each arena is a JVM of its own with -Xmx512m.
 */
class JournalAtItsCapTest {

    @TempDir
    Path dir;

    @Test
    void aJournalAtItsCapResumesAndVerifiesIn512MiB() throws Exception {
        Path tournament = TwoRandomBots.tournament(dir.resolve("t.json"));
        Path out = dir.resolve("out");
        CommandRun run =
                CommandRun.of("tournament", tournament.toString(), "--out", out.toString(), "--sandbox", "none");
        assertThat(run.exitCode()).as(run.err()).isZero();
        Path journal = out.resolve("journal.jsonl");
        List<String> lines = Files.readAllLines(journal);
        byte[] again = (lines.get(0) + "\n").getBytes(StandardCharsets.UTF_8);
        long size = Files.size(journal);
        try (OutputStream append =
                new BufferedOutputStream(Files.newOutputStream(journal, StandardOpenOption.APPEND), 1 << 20)) {
            for (; size + again.length <= InputFiles.JOURNAL_CAP; size += again.length) {
                append.write(again);
            }
        }
        assertThat(Files.size(journal)).isGreaterThan(InputFiles.JOURNAL_CAP - again.length);

        Arena verify = arena("verify", out.toString());
        Arena resume =
                arena("tournament", tournament.toString(), "--out", out.toString(), "--resume", "--sandbox", "none");

        assertThat(verify.exit).as(verify.err).isZero();
        assertThat(verify.out).contains("2 games of the tournament t agree with their moves");
        assertThat(resume.exit).as(resume.err).isZero();
        assertThat(verify.err + resume.err).doesNotContain("OutOfMemory");
    }

    private record Arena(int exit, String out, String err) {}

    private Arena arena(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(args));
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process process = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectError(err.toFile())
                .start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(600, TimeUnit.SECONDS)).isTrue();
        return new Arena(process.exitValue(), out, Files.readString(err));
    }
}
