package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import caissa.arena.game.Entrant;
import caissa.arena.game.Game;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.TimeControl;
import caissa.arena.openings.BookOpenings;
import caissa.arena.openings.BookOrder;
import caissa.arena.openings.BookRecord;
import caissa.arena.openings.OpeningBook;
import caissa.arena.program.BotCommand;
import caissa.arena.records.Json;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import caissa.arena.tournament.Tournament;
import caissa.arena.tournament.TournamentFile;
import caissa.arena.tournament.TournamentObserver;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every document the arena writes conforms to its JSON Schema in reports/schemas, checked by a
 * maintained validator (networknt json-schema-validator, draft 2020-12) against real outputs:
 * a tournament with a crashing bot, single games, a match, and validation reports.
 */
class SchemaConformanceTest {

    private static final Path SCHEMAS = Path.of("..", "reports", "schemas");

    @TempDir
    static Path dir;

    static Path out;

    @BeforeAll
    static void runASmallTournament() throws Exception {
        Path file = dir.resolve("t.json");
        Files.writeString(
                file,
                Json.write(Map.of(
                        "name",
                        "schema-check",
                        "bots",
                        List.of(
                                Map.of(
                                        "name",
                                        "a",
                                        "command",
                                        TestBots.command("random", "1").argv()),
                                Map.of(
                                        "name",
                                        "b",
                                        "command",
                                        TestBots.command("crash", "3").argv())),
                        "gamesPerPair",
                        2,
                        "openingPlies",
                        2,
                        "timePerGame",
                        "10s",
                        "firstMoveAllowance",
                        "10s")));
        out = dir.resolve("out");
        Tournament.open(TournamentFile.read(file), file, out, false, TournamentObserver.NONE)
                .play(2);
    }

    private static JsonSchema schema(String name) throws IOException {
        JsonNode node = Json.mapper().readTree(SCHEMAS.resolve(name).toFile());
        SchemaValidatorsConfig config =
                SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(node, config);
    }

    private static List<String> problems(String schema, JsonNode document) throws IOException {
        return schema(schema).validate(document).stream()
                .map(ValidationMessage::getMessage)
                .sorted()
                .toList();
    }

    private static List<String> problems(String schema, Path document) throws IOException {
        return problems(schema, Json.mapper().readTree(document.toFile()));
    }

    private static CommandOutput caissa(String... args) {
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int exit = Main.run(args, new PrintWriter(stdout), new PrintWriter(stderr));
        return new CommandOutput(exit, stdout.toString(), stderr.toString());
    }

    private record CommandOutput(int exit, String out, String err) {}

    @Test
    void tournamentGameLogsConform() throws IOException {
        assertThat(problems("game.schema.json", out.resolve("games/0001.json"))).isEmpty();
        assertThat(problems("game.schema.json", out.resolve("games/0002.json"))).isEmpty();
    }

    @Test
    void aSingleGameLogConformsAndAStartFailureToo() throws IOException {
        TimeControl clock = new TimeControl(
                Duration.ofSeconds(10),
                Optional.of(Duration.ofSeconds(5)),
                Duration.ofMillis(100),
                Duration.ofSeconds(10));
        GameRecord played = Game.play(
                GameSetup.of(TestBots.entrant("a", "random", "4"), TestBots.entrant("b", "garbage", "2"), clock));
        GameRecord failed = Game.play(GameSetup.of(
                TestBots.entrant("a", "random", "4"), new Entrant("ghost", BotCommand.of("/nonexistent")), clock));
        Path first = dir.resolve("played.json");
        Path second = dir.resolve("failed.json");
        Json.writeFile(first, played);
        Json.writeFile(second, failed);

        assertThat(problems("game.schema.json", first)).isEmpty();
        assertThat(problems("game.schema.json", second)).isEmpty();
    }

    @Test
    void standingsConform() throws IOException {
        assertThat(problems("standings.schema.json", out.resolve("standings.json")))
                .isEmpty();
    }

    @Test
    void theTournamentRecordConforms() throws IOException {
        assertThat(problems("tournament.schema.json", out.resolve("tournament.json")))
                .isEmpty();
    }

