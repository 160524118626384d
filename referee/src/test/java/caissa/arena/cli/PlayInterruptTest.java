package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import caissa.arena.testbots.Interruptible;
import caissa.arena.testbots.TestBots;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "play",
                "--white", TestBots.command("hang", "1").display(), "--black", TestBots.command("random").display(),
                "--first-move-allowance", "60s", "--out", log.toString()));
        Process process = new ProcessBuilder(Interruptible.command(command)).redirectErrorStream(true).start();
        List<String> seen = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                seen.add(line);
                if (line.contains("(white) vs ")) {
                    assertThat(new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor()).isZero();
                }
            }
        }
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(process.exitValue()).as(String.join("\n", seen)).isEqualTo(130);
        assertThat(seen).as(String.join("\n", seen))
                .contains("the arena was stopped before the game was over; the game does not count", "log: " + log);
        JsonNode record = Json.mapper().readTree(log.toFile());
        assertThat(record.get("termination").asText()).isEqualTo("aborted");
    }
}
