package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.Game;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.TimeControl;
import caissa.arena.testbots.TestBots;
import caissa.arena.tournament.Tournament;
import caissa.arena.tournament.TournamentFile;
import caissa.arena.tournament.TournamentObserver;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The documents the arena writes conform to the JSON Schemas shipped in reports/schemas. */
class SchemaConformanceTest {

    private static final Path SCHEMAS = Path.of("..", "reports", "schemas");

    @TempDir
    static Path dir;
    static Path out;

    @BeforeAll
    static void runASmallTournament() throws Exception {
        Path file = dir.resolve("t.json");
        Files.writeString(file, Json.write(java.util.Map.of(
                "name", "schema-check",
                "bots", List.of(
                        java.util.Map.of("name", "a", "command", TestBots.command("random", "1").argv()),
                        java.util.Map.of("name", "b", "command", TestBots.command("crash", "3").argv())),
                "gamesPerPair", 2, "openingPlies", 2, "timePerGame", "10s", "firstMoveAllowance", "10s")));
        out = dir.resolve("out");
        Tournament.open(TournamentFile.read(file), file, out, false, TournamentObserver.NONE).play(2);
    }

    private static List<String> problems(String schema, Path document) throws IOException {
        JsonNode schemaNode = Json.mapper().readTree(SCHEMAS.resolve(schema).toFile());
        return new SchemaValidator(schemaNode).validate(Json.mapper().readTree(document.toFile()));
    }

    @Test
    void tournamentGameLogsConform() throws IOException {
        assertThat(problems("game.schema.json", out.resolve("games/0001.json"))).isEmpty();
        assertThat(problems("game.schema.json", out.resolve("games/0002.json"))).isEmpty();
    }

    @Test
    void aSingleGameLogConformsAndAStartFailureToo() throws IOException {
        TimeControl clock = new TimeControl(Duration.ofSeconds(10), Optional.of(Duration.ofSeconds(5)), Duration.ofMillis(100),
                Duration.ofSeconds(10));
        GameRecord played = Game.play(GameSetup.of(TestBots.entrant("a", "random", "4"), TestBots.entrant("b", "garbage", "2"), clock));
        GameRecord failed = Game.play(GameSetup.of(TestBots.entrant("a", "random", "4"),
                new caissa.arena.game.Entrant("ghost", caissa.arena.bot.BotCommand.of("/nonexistent")), clock));
        Path first = dir.resolve("played.json");
        Path second = dir.resolve("failed.json");
        Json.writeFile(first, played);
        Json.writeFile(second, failed);

        assertThat(problems("game.schema.json", first)).isEmpty();
        assertThat(problems("game.schema.json", second)).isEmpty();
    }

    @Test
    void standingsConform() throws IOException {
        assertThat(problems("standings.schema.json", out.resolve("standings.json"))).isEmpty();
    }

    @Test
    void theTournamentRecordConforms() throws IOException {
        assertThat(problems("tournament.schema.json", out.resolve("tournament.json"))).isEmpty();
    }

    @Test
    void theValidatorCatchesADocumentThatDoesNotConform() throws IOException {
        JsonNode schema = Json.mapper().readTree(SCHEMAS.resolve("standings.schema.json").toFile());
        JsonNode document = Json.mapper().readTree("{\"schema\": \"caissa-arena/standings/3\", \"extra\": 1}");

        assertThat(new SchemaValidator(schema).validate(document))
                .contains("/schema: expected \"caissa-arena/standings/2\", got \"caissa-arena/standings/3\"",
                        "/extra: field not in the schema", ": missing required field standings");
    }
}
