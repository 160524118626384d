package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import caissa.arena.contest.Accounts;
import caissa.arena.contest.Contest;
import caissa.arena.contest.ContestLayout;
import caissa.arena.game.Termination;
import caissa.arena.linux.Portable;
import caissa.arena.records.Json;
import caissa.arena.records.TournamentLayout;
import caissa.arena.testbots.Interruptible;
import caissa.arena.testbots.Poll;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import caissa.arena.testkit.ContestData;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every document that real runs write validates against its schema in reports/schemas: the runs
 * below end every way a game and a run can end (each irregular termination, forfeits of a bot
 * that cannot start, a Swiss with a final, match shards and their merge, a tournament and a match
 * stopped by SIGINT, validation, doctor, sprt, ratings), and the test walks every JSON file they
 * left, choosing the schema by the document's own {@code schema} field.
 */
class RealRunsConformTest {

    private static final Path SCHEMAS = Path.of("..", "reports", "schemas");

    @TempDir
    static Path dir;
    /** Everything the arena wrote, and only that: the inputs live beside it. */
    static Path outputs;

    private static CommandRun caissa(String... args) {
        return CommandRun.of(args);
    }

    private static Map<String, Object> bot(String name, String... behaviour) {
        Map<String, Object> bot = new LinkedHashMap<>();
        bot.put("name", name);
        bot.put("command", TestBots.command(behaviour).argv());
        return bot;
    }

    private static Path tournamentFile(String name, Map<String, Object> fields) throws IOException {
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("name", name);
        all.putAll(fields);
        return Files.writeString(dir.resolve("inputs").resolve(name + ".json"), Json.write(all));
    }

    private static List<String> withSandbox(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(Sandboxes.asThisSuiteRuns());
        return all;
    }

