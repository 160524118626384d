package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bot's env values (an organiser's keys) are never in a report; issue 35 found them in report.html. */
class ReportEnvValuesTest {

    @TempDir
    Path dir;

    @Test
    void theReportNamesABotsVariablesButNotTheirValues() throws Exception {
        String secret = "ghp_envVALUE0123456789";
        Path tournament = Files.writeString(
                dir.resolve("t.json"),
                Json.write(Map.of(
                        "name",
                        "t",
                        "timePerGame",
                        "20s",
                        "firstMoveAllowance",
                        "10s",
                        "bots",
                        List.of(
                                Map.of(
                                        "name",
                                        "a",
                                        "command",
                                        TestBots.command("random", "1").argv(),
                                        "env",
                                        Map.of("MY_API_KEY", secret)),
                                Map.of(
                                        "name",
                                        "b",
                                        "command",
                                        TestBots.command("random", "2").argv())))));
        Path out = dir.resolve("out");
        CommandRun run =
                CommandRun.of("tournament", tournament.toString(), "--out", out.toString(), "--sandbox", "none");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.readString(out.resolve("tournament.json"))).contains(secret);

        CommandRun report = CommandRun.of("report", out.toString());

        assertThat(report.exitCode()).as(report.err()).isZero();
        String page = Files.readString(out.resolve("report.html"));
        assertThat(page).doesNotContain(secret).contains("MY_API_KEY");
    }
}
