package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import caissa.arena.stats.Sprt;
import caissa.arena.stats.SprtDuration;
import caissa.arena.testkit.CommandRun;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caissa sprt}: the prediction SprtDurationTest checks against simulation, as printed and as JSON. */
class SprtCommandTest {

    @Test
    void printsTheExpectedGamesUnderEachHypothesisAndThe95PercentPoint(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("sprt.json");
        CommandRun text =
                CommandRun.of("sprt", "--elo0", "0", "--elo1", "10", "--draw-ratio", "0.4", "--json", file.toString());
        CommandRun json = CommandRun.of("sprt", "--elo0", "0", "--elo1", "10", "--draw-ratio", "0.4", "--json", "-");

        SprtDuration expected = SprtDuration.of(new Sprt(0, 10, 0.05, 0.05), 0.4);
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out())
                .contains("SPRT elo0=0,elo1=10,alpha=0.05,beta=0.05, draw ratio 0.4, LLR bounds [-2.94, 2.94]")
                .contains("expected games if the true Elo is elo0 (0): " + Math.round(expected.expectedGamesH0()))
                .contains("expected games if the true Elo is elo1 (10): " + Math.round(expected.expectedGamesH1()))
                .contains("95% of tests stop within " + Math.round(expected.games95()) + " games");
        // --json FILE writes beside the text what --json - prints alone.
        assertThat(Files.readString(file)).isEqualTo(json.out());
        JsonNode document = Json.mapper().readTree(json.out());
        assertThat(document.get("expectedGamesH0").asLong()).isEqualTo(Math.round(expected.expectedGamesH0()));
        assertThat(document.get("expectedGamesH1").asLong()).isEqualTo(Math.round(expected.expectedGamesH1()));
        assertThat(document.get("games95").asLong()).isEqualTo(Math.round(expected.games95()));
    }

    @Test
    void badHypothesesAreOneLineAndExitCode2() {
        CommandRun run = CommandRun.of("sprt", "--elo0", "10", "--elo1", "0");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("caissa sprt: SPRT: elo0 (10) must be less than elo1 (0)");
    }
}