    @BeforeAll
    static void runEveryKindOfRun() throws Exception {
        Assumptions.assumeFalse(Portable.on(), "portable mode enforces no limits, so no game ends by resource-limit");
        outputs = dir.resolve("out");
        Files.createDirectories(dir.resolve("inputs"));

        // A gauntlet: one good engine against a bot for each irregular ending, the broken one forfeited.
        Map<String, Object> hog = bot("hog", "memory-hog", "2");
        hog.put("limits", Map.of("memory", "256M"));
        Map<String, Object> ghost =
                new LinkedHashMap<>(Map.of("name", "ghost", "command", List.of("/nonexistent/bot")));
        // A roomy clock: near its limit the kernel may take seconds to kill the hog (see HostileBotsTest).
        Path gauntlet = tournamentFile(
                "endings",
                Map.of(
                        "format",
                        "gauntlet",
                        "engines",
                        List.of("good"),
                        "bots",
                        List.of(
                                bot("good", "random", "3"),
                                bot("crash", "crash", "3"),
                                bot("illegal", "illegal", "2"),
                                bot("garbage", "garbage", "2"),
                                bot("hang", "hang", "2"),
                                hog,
                                ghost),
                        // No opening: a test bot that misbehaves at a move reads no opening line, and would be
                        // forfeited.
                        "gamesPerPair",
                        2,
                        "openingPlies",
                        0,
                        "timePerGame",
                        "20s",
                        "firstMoveAllowance",
                        "10s",
                        "broken",
                        "forfeit"));
        CommandRun endings = caissa(withSandbox(
                        "tournament",
                        gauntlet.toString(),
                        "--out",
                        outputs.resolve("endings").toString(),
                        "--concurrency",
                        "3")
                .toArray(String[]::new));
        assertThat(endings.exitCode()).as(endings.out() + endings.err()).isZero();

        // A Swiss with a final, a forfeiting bot among its players.
        Path swiss = tournamentFile(
                "swiss",
                Map.of(
                        "format",
                        "swiss",
                        "rounds",
                        2,
                        "final",
                        Map.of("top", 2, "gamesPerPair", 2),
                        "bots",
                        List.of(
                                bot("a", "random", "1"),
                                bot("b", "random", "2"),
                                bot("c", "random", "3"),
                                bot("d", "random", "4"),
                                new LinkedHashMap<>(ghost)),
                        "gamesPerPair",
                        2,
                        "openingPlies",
                        2,
                        "timePerGame",
                        "20s",
                        "firstMoveAllowance",
                        "10s",
                        "broken",
                        "forfeit"));
        CommandRun swissRun = caissa(withSandbox(
                        "tournament",
                        swiss.toString(),
                        "--out",
                        outputs.resolve("swiss").toString(),
                        "--concurrency",
                        "2")
                .toArray(String[]::new));
        assertThat(swissRun.exitCode()).as(swissRun.out() + swissRun.err()).isZero();

        // A fixed-length match in two shards, and their merge.
        for (int shard = 1; shard <= 2; shard++) {
            CommandRun run = caissa(withSandbox(
                            "match",
                            "--engine",
                            TestBots.command("random", "1").display(),
                            "--baseline",
                            TestBots.command("random", "2").display(),
                            "--games",
                            "8",
                            "--opening-plies",
                            "2",
                            "--first-move-allowance",
                            "10s",
                            "--shard",
                            shard + "/2",
                            "--out",
                            outputs.resolve("shard-" + shard).toString())
                    .toArray(String[]::new));
            assertThat(run.exitCode()).as(run.out() + run.err()).isIn(0, 1, 3);
        }
        CommandRun merged = caissa(
                "merge",
                "--out",
                outputs.resolve("merged").toString(),
                outputs.resolve("shard-1").toString(),
                outputs.resolve("shard-2").toString());
        assertThat(merged.exitCode()).as(merged.out() + merged.err()).isIn(0, 1, 3);

        // A tournament and a match stopped by SIGINT, as Ctrl-C stops them.
        interruptedTournament();
        Interruptible.Run match = Interruptible.arena(
                withSandbox(
                        "match",
                        "--engine",
                        TestBots.command("slow", "1").display(),
                        "--baseline",
                        TestBots.command("random", "2").display(),
                        "--games",
                        "400",
                        "--concurrency",
                        "1",
                        "--first-move-allowance",
                        "10s",
                        "--out",
                        outputs.resolve("stopped-match").toString(),
                        "--json",
                        outputs.resolve("stopped-match.json").toString()),
                line -> line.startsWith("games 2/400"));
        assertThat(match.exit()).as(match.text()).isEqualTo(130);

        // A validation a bot fails by its memory, the machine's doctor, a prediction and a rating list.
        CommandRun validate = caissa(withSandbox(
                        "validate",
                        TestBots.command("memory-hog", "2").display(),
                        "--memory",
                        "256M",
                        "--games",
                        "1",
                        "--opponent",
                        TestBots.command("random", "5").display(),
                        "--time-per-game",
                        "20s",
                        "--first-move-allowance",
                        "10s",
                        "--out",
                        outputs.resolve("validate").toString(),
                        "--json",
                        outputs.resolve("validation.json").toString())
                .toArray(String[]::new));
        assertThat(validate.exitCode()).as(validate.out() + validate.err()).isEqualTo(1);
        caissa("doctor", "--json", outputs.resolve("doctor.json").toString());
        assertThat(caissa(
                                "sprt",
                                "--elo0",
                                "-20",
                                "--elo1",
                                "0",
                                "--json",
                                outputs.resolve("sprt.json").toString())
                        .exitCode())
                .isZero();
        CommandRun ratings = caissa(
                "ratings",
                outputs.resolve("endings").toString(),
                outputs.resolve("swiss").toString(),
                "--json",
                outputs.resolve("ratings.json").toString());
        assertThat(ratings.exitCode()).as(ratings.err()).isZero();
        // A contest's data folder as 'caissa serve' leaves it (its copy of the contest file), and its status.
        Contest contest = ContestData.open(ContestData.SAMPLE, outputs.resolve("contest"));
        ContestLayout layout = contest.layout();
        new Accounts(contest.store(), Clock.systemUTC()).organiser();
        assertThat(caissa("contest", "invite", "--data", layout.dir().toString(), "ada")
                        .exitCode())
                .isZero();
        CommandRun status = caissa(
                "contest",
                "status",
                "--data",
                layout.dir().toString(),
                "--json",
                outputs.resolve("contest-status.json").toString());
        assertThat(status.exitCode()).as(status.err()).isZero();
    }