    /** A book's record, with the moves found for a position in CFN, conforms where a run keeps it. */
    @Test
    void aBookWithAPositionConformsInTheTournamentRecord() throws IOException {
        Variant variant = Variant.CAISSA;
        Position position = variant.initial();
        for (String move : List.of("b2-c4", "e6-d5")) {
            position = position.play(variant.parseMove(move).orElseThrow());
        }
        OpeningBook book = OpeningBook.parse(Path.of("book.txt"), variant, "b2-c4\n" + position.toCfn() + "\n");
        JsonNode record = Json.mapper().readTree(out.resolve("tournament.json").toFile());
        ((ObjectNode) record.get("definition"))
                .set(
                        "openings",
                        Json.mapper().valueToTree(BookRecord.of(new BookOpenings(book, BookOrder.SEQUENTIAL, 1))));

        assertThat(record.get("definition").get("openings").get("lines").get(1).get("moves"))
                .hasSize(2);
        assertThat(problems("tournament.schema.json", record)).isEmpty();
    }

    @Test
    void everyJournalLineConforms() throws IOException {
        List<String> lines = Files.readAllLines(out.resolve("journal.jsonl"));
        assertThat(lines).hasSize(2);
        for (String line : lines) {
            assertThat(problems("journal.schema.json", Json.mapper().readTree(line)))
                    .as(line)
                    .isEmpty();
        }
    }

    @Test
    void aMatchSummaryWithIrregularLossesConformsAndItsGameLogsToo() throws IOException {
        Path match = dir.resolve("match");
        List<String> args = new ArrayList<>(List.of(
                "match",
                "--engine",
                TestBots.command("crash", "3").display(),
                "--baseline",
                TestBots.command("random", "2").display(),
                "--games",
                "4",
                "--opening-plies",
                "2",
                "--first-move-allowance",
                "10s",
                "--out",
                match.toString()));
        args.addAll(Sandboxes.asThisSuiteRuns());
        CommandOutput run = caissa(args.toArray(String[]::new));

        assertThat(run.err()).isEmpty();
        JsonNode summary = Json.mapper().readTree(match.resolve("summary.json").toFile());
        assertThat(summary.get("irregularLosses").get("engine").get("byCause")).isNotEmpty();
        assertThat(problems("match.schema.json", summary)).isEmpty();
        assertThat(problems("game.schema.json", match.resolve("games/0001.json")))
                .isEmpty();
    }

    @Test
    void validationReportsConformPassedAndFailed() throws IOException {
        for (String behaviour : List.of("random", "illegal")) {
            CommandOutput run = caissa(
                    "validate",
                    TestBots.command(behaviour, "2").display(),
                    "--json",
                    "-",
                    "--games",
                    "1",
                    "--opponent",
                    TestBots.command("random", "5").display(),
                    "--first-move-allowance",
                    "10s",
                    "--out",
                    dir.resolve("validate-" + behaviour).toString());

            assertThat(run.exit()).as(run.err()).isEqualTo(behaviour.equals("random") ? 0 : 1);
            assertThat(problems("validation.schema.json", Json.mapper().readTree(run.out())))
                    .as(behaviour)
                    .isEmpty();
        }
    }

    @Test
    void aBuildFailureReportConforms() throws IOException {
        Path source = Files.writeString(dir.resolve("broken.py"), "def (:\n");

        CommandOutput run = caissa(
                "validate",
                source.toString(),
                "--json",
                "-",
                "--opponent",
                TestBots.command("random", "5").display());

        assertThat(run.exit()).isEqualTo(1);
        assertThat(problems("validation.schema.json", Json.mapper().readTree(run.out())))
                .isEmpty();
    }

    @Test
    void anSprtPredictionConforms() throws IOException {
        CommandOutput run = caissa("sprt", "--elo0", "-10", "--elo1", "0", "--json", "-");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(problems("sprt.schema.json", Json.mapper().readTree(run.out())))
                .isEmpty();
    }

    @Test
    void aRatingListConforms() throws IOException {
        Path json = dir.resolve("ratings.json");
        CommandOutput run = caissa("ratings", out.toString(), "--json", json.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(problems("ratings.schema.json", json)).isEmpty();
    }

    @Test
    void theValidatorCatchesADocumentThatDoesNotConform() throws IOException {
        JsonNode document = Json.mapper().readTree("{\"schema\": \"caissa-arena/standings/2\", \"extra\": 1}");

        assertThat(String.join("\n", problems("standings.schema.json", document)))
                .contains("caissa-arena/standings/3", "extra", "standings");
        // The old match summary: sprt as a string, no settings.
        JsonNode match = Json.mapper().readTree("{\"schema\": \"caissa-arena/match/1\", \"sprt\": \"elo0=0,elo1=10\"}");
        assertThat(String.join("\n", problems("match.schema.json", match))).contains("sprt", "settings", "interrupted");
    }
}
