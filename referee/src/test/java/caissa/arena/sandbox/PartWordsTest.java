package caissa.arena.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One word per kind of each part, the same in {@code caissa doctor}, its schema and the game log's
 * schema: the game log's words are the ones kept (old logs must still read), and doctor prints
 * {@link Host.Kind#word()}. A kind renamed on one side only fails here.
 */
class PartWordsTest {

    private static final Path SCHEMAS = Path.of("..", "reports", "schemas");

    /** Each part: its kinds, its field in a game log's {@code sandbox} (null: not recorded there), its field in doctor's report. */
    static Stream<Arguments> parts() {
        return Stream.of(
                Arguments.of(Host.Launcher.values(), "sandbox", "sandbox"),
                Arguments.of(Host.LimitsBy.values(), "limitsBy", "limits"),
                Arguments.of(Host.SuspendBy.values(), "suspendBy", "suspend"),
                Arguments.of(Host.EndBy.values(), "endBy", "end"),
                Arguments.of(Host.Output.values(), "output", "output"),
                Arguments.of(Host.CpuClock.values(), null, "cpuClock"),
                Arguments.of(Host.CgroupVersion.values(), null, "cgroup"),
                Arguments.of(Host.Reach.values(), null, "reach"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("parts")
    void doctorAndItsSchemaAndTheGameLogsSchemaNameEachKindAlike(
            Host.Kind[] kinds, String gameField, String doctorField) throws IOException {
        List<String> words = Arrays.stream(kinds).map(Host.Kind::word).toList();

        JsonNode doctor =
                Json.mapper().readTree(SCHEMAS.resolve("doctor.schema.json").toFile());
        assertThat(words(doctor.at("/properties/" + doctorField + "/properties/kind/enum")))
                .as("doctor.schema.json's %s kinds", doctorField)
                .containsExactlyInAnyOrderElementsOf(words);
        if (gameField != null) {
            assertThat(words(gameLogSandbox().get(gameField).get("enum")))
                    .as("game.schema.json's sandbox.%s", gameField)
                    .containsExactlyInAnyOrderElementsOf(words);
        }
    }

    /** What a game log records of a launch is the launching's kind, in doctor's word, for every launching. */
    @ParameterizedTest
    @MethodSource("launchings")
    void aGameLogRecordsTheLaunchAsDoctorNamesIt(Launching launching) throws IOException {
        assertThat(launching.word()).isEqualTo(launching.kind().word());
        assertThat(words(gameLogSandbox().get("sandbox").get("enum"))).contains(launching.word());
    }

    static Stream<Launching> launchings() {
        return Stream.of(new DirectLaunching(), new PlainLaunching(), new BubblewrapLaunching());
    }

    /** The properties of a game log's {@code sandbox} object (the non-null branch of its oneOf). */
    private static JsonNode gameLogSandbox() throws IOException {
        JsonNode game =
                Json.mapper().readTree(SCHEMAS.resolve("game.schema.json").toFile());
        for (JsonNode sandbox : game.findValues("sandbox")) {
            for (JsonNode branch : sandbox.path("oneOf")) {
                if (branch.has("properties") && branch.get("properties").has("limitsBy")) {
                    return branch.get("properties");
                }
            }
        }
        throw new AssertionError("game.schema.json has no sandbox object with limitsBy");
    }

    private static List<String> words(JsonNode array) {
        assertThat(array.isArray()).as("an enum: " + array).isTrue();
        List<String> words = new ArrayList<>();
        array.forEach(word -> words.add(word.asText()));
        return words;
    }
}