    /** A tournament of slow bots in a JVM of its own, sent SIGINT once its first game is journaled. */
    private static void interruptedTournament() throws Exception {
        Path file = tournamentFile(
                "stopped",
                Map.of(
                        "bots",
                        List.of(bot("s1", "slow", "1"), bot("s2", "slow", "1"), bot("s3", "slow", "1")),
                        "gamesPerPair",
                        2,
                        "timePerGame",
                        "30s",
                        "firstMoveAllowance",
                        "10s"));
        Path out = outputs.resolve("stopped");
        List<String> argv = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // As the launcher (./caissa) runs the arena: the client compiler alone.
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "tournament",
                file.toString(),
                "--out",
                out.toString(),
                "--concurrency",
                "2"));
        argv.addAll(Sandboxes.asThisSuiteRuns());
        Process arena = new ProcessBuilder(Interruptible.command(argv))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("stopped.log").toFile())
                .start();
        try {
            Poll.await(Duration.ofSeconds(180), Duration.ofMillis(5), "the first journaled game", () -> {
                Path journal = out.resolve(TournamentLayout.JOURNAL_FILE);
                if (Files.exists(journal) && !Files.readAllLines(journal).isEmpty()) {
                    return true;
                }
                if (!arena.isAlive()) {
                    throw new AssertionError(
                            "the tournament ended first: " + Files.readString(dir.resolve("stopped.log")));
                }
                return false;
            });
            assertThat(new ProcessBuilder("kill", "-INT", Long.toString(arena.pid()))
                            .start()
                            .waitFor())
                    .isZero();
            assertThat(arena.waitFor(60, TimeUnit.SECONDS))
                    .as("the arena stops")
                    .isTrue();
            assertThat(arena.exitValue())
                    .as(Files.readString(dir.resolve("stopped.log")))
                    .isEqualTo(130);
        } finally {
            arena.destroyForcibly();
        }
    }

    private static JsonSchema schema(String file) throws IOException {
        JsonNode node = Json.mapper().readTree(SCHEMAS.resolve(file).toFile());
        SchemaValidatorsConfig config =
                SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(node, config);
    }

    /** {@code caissa-arena/match-shard/2} is validated by {@code match-shard.schema.json}. */
    private static String schemaFileOf(JsonNode document) {
        String[] parts = document.path("schema").asText("").split("/");
        return parts.length == 3 && parts[0].equals("caissa-arena") ? parts[1] + ".schema.json" : null;
    }

    /** Every document the runs wrote, by path (a journal's lines one by one), with the schema that must hold it. */
    private static Map<String, Map.Entry<String, JsonNode>> documents() throws IOException {
        Map<String, Map.Entry<String, JsonNode>> all = new TreeMap<>();
        try (Stream<Path> files = Files.walk(outputs)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String name = outputs.relativize(file).toString();
                if (name.endsWith(".jsonl")) {
                    List<String> lines = Files.readAllLines(file);
                    for (int i = 0; i < lines.size(); i++) {
                        all.put(
                                name + ":" + (i + 1),
                                Map.entry("journal.schema.json", Json.mapper().readTree(lines.get(i))));
                    }
                } else if (name.endsWith(".json")) {
                    JsonNode document = Json.mapper().readTree(file.toFile());
                    all.put(name, Map.entry(String.valueOf(schemaFileOf(document)), document));
                }
            }
        }
        return all;
    }

    @Test
    void everyDocumentValidatesAgainstItsSchema() throws IOException {
        Map<String, Map.Entry<String, JsonNode>> documents = documents();
        List<String> problems = new ArrayList<>();
        // Each schema read and compiled once, not once per document (a journal line is one).
        Map<String, JsonSchema> schemas = new HashMap<>();
        for (Map.Entry<String, Map.Entry<String, JsonNode>> document : documents.entrySet()) {
            String schemaFile = document.getValue().getKey();
            if (!Files.exists(SCHEMAS.resolve(schemaFile))) {
                problems.add(document.getKey() + ": no schema for it (" + schemaFile + ")");
                continue;
            }
            if (!schemas.containsKey(schemaFile)) {
                schemas.put(schemaFile, schema(schemaFile));
            }
            for (ValidationMessage message :
                    schemas.get(schemaFile).validate(document.getValue().getValue())) {
                problems.add(document.getKey() + ": " + message.getMessage());
            }
        }

        assertThat(documents).hasSizeGreaterThan(50);
        assertThat(problems).isEmpty();
    }

    @Test
    void theRunsEndedEveryWayAndWroteEveryKindOfDocument() throws IOException {
        Set<String> schemas = new TreeSet<>();
        Set<String> terminations = new TreeSet<>();
        Set<String> journaled = new TreeSet<>();
        for (Map.Entry<String, Map.Entry<String, JsonNode>> document :
                documents().entrySet()) {
            schemas.add(document.getValue().getKey());
            JsonNode node = document.getValue().getValue();
            if (document.getValue().getKey().equals("game.schema.json")) {
                terminations.add(node.get("termination").asText());
            }
            if (document.getValue().getKey().equals("journal.schema.json")) {
                journaled.add(node.get("termination").asText());
            }
        }
        List<String> irregular = Stream.of(Termination.values())
                .filter(Termination::isIrregular)
                .map(Termination::word)
                .toList();

        try (Stream<Path> files = Files.list(SCHEMAS)) {
            assertThat(schemas)
                    .containsAll(files.map(f -> f.getFileName().toString()).toList());
        }
        assertThat(terminations).containsAll(irregular);
        assertThat(journaled).containsAll(irregular);
        JsonNode stoppedMatch =
                Json.mapper().readTree(outputs.resolve("stopped-match.json").toFile());
        assertThat(stoppedMatch.get("decision").asText()).isEqualTo("interrupted");
        JsonNode swiss = Json.mapper()
                .readTree(outputs.resolve("swiss")
                        .resolve(TournamentLayout.STANDINGS_FILE)
                        .toFile());
        assertThat(swiss.toString()).contains("\"final\"");
    }
}
