package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.GameRecord;
import caissa.arena.records.Json;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tournament --sandbox} and {@code --keep-scratch}, as the README says, over the tournament file's fields. */
class TournamentSandboxOptionsTest {

    @TempDir
    Path dir;

    /** The bots' folder open to all, as a submission's is: a root arena's bots run as nobody, sandboxed or not. */
    @BeforeEach
    void openToAll() throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** Two random bots, one game pair, in the sandbox the file names. */
    private Path file(String sandbox) throws Exception {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("name", "boxed");
        fields.put(
                "bots",
                List.of(
                        Map.of(
                                "name",
                                "a",
                                "command",
                                TestBots.command("random", "1").argv()),
                        Map.of(
                                "name",
                                "b",
                                "command",
                                TestBots.command("random", "2").argv())));
        fields.put("timePerGame", "20s");
        fields.put("firstMoveAllowance", "10s");
        fields.put("sandbox", sandbox);
        return Files.writeString(dir.resolve("boxed.json"), Json.write(fields));
    }

    private GameRecord game(Path out, int number) throws Exception {
        return Json.mapper()
                .readValue(out.resolve("games/000" + number + ".json").toFile(), GameRecord.class);
    }

    @Test
    void theCommandLinesSandboxWinsOverTheFiles() throws Exception {
        Path out = dir.resolve("out");

        CommandRun run = CommandRun.of(
                "tournament",
                file("bwrap").toString(),
                "--out",
                out.toString(),
                "--sandbox",
                "none",
                "--concurrency",
                "1");

        assertThat(run.exitCode()).as(run.err()).isZero();
        for (int game = 1; game <= 2; game++) {
            assertThat(game(out, game).white().sandbox().sandbox()).isEqualTo("none");
            assertThat(game(out, game).black().sandbox().sandbox()).isEqualTo("none");
        }
    }

    @Test
    void anUnknownSandboxIsAUsageError() throws Exception {
        CommandRun run = CommandRun.of(
                "tournament",
                file("none").toString(),
                "--out",
                dir.resolve("out").toString(),
                "--sandbox",
                "docker");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("caissa tournament: --sandbox: unknown sandbox 'docker' (known: auto, bwrap, none)"
                        + System.lineSeparator());
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void keepScratchKeepsEachSandboxedBotsScratchFolder() throws Exception {
        Sandboxes.assumeSandbox();
        Path out = dir.resolve("out");

        CommandRun run = CommandRun.of(
                "tournament",
                file("bwrap").toString(),
                "--out",
                out.toString(),
                "--keep-scratch",
                "--concurrency",
                "1");

        assertThat(run.exitCode()).as(run.err()).isZero();
        GameRecord game = game(out, 1);
        assertThat(game.white().sandbox().sandbox()).isEqualTo("bwrap");
        assertThat(game.white().sandbox().scratch()).isNotNull();
        assertThat(Path.of(game.white().sandbox().scratch())).isDirectory();
    }
}
