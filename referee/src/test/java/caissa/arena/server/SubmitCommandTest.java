package caissa.arena.server;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.testkit.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caissa submit} against a real server: its exit codes and what it prints. */
class SubmitCommandTest {

    @TempDir
    Path dir;

    private TestContest contest;

    @AfterEach
    void stop() {
        if (contest != null) {
            contest.close();
        }
    }

    static CommandRun submit(String... args) {
        return CommandRun.ofCommand("submit", args);
    }

    private String token() throws Exception {
        contest = TestContest.start(dir.resolve("contest"), "invite");
        contest.participant("ada", "correct horse");
        return contest.accounts()
                .submitToken(contest.contest
                        .store()
                        .participantByName("ada")
                        .orElseThrow()
                        .id())
                .orElseThrow();
    }

    private static List<String> lines(String text) {
        return text.lines().toList();
    }

    @Test
    void anAdmittedBotExits0WithValidatesChecklist() throws Exception {
        String token = token();
        Path bot = Files.copy(SubmissionRoutesTest.examples().resolve("random_bot.c"), dir.resolve("random_bot.c"));

        CommandRun run = submit("--server", contest.url, "--token", token, bot.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(lines(run.out()).get(0))
                .isEqualTo("submitted random_bot.c as submission 1: " + contest.url + "submissions/1");
        assertThat(run.out())
                .contains("  build ")
                .contains("gcc -O2 -o bot random_bot.c -lm")
                .contains("  answers start  pass");
        assertThat(lines(run.out()).get(lines(run.out()).size() - 1)).startsWith("PASS: ada-1 passed all");
    }

    @Test
    void aBotThatDoesNotBuildExits1WithTheCompilersMessage() throws Exception {
        String token = token();
        Path bot = Files.writeString(dir.resolve("bot.c"), "int main(void) { return nope; }\n");

        CommandRun run = submit("--server", contest.url, "--token", token, "--language", "C", bot.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(run.out())
                .contains("build  FAIL  gcc -O2 -o bot bot.c -lm: gcc exited with status 1")
                .contains("nope");
        assertThat(lines(run.out()).get(lines(run.out()).size() - 1)).isEqualTo("FAIL: ada-1 does not build (C)");
    }

    @Test
    void aRefusedUploadABadTokenAndAMissingFileExit2InOneLine() throws Exception {
        String token = token();
        Path empty = Files.writeString(dir.resolve("bot.c"), "");
        Path rust = Files.writeString(dir.resolve("bot.rs"), "fn main() {}");

        CommandRun refused = submit("--server", contest.url, "--token", token, empty.toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err().strip()).isEqualTo("caissa submit: bot.c is empty");

        CommandRun unknown = submit("--server", contest.url, "--token", token, rust.toString());
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err().strip()).startsWith("caissa submit: unknown language: bot.rs is no source of C (.c)");

        CommandRun badToken = submit("--server", contest.url, "--token", "wrong", rust.toString());
        assertThat(badToken.exitCode()).isEqualTo(2);
        assertThat(badToken.err().strip())
                .isEqualTo(
                        "caissa submit: this submit token is not a participant's: copy it" + " again from your page");

        CommandRun missing = submit(
                "--server", contest.url, "--token", token, dir.resolve("none.c").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err().strip()).isEqualTo("caissa submit: FILE: no such file: " + dir.resolve("none.c"));
        assertThat(contest.contest.store().submissions()).isEmpty();
    }
}
