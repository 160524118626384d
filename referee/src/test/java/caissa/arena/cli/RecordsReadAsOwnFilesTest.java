package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.testkit.CommandRun;
import caissa.arena.testkit.TwoRandomBots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The records the arena reads back are read only as regular files of their folder, and what they
 * hold is never quoted: issue 35 linked a game log to a token file, and merge and verify printed
 * "Unrecognized token 'ghp_fakeTOKEN…'" while report put it in report.html.
 */
class RecordsReadAsOwnFilesTest {

    private static final String TOKEN = "ghp_fakeTOKEN0123456789abcdefSECRET";

    @TempDir
    Path dir;

    private Path out;
    private Path token;

    @BeforeEach
    void playATournament() throws Exception {
        Path tournament = TwoRandomBots.tournament(dir.resolve("t.json"));
        out = dir.resolve("out");
        // One shard of one, so that merge takes the folder too.
        CommandRun run = CommandRun.of(
                "tournament", tournament.toString(), "--out", out.toString(), "--sandbox", "none", "--shard", "1/1");
        assertThat(run.exitCode()).as(run.err()).isZero();
        token = Files.writeString(dir.resolve("token.txt"), TOKEN + "\n");
    }

    @Test
    void aGameLogLinkedToATokenFileIsNamedAsALinkAndNotRead() throws Exception {
        Path log = out.resolve("games/0001.json");
        Files.delete(log);
        Files.createSymbolicLink(log, token);
        Files.deleteIfExists(out.resolve("report.html"));

        CommandRun verify = CommandRun.of("verify", out.toString());
        CommandRun merge = CommandRun.of("merge", "--out", dir.resolve("merged").toString(), out.toString());
        CommandRun report = CommandRun.of("report", out.toString());

        String refusal = log + ": a symbolic link; the arena reads a record only as a regular file of its folder, never"
                + " through a link";
        assertThat(verify.exitCode()).isEqualTo(2);
        assertThat(verify.errLines()).containsExactly("caissa verify: " + refusal);
        assertThat(merge.exitCode()).isEqualTo(2);
        assertThat(merge.errLines()).containsExactly("caissa merge: " + refusal);
        assertThat(report.errLines())
                .anySatisfy(line -> assertThat(line).contains("games/0001.json").contains("a symbolic link"));
        for (CommandRun run : List.of(verify, merge, report)) {
            assertThat(run.out() + run.err()).doesNotContain("ghp_").doesNotContain("SECRET");
        }
        Path page = out.resolve("report.html");
        if (Files.exists(page)) {
            assertThat(Files.readString(page)).doesNotContain("ghp_").doesNotContain("SECRET");
        }
    }

    @Test
    void aGameLogHoldingATokenIsNotQuoted() throws Exception {
        Path log = out.resolve("games/0001.json");
        Files.writeString(log, TOKEN + "\n");
        Files.deleteIfExists(out.resolve("report.html"));

        CommandRun verify = CommandRun.of("verify", out.toString());
        CommandRun merge = CommandRun.of("merge", "--out", dir.resolve("merged").toString(), out.toString());
        CommandRun report = CommandRun.of("report", out.toString());

        assertThat(verify.exitCode()).isEqualTo(5);
        assertThat(verify.errLines())
                .containsExactly("caissa verify: " + log + ": is not a game log that can be read:"
                        + " not valid JSON (line 1, column 1)");
        assertThat(merge.exitCode()).isEqualTo(5);
        for (CommandRun run : List.of(verify, merge, report)) {
            assertThat(run.out() + run.err()).doesNotContain("ghp_").doesNotContain("SECRET");
        }
        assertThat(Files.readString(out.resolve("report.html")))
                .doesNotContain("ghp_")
                .doesNotContain("SECRET");
    }

    @Test
    void aJournalOrRecordLinkedOutOfTheFolderIsRefusedByVerify() throws Exception {
        for (String record : List.of("journal.jsonl", "tournament.json", "standings.json")) {
            Path file = out.resolve(record);
            Path kept = Files.move(file, dir.resolve(record + ".kept"));
            Files.createSymbolicLink(file, token);

            CommandRun verify = CommandRun.of("verify", out.toString());

            assertThat(verify.exitCode()).as(record).isEqualTo(2);
            assertThat(verify.errLines())
                    .as(record)
                    .containsExactly("caissa verify: " + file + ": a symbolic link; the arena"
                            + " reads a record only as a regular file of its folder, never through a link");
            Files.delete(file);
            Files.move(kept, file);
        }
    }
}
