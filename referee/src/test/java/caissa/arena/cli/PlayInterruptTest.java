package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import caissa.arena.testbots.Interruptible;
import caissa.arena.testbots.TestBots;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C during {@code caissa play}, as soon as it names the game (its bots are then still being
 * started): the game does not count, and the command says so, writes its log and exits 130
 * before the JVM halts.
 */
class PlayInterruptTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void ctrlCWhileTheBotsStartSaysTheGameDoesNotCountAndKeepsItsLog() throws Exception {
        Path log = dir.resolve("game.json");
        Interruptible.Run run = Interruptible.arena(
                List.of(
                        "play",
                        "--white",
                        TestBots.command("hang", "1").display(),
                        "--black",
                        TestBots.command("random").display(),
                        "--first-move-allowance",
                        "60s",
                        "--out",
                        log.toString()),
                line -> line.contains("(white) vs "));

        assertThat(run.exit()).as(run.text()).isEqualTo(130);
        assertThat(run.lines())
                .as(run.text())
                .contains("the arena was stopped before the game was over; the game does not count", "log: " + log);
        JsonNode record = Json.mapper().readTree(log.toFile());
        assertThat(record.get("termination").asText()).isEqualTo("aborted");
    }
}
