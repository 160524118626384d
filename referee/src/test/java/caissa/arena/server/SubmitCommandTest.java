package caissa.arena.server;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
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

    record Run(int exit, String out, String err) {
    }

    static Run submit(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = new String[args.length + 1];
        all[0] = "submit";
        System.arraycopy(args, 0, all, 1, args.length);
        int exit = Main.run(all, new PrintWriter(out), new PrintWriter(err));
        return new Run(exit, out.toString(), err.toString());
    }

    private String token() throws Exception {
        contest = TestContest.start(dir.resolve("contest"), "invite");
        contest.participant("ada", "correct horse");
        return contest.accounts().submitToken(contest.contest.store().participantByName("ada").orElseThrow().id())
                .orElseThrow();
    }

    private static List<String> lines(String text) {
        return text.lines().toList();
    }

    @Test
    void anAdmittedBotExits0WithValidatesChecklist() throws Exception {
        String token = token();
        Path bot = Files.copy(SubmissionRoutesTest.examples().resolve("random_bot.c"), dir.resolve("random_bot.c"));

        Run run = submit("--server", contest.url, "--token", token, bot.toString());

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(lines(run.out()).get(0)).isEqualTo("submitted random_bot.c as submission 1: " + contest.url + "submissions/1");
        assertThat(run.out()).contains("  build ").contains("gcc -O2 -o bot random_bot.c -lm").contains("  answers start  pass");
        assertThat(lines(run.out()).get(lines(run.out()).size() - 1)).startsWith("PASS: ada-1 passed all");
    }

    @Test
    void aBotThatDoesNotBuildExits1WithTheCompilersMessage() throws Exception {
        String token = token();
        Path bot = Files.writeString(dir.resolve("bot.c"), "int main(void) { return nope; }\n");

        Run run = submit("--server", contest.url, "--token", token, "--language", "C", bot.toString());

        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(run.out()).contains("build  FAIL  gcc -O2 -o bot bot.c -lm: gcc exited with status 1").contains("nope");
        assertThat(lines(run.out()).get(lines(run.out()).size() - 1)).isEqualTo("FAIL: ada-1 does not build (C)");
    }

    @Test
    void aRefusedUploadABadTokenAndAMissingFileExit2InOneLine() throws Exception {
        String token = token();
        Path empty = Files.writeString(dir.resolve("bot.c"), "");
        Path rust = Files.writeString(dir.resolve("bot.rs"), "fn main() {}");

        Run refused = submit("--server", contest.url, "--token", token, empty.toString());
        assertThat(refused.exit()).isEqualTo(2);
        assertThat(refused.err().strip()).isEqualTo("caissa submit: bot.c is empty");

        Run unknown = submit("--server", contest.url, "--token", token, rust.toString());
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err().strip()).startsWith("caissa submit: unknown language: bot.rs is no source of C (.c)");

        Run badToken = submit("--server", contest.url, "--token", "wrong", rust.toString());
        assertThat(badToken.exit()).isEqualTo(2);
        assertThat(badToken.err().strip()).isEqualTo("caissa submit: this submit token is not a participant's: copy it"
                + " again from your page");

        Run missing = submit("--server", contest.url, "--token", token, dir.resolve("none.c").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err().strip()).isEqualTo("caissa submit: FILE: no such file: " + dir.resolve("none.c"));
        assertThat(contest.contest.store().submissions()).isEmpty();
    }
}
