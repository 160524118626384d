package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.InputFiles;
import caissa.arena.testkit.CommandRun;
import caissa.arena.testkit.TwoRandomBots;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A journal at its cap (200,000 KiB) resumes and verifies in an arena of 512 MiB of heap, the
 * default of a 2 GB runner: issue 35 found it needed about 2 GB and died with exit code 70. The
 * journal is a real run's, its first game journaled again until the file is at its cap (as a run
 * resumed many times writes it); each arena is a JVM of its own with -Xmx512m. Verify and resume
 * run at once, each on a copy of the folder of its own (neither sees what the other writes), since
 * each reads the whole journal on one thread and the machine has a core for each.
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

        Path resumed = copy(out, dir.resolve("resumed"));

        Started verifying = arena("verify", out.toString());
        Started resuming = arena(
                "tournament", tournament.toString(), "--out", resumed.toString(), "--resume", "--sandbox", "none");
        Arena verify;
        Arena resume;
        try {
            verify = verifying.end();
            resume = resuming.end();
        } finally {
            // Neither outlives the test, whichever way it ends.
            verifying.process().destroyForcibly();
            resuming.process().destroyForcibly();
        }

        assertThat(verify.exit).as(verify.err).isZero();
        assertThat(verify.out).contains("2 games of the tournament t agree with their moves");
        assertThat(resume.exit).as(resume.err).isZero();
        assertThat(verify.err + resume.err).doesNotContain("OutOfMemory");
    }

    private record Arena(int exit, String out, String err) {}

    /** An arena started, with the files its standard output and error go to. */
    private record Started(Process process, Path out, Path err) {
        Arena end() throws Exception {
            assertThat(process.waitFor(600, TimeUnit.SECONDS)).isTrue();
            return new Arena(process.exitValue(), Files.readString(out), Files.readString(err));
        }
    }

    /** A copy of the output folder {@code from} at {@code to}, every file byte for byte. */
    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        return to;
    }

    private Started arena(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process process = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        return new Started(process, out, err);
    }
}
