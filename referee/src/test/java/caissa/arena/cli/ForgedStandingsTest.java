package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify} rebuilds standings.json from the journal and {@code report} shows only what it
 * rebuilt: issue 35 gave a bot 99 points by hand, and verify passed it and report published it.
 */
class ForgedStandingsTest {

    @TempDir
    Path dir;

    private Path out;
    private Path standings;

    @BeforeEach
    void playATournament() throws Exception {
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
                                        "alpha",
                                        "command",
                                        TestBots.command("random", "1").argv()),
                                Map.of(
                                        "name",
                                        "beta",
                                        "command",
                                        TestBots.command("random", "2").argv())))));
        out = dir.resolve("out");
        CommandRun run =
                CommandRun.of("tournament", tournament.toString(), "--out", out.toString(), "--sandbox", "none");
        assertThat(run.exitCode()).as(run.err()).isZero();
        standings = out.resolve("standings.json");
    }

    @Test
    void theStandingsAsWrittenPassVerify() {
        CommandRun verify = CommandRun.of("verify", out.toString());

        assertThat(verify.exitCode()).as(verify.err()).isZero();
    }

    @Test
    void aBotGiven99PointsFailsVerifyAndIsNotPublished() throws Exception {
        JsonNode document = Json.mapper().readTree(standings.toFile());
        int points = -1;
        for (JsonNode row : document.get("standings")) {
            if (row.get("name").asText().equals("alpha")) {
                points = row.get("points").asInt();
                ((ObjectNode) row).put("points", 99);
            }
        }
        Files.writeString(standings, Json.write(document));

        CommandRun verify = CommandRun.of("verify", out.toString());
        CommandRun report = CommandRun.of("report", out.toString());

        assertThat(verify.exitCode()).isEqualTo(5);
        assertThat(verify.errLines())
                .containsExactly("caissa verify: " + standings + ": its standings give alpha 99 points,"
                        + " but the journal's 2 games give " + points);
        assertThat(report.exitCode()).as(report.err()).isZero();
        String page = Files.readString(out.resolve("report.html"));
        assertThat(page).doesNotContain("\"points\":99").contains("\"points\":" + points);
    }

    @Test
    void aStandingsFieldChangedElsewhereIsNamed() throws Exception {
        ObjectNode document = (ObjectNode) Json.mapper().readTree(standings.toFile());
        document.put("complete", false);
        Files.writeString(standings, Json.write(document));

        CommandRun verify = CommandRun.of("verify", out.toString());

        assertThat(verify.exitCode()).isEqualTo(5);
        assertThat(verify.errLines())
                .containsExactly("caissa verify: " + standings + ": its complete does not agree with"
                        + " the journal's 2 games");
    }

    @Test
    void standingsThatCountAGameTheJournalDoesNotHoldFailVerify() throws Exception {
        List<String> journal = Files.readAllLines(out.resolve("journal.jsonl"));
        Files.write(out.resolve("journal.jsonl"), journal.subList(0, 1));
        Files.delete(out.resolve("games/0002.json"));

        CommandRun verify = CommandRun.of("verify", out.toString());

        assertThat(verify.exitCode()).isEqualTo(5);
        assertThat(verify.errLines()).hasSize(1).first().asString().startsWith("caissa verify: " + standings + ": ");
    }
}
