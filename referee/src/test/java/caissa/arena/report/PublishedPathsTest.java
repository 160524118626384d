package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a published page shows of the organiser's paths: relative to the tournament's folder, else the file's name. */
class PublishedPathsTest {

    private static final PublishedPaths CLASS = new PublishedPaths(Optional.of(Path.of("/home/teacher/class")));

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "/home/teacher/class/books/caissa.txt | books/caissa.txt",
                "/home/teacher/class | .",
                "/home/teacher/other/bot.py | bot.py",
                "/tmp/caissa-runs/cup | cup",
                "bots/alice/run.sh | bots/alice/run.sh",
                "/usr/bin/python3 | /usr/bin/python3",
            })
    void aPathIsRelativeToTheTournamentsFolderElseItsName(String path, String shown) {
        assertThat(CLASS.path(path)).isEqualTo(shown);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "could not start /home/teacher/class/bots/alice/run.sh: no such file | could not start bots/alice/run.sh: no such file",
                "File \"/home/teacher/other/bot.py\", line 3 | File \"bot.py\", line 3",
                "wins 1/2-1/2 at move 40/80 | wins 1/2-1/2 at move 40/80",
                "cwd=/root/x/y and /tmp/a/b. | cwd=y and b.",
                "/usr/lib/jvm/bin/java crashed | /usr/lib/jvm/bin/java crashed",
            })
    void freeTextHasEachPathShownSo(String text, String shown) {
        assertThat(CLASS.text(text)).isEqualTo(shown);
    }

    @Test
    void theTournamentsFolderIsFoundFromAFileNamedRelativeToWhereTheRunStarted() throws IOException {
        JsonNode record = Json.mapper().readTree("""
                {"file": "tournaments/sample.json", "definition": {"bots": [
                  {"name": "a", "command": ["/opt/x/bot", "--book=/home/u/src/arena/tournaments/books/b.txt"],
                   "workingDir": "/home/u/src/arena/tournaments", "env": {"TOKEN": "s3cret"}},
                  {"name": "b", "command": ["sample:random"], "workingDir": "/home/u/src/arena/tournaments", "env": {}},
                  {"name": "c", "command": ["./c"], "workingDir": "/home/u/bots/c", "env": {}}],
                  "openings": {"file": "/home/u/src/arena/tournaments/books/caissa.txt", "order": "sequential", "seed": 1,
                    "lines": [{"line": 5, "text": "c3-d3"}, {"line": 6, "text": "c2-a4"}]}},
                 "broken": [{"name": "c", "problem": "/home/u/bots/c/c: permission denied"}]}
                """);

        PublishedPaths paths = PublishedPaths.of(Optional.of(record));
        JsonNode shown = paths.tournament(record);

        assertThat(paths.base()).contains(Path.of("/home/u/src/arena/tournaments"));
        assertThat(shown.toString()).doesNotContain("/home/u", "s3cret", "c3-d3");
        JsonNode bots = shown.get("definition").get("bots");
        assertThat(bots.get(0).get("command").get(1).asText()).isEqualTo("--book=books/b.txt");
        assertThat(bots.get(0).get("command").get(0).asText()).isEqualTo("bot");
        assertThat(bots.get(0).get("workingDir").asText()).isEqualTo(".");
        assertThat(bots.get(0).get("env").get("TOKEN").asText()).isEqualTo("…");
        assertThat(bots.get(2).get("workingDir").asText()).isEqualTo("c");
        assertThat(shown.get("definition").get("openings").get("file").asText()).isEqualTo("books/caissa.txt");
        assertThat(shown.get("definition").get("openings").get("lines").asInt()).isEqualTo(2);
        assertThat(shown.get("broken").get(0).get("problem").asText()).isEqualTo("c: permission denied");
        // The record itself is untouched: resume and verify read it.
        assertThat(record.get("definition").get("openings").get("lines")).hasSize(2);
        assertThat(record.toString()).contains("s3cret");
    }
}
