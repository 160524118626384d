package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import caissa.arena.testkit.CommandRun;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caissa ratings} over the game logs of several folders: the table, --json, --html and bad input. */
class RatingsCommandTest {

    @TempDir
    Path dir;

    /** A folder whose games/ holds the given games, each {white, black, result} or {white, black, result, termination}. */
    private Path folder(String name, String[][] games) throws IOException {
        Path folder = Files.createDirectories(dir.resolve(name).resolve("games"));
        for (int i = 0; i < games.length; i++) {
            Files.writeString(
                    folder.resolve(String.format("%05d.json", i + 1)),
                    Json.write(Map.of(
                            "schema",
                            "caissa-arena/game/3",
                            "white",
                            Map.of("name", games[i][0]),
                            "black",
                            Map.of("name", games[i][1]),
                            "result",
                            games[i][2],
                            "moves",
                            List.of(),
                            "termination",
                            games[i].length > 3 ? games[i][3] : "checkmate")));
        }
        return folder.getParent();
    }

    @Test
    void aBotThatNeverStartedHasNoRatingAndItsForfeitsAreShownApart() throws IOException {
        Path first = folder("t1", new String[][] {
            {"a", "b", "1-0"},
            {"b", "a", "1/2-1/2"},
            {"a", "b", "0-1"},
            {"a", "ghost", "1-0", "start-failure"},
            {"ghost", "b", "0-1", "start-failure"},
            {"b", "a", "1-0", "start-failure"}
        });

        CommandRun run = CommandRun.of(
                "ratings",
                first.toString(),
                "--json",
                dir.resolve("r.json").toString(),
                "--html",
                dir.resolve("r.html").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.outLines().get(0))
                .isEqualTo("ratings: 3 games of 2 bots from 1 folder (3 without a rating result"
                        + " left out, among them games a bot could not start)");
        assertThat(run.outLines().get(1)).endsWith("not started (not rated)");
        assertThat(run.outLines().get(run.outLines().size() - 1))
                .startsWith("   –  ghost")
                .contains("      –  ")
                .endsWith("  2");
        JsonNode json = Json.mapper().readTree(dir.resolve("r.json").toFile());
        assertThat(json.get("games").asInt()).isEqualTo(3);
        assertThat(json.get("bots")).hasSize(3);
        // a and b: three rated games each (a's forfeit at game 6 is not rated), a even score, no rating of a ghost.
        for (int i = 0; i < 2; i++) {
            assertThat(json.get("bots").get(i).get("games").asInt()).isEqualTo(3);
            assertThat(json.get("bots").get(i).get("score").asDouble()).isEqualTo(0.5);
        }
        JsonNode ghost = json.get("bots").get(2);
        assertThat(ghost.get("name").asText()).isEqualTo("ghost");
        assertThat(ghost.get("elo").isNull()).isTrue();
        assertThat(ghost.get("rank").isNull()).isTrue();
        assertThat(ghost.get("games").asInt()).isZero();
        assertThat(ghost.get("startFailures").asInt()).isEqualTo(2);
        // The list with a bot that has no rating is what its schema allows.
        JsonNode schema = Json.mapper()
                .readTree(Path.of("..", "reports", "schemas", "ratings.schema.json")
                        .toFile());
        assertThat(JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                        .getSchema(schema)
                        .validate(json))
                .isEmpty();
        assertThat(Files.readString(dir.resolve("r.html")))
                .contains("<td class=\"name\">ghost</td><td class=\"elo\">–</td>");
    }

