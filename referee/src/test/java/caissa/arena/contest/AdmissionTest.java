package caissa.arena.contest;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.TimeControl;
import caissa.arena.records.Json;
import caissa.arena.rules.Variant;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.testbots.TestBots;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The admission test on the real C example bot: built by the contest's recipe, played, reported without machine paths. */
class AdmissionTest {

    static final Admission.Test TEST = new Admission.Test(
            Variant.CAISSA,
            List.of(TestBots.entrant("random", "random")),
            1,
            new TimeControl(Duration.ofSeconds(10), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10)),
            Duration.ofSeconds(120),
            ResourceLimits.DEFAULT,
            Isolation.defaults());

    @TempDir
    Path dir;

    private Path submission(String name, String source) throws Exception {
        Path folder = Files.createDirectories(dir.resolve("submissions/1/upload"));
        Files.writeString(folder.resolve(name), source);
        return folder.getParent();
    }

    @Test
    void theExampleCBotIsBuiltPlayedAndAdmitted() throws Exception {
        Path submission = submission("random_bot.c", Files.readString(examples().resolve("random_bot.c")));
        List<String> states = new ArrayList<>();
        Admission.Result result = Admission.run(submission, UploadedSourceTest.C, "alice-1", TEST, states::add);
        assertThat(states).containsExactly("building", "testing");
        assertThat(result.admitted())
                .as(Files.readString(submission.resolve("admission.json")))
                .isTrue();
        assertThat(result.reason()).startsWith("PASS: alice-1 passed all");
        String text = Files.readString(submission.resolve("admission.json"));
        assertThat(text).doesNotContain(dir.toString());
        JsonNode report = Json.mapper().readTree(text);
        assertThat(report.get("schema").asText()).isEqualTo("caissa-arena/validation/1");
        assertThat(report.get("checks").get(0).get("evidence").asText()).startsWith("gcc -O2 -o bot random_bot.c -lm");
        assertThat(report.get("games")).hasSize(2);
        assertThat(report.get("games").get(0).get("log").asText()).isEqualTo("games/0001.json");
        assertThat(submission.resolve("games/0001.json")).exists();
        assertThat(submission.resolve("games/0002.json")).exists();
    }

    @Test
    void aBotThatDoesNotCompileIsNotAdmittedWithTheCompilersMessage() throws Exception {
        Path submission = submission("bot.c", "int main(void) { return missing; }\n");
        List<String> states = new ArrayList<>();
        Admission.Result result = Admission.run(submission, UploadedSourceTest.C, "alice-2", TEST, states::add);
        assertThat(states).containsExactly("building");
        assertThat(result.admitted()).isFalse();
        assertThat(result.reason()).isEqualTo("FAIL: alice-2 does not build (C)");
        JsonNode report =
                Json.mapper().readTree(submission.resolve("admission.json").toFile());
        assertThat(report.get("checks").get(0).get("evidence").asText())
                .contains("gcc exited with status 1")
                .contains("bot.c:1:")
                .contains("missing");
        assertThat(Files.readString(submission.resolve("admission.json"))).doesNotContain(dir.toString());
    }

    static Path examples() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("sample-bots/examples"))) {
                return p.resolve("sample-bots/examples");
            }
        }
        throw new IllegalStateException("no sample-bots/examples above " + here);
    }
}