    @Test
    void ratesTheBotsOfEveryFolderTogetherAndWritesJsonAndHtml() throws IOException {
        Path first = folder("t1", new String[][] {{"a", "b", "1-0"}, {"b", "a", "1/2-1/2"}, {"a", "b", "1-0"}});
        Path second = folder("m1", new String[][] {{"b", "c", "1-0"}, {"c", "b", "0-0"}, {"c", "b", "0-1"}});

        CommandRun run = CommandRun.of(
                "ratings",
                first.toString(),
                second.toString(),
                "--anchor",
                "b=1000",
                "--json",
                dir.resolve("r.json").toString(),
                "--html",
                dir.resolve("r.html").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.outLines().get(0))
                .isEqualTo("ratings: 5 games of 3 bots from 2 folders (1 without a rating result left out)");
        assertThat(run.outLines().get(2)).contains("a").contains("83.3%");
        // c lost every rated game: a bound, not a rating (issue 39).
        assertThat(run.outLines().get(4)).contains("c").contains("below").contains("(97.5%)");
        JsonNode json = Json.mapper().readTree(dir.resolve("r.json").toFile());
        assertThat(json.get("schema").asText()).isEqualTo("caissa-arena/ratings/2");
        assertThat(json.get("bots")).hasSize(3);
        assertThat(json.get("bots").get(1).get("name").asText()).isEqualTo("b");
        assertThat(json.get("bots").get(1).get("elo").asDouble()).isEqualTo(1000.0);
        assertThat(json.get("bots").get(2).get("name").asText()).isEqualTo("c");
        assertThat(json.get("bots").get(2).get("bound").asText()).isEqualTo("upper");
        assertThat(json.get("bots").get(2).get("elo").isNull()).isTrue();
        assertThat(Files.readString(dir.resolve("r.html")))
                .contains("<table id=\"ratings\" class=\"data\">")
                .contains("b held at 1000");
    }

    @Test
    void jsonDashPrintsTheDocumentAloneOnStandardOutput() throws IOException {
        Path first = folder("t1", new String[][] {{"a", "b", "1-0"}, {"b", "a", "1/2-1/2"}});

        CommandRun run = CommandRun.of("ratings", first.toString(), "--prior", "0.5", "--json", "-");

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = Json.mapper().readTree(run.out());
        assertThat(json.get("schema").asText()).isEqualTo("caissa-arena/ratings/2");
        assertThat(json.get("prior").asDouble()).isEqualTo(0.5);
        assertThat(json.get("bots")).hasSize(2);
        assertThat(dir.resolve("-")).doesNotExist();
    }

    @Test
    void aFieldThatNeverMetIsSaidInOneLine() throws IOException {
        Path first = folder("t1", new String[][] {{"a", "b", "1-0"}});
        Path second = folder("t2", new String[][] {{"c", "d", "0-1"}});

        CommandRun run = CommandRun.of("ratings", first.toString(), second.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.outLines())
                .contains("ratings: the bots fall into 2 groups that never met, rated apart: a, b; c, d");
    }

    @Test
    void aFolderWithoutGameLogsOrABadAnchorIsExitCode2InOneLine() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Path first = folder("t1", new String[][] {{"a", "b", "1-0"}});

        CommandRun none = CommandRun.of("ratings", empty.toString());
        CommandRun anchor = CommandRun.of("ratings", first.toString(), "--anchor", "a");
        CommandRun prior = CommandRun.of("ratings", first.toString(), "--prior", "-1");
        CommandRun bounded = CommandRun.of("ratings", first.toString(), "--anchor", "a=1000");

        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.errLines()).containsExactly("caissa ratings: " + empty + ": no game logs (in games/*.json)");
        assertThat(anchor.exitCode()).isEqualTo(2);
        assertThat(anchor.errLines())
                .containsExactly("caissa ratings: --anchor must be NAME=ELO, like mybot=1500, got 'a'");
        assertThat(prior.exitCode()).isEqualTo(2);
        assertThat(prior.errLines())
                .containsExactly("caissa ratings: --prior must be a number of virtual draws from 0 to 1000, got -1.0");
        assertThat(bounded.exitCode()).isEqualTo(2);
        assertThat(bounded.errLines())
                .containsExactly(
                        "caissa ratings: --anchor: 'a' has a perfect score and only a bound, not a rating to hold");
    }
}
