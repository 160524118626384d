package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.diagnostics.Hints;
import caissa.arena.records.GameFiles;
import caissa.arena.records.Json;
import caissa.arena.testbots.Interruptible;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code caissa match} with real misbehaving bots: names, the check before the games, causes, no result, interruption. */
class MatchCommandTest {

    private static final Path RANDOM_PY = Path.of("..", "sample-bots", "examples", "random_bot.py");

    @TempDir
    Path dir;

    private CommandRun match(String engine, String baseline, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "match",
                "--engine",
                engine,
                "--baseline",
                baseline,
                "--first-move-allowance",
                "10s",
                "--concurrency",
                "2",
                "--out",
                dir.resolve("out").toString()));
        args.addAll(List.of(more));
        return CommandRun.of(args.toArray(String[]::new));
    }

    private static String bot(String... args) {
        return TestBots.command(args).display();
    }

    private JsonNode summary() throws IOException {
        return Json.mapper().readTree(dir.resolve("out").resolve("summary.json").toFile());
    }

    @Test
    void theSameDefaultNameTwiceIsMadeUniqueAndTheSummaryHoldsSettingsAndNumbers() throws IOException {
        CommandRun run = match(
                bot("random", "1"),
                bot("random", "2"),
                "--games",
                "4",
                "--seed",
                "7",
                "--opening-plies",
                "2",
                "--time-per-game",
                "5s");

        assertThat(run.exitCode()).as(run.out() + run.err()).isIn(0, 1, 3);
        assertThat(run.out())
                .contains("match: TestBot-engine (engine) vs TestBot-baseline (baseline), exactly 4 games")
                .contains("  game logs: " + dir.resolve("out").resolve("games"))
                .contains("openings: 2 plies, seed 7");
        JsonNode summary = summary();
        assertThat(summary.get("engine").get("name").asText()).isEqualTo("TestBot-engine");
        assertThat(summary.get("baseline").get("command").get(0).asText()).endsWith("java");
        assertThat(summary.get("sprt").get("elo0").isNumber()).isTrue();
        assertThat(summary.get("sprt").get("elo1").asDouble()).isEqualTo(10.0);
        assertThat(summary.get("settings").get("timeControl").get("timePerGame").asText())
                .isEqualTo("5s");
        assertThat(summary.get("settings").get("seed").asLong()).isEqualTo(7);
        assertThat(summary.get("settings").get("openingPlies").asInt()).isEqualTo(2);
        assertThat(summary.get("gamesDir").asText())
                .isEqualTo(dir.resolve("out").resolve("games").toString());
        assertThat(summary.get("interrupted").asBoolean()).isFalse();
        JsonNode log = Json.mapper()
                .readTree(
                        dir.resolve("out").resolve("games").resolve("0001.json").toFile());
        assertThat(log.get("tournament").get("games").asInt())
                .isEqualTo(summary.get("games").asInt())
                .isEqualTo(4);
    }

    @Test
    void aSequentialMatchReportsTheEloCorrectedForItsStopAndNormalizedElo() throws IOException {
        CommandRun run = match(
                bot("random", "1"),
                bot("random", "2"),
                "--sprt",
                "elo0=-300,elo1=300",
                "--max-games",
                "6",
                "--seed",
                "3",
                "--time-per-game",
                "5s");

        assertThat(run.exitCode()).as(run.out() + run.err()).isIn(0, 1, 3);
        JsonNode summary = summary();
        for (String field : List.of("eloCorrected", "normalizedElo")) {
            assertThat(summary.get(field).isObject()).as(field).isTrue();
            assertThat(summary.get(field).has("low")).isTrue();
            assertThat(summary.get(field).has("high")).isTrue();
        }
        assertThat(run.out()).contains("  Elo corrected for the early stop ").contains(", normalized Elo ");
        // The test stops at Wald's bounds moved inward by the expected overshoot, and says so.
        JsonNode wald = summary.get("bounds");
        JsonNode stopping = summary.get("stoppingBounds");
        assertThat(stopping.get(0).asDouble())
                .isGreaterThanOrEqualTo(wald.get(0).asDouble());
        assertThat(stopping.get(1).asDouble()).isLessThanOrEqualTo(wald.get(1).asDouble());
        double llr = summary.get("llr").asDouble();
        boolean decided = !summary.get("decidedAtGames").isNull();
        assertThat(decided)
                .isEqualTo(llr >= stopping.get(1).asDouble()
                        || llr <= stopping.get(0).asDouble());
        assertThat(run.out())
                .contains(String.format(
                        Locale.ROOT,
                        "LLR %.2f [%.2f, %.2f]",
                        llr,
                        stopping.get(0).asDouble(),
                        stopping.get(1).asDouble()));
    }

    @Test
    void aMatchFromABookPlaysLineKInPairKRecordsItAndVerifies() throws IOException {
        Path book = Files.writeString(dir.resolve("book.txt"), "b2-c4 e6-d5\n# a comment\nc2-a4\n");

        CommandRun run = match(
                bot("random", "1"),
                bot("random", "2"),
                "--games",
                "6",
                "--openings",
                book.toString(),
                "--time-per-game",
                "5s");

        assertThat(run.exitCode()).as(run.out() + run.err()).isIn(0, 1, 3);
        assertThat(run.out()).contains("openings: book " + book + " (2 lines)");
        assertThat(summary().get("settings").get("openings").asText()).isEqualTo(book.toString());
        int[] lines = {1, 1, 3, 3, 1, 1};
        for (int game = 1; game <= 6; game++) {
            JsonNode log = Json.mapper()
                    .readTree(dir.resolve("out")
                            .resolve("games")
                            .resolve(GameFiles.name(game, 6))
                            .toFile());
            assertThat(log.get("book").get("line").asInt()).as("game %d", game).isEqualTo(lines[game - 1]);
        }
        CommandRun verify = CommandRun.of("verify", dir.resolve("out").toString());
        assertThat(verify.exitCode()).as(verify.out() + verify.err()).isZero();
    }

    @Test
    void aBadBookOrABookWithOpeningPliesIsRefusedBeforeAnyGame() throws IOException {
        Path book = Files.writeString(dir.resolve("bad.txt"), "b2-c4 b2-c4\n");

        CommandRun bad = match(bot("random", "1"), bot("random", "2"), "--games", "2", "--openings", book.toString());
        CommandRun both = match(
                bot("random", "1"),
                bot("random", "2"),
                "--games",
                "2",
                "--openings",
                book.toString(),
                "--opening-plies",
                "2");

        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.errLines())
                .containsExactly(
                        "caissa match: " + book + ":1: move 2, b2-c4, is illegal: there is no black piece on b2");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.errLines()).containsExactly("caissa match: --openings and --opening-plies: give one of them");
    }

    @Test
    void jsonDashIsRefusedSinceTheProgressIsOnStandardOutput() {
        CommandRun run = match(bot("random", "1"), bot("random", "2"), "--games", "2", "--json", "-");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().strip())
                .isEqualTo(
                        "caissa match: --json - is not for match, whose progress is on standard output: give a FILE");
        assertThat(dir.resolve("-")).doesNotExist();
    }

    @Test
    void twoGivenNamesThatAreEqualAreRefused() {
        CommandRun run =
                match(bot("random", "1"), bot("random", "2"), "--engine-name", "mybot", "--baseline-name", "mybot");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().strip())
                .isEqualTo("caissa match: --engine-name and --baseline-name must differ, both are 'mybot'");
    }

    @Test
    void irregularLossesAreSummarisedByCauseWithAnExample() throws IOException {
        CommandRun run = match(
                bot("crash", "3"),
                bot("random", "2"),
                "--games",
                "4",
                "--engine-name",
                "new",
                "--baseline-name",
                "old");

        assertThat(run.out())
                .contains("  the engine (new) lost 4 games irregularly:", "    4 by crash, e.g. game ")
                .contains("exited with status 3 before the game was over", "      game log: ");
        JsonNode engine = summary().get("irregularLosses").get("engine");
        assertThat(engine.get("games").asInt()).isEqualTo(4);
        JsonNode cause = engine.get("byCause").get(0);
        assertThat(cause.get("cause").asText()).isEqualTo("crash");
        assertThat(cause.get("games").asInt()).isEqualTo(4);
        assertThat(cause.get("example").get("reason").asText()).contains("new (", "exited with status 3");
        assertThat(Path.of(cause.get("example").get("log").asText())).isRegularFile();
    }

    @Test
    void aMatchInWhichEveryGameFailsIsItsOwnResult() throws IOException {
        // Both answer the first move (so they pass the check before the games), then crash.
        CommandRun run = match(bot("crash", "2"), bot("crash", "2"), "--games", "4");

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(4);
        assertThat(run.out())
                .contains("no result: every game ended in an irregular loss, so the match measured nothing:"
                        + " failed after 4 games");
        assertThat(summary().get("decision").asText()).isEqualTo("failed");
    }

    @Test
    void aBotThatCannotAnswerStartIsRefusedInOneLineWithItsStderr() throws IOException {
        Path script = dir.resolve("broken.py");
        Files.writeString(script, "import weights_loader\n" + Files.readString(RANDOM_PY));

        CommandRun run = match("python3 " + script, bot("random", "2"));

        assertThat(run.exitCode()).isEqualTo(2);
        // The bot's line, then the refusal with the choice that would let the match be played.
        assertThat(run.err().lines().toList())
                .hasSize(2)
                .first()
                .asString()
                .startsWith("caissa match: --engine broken cannot play: it was started once before the games and closed"
                        + " its output before answering 'start' (exited with status 1)")
                .endsWith("; its stderr ends: ModuleNotFoundError: No module named 'weights_loader'");
        assertThat(run.err().lines().toList().get(1))
                .startsWith("caissa match: the match is refused")
                .contains("--broken forfeit");
        assertThat(run.out()).isEmpty();
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void withBrokenForfeitTheMatchIsPlayedAndTheBrokenBotLosesEachGameByStartFailure() throws IOException {
        Path script = dir.resolve("broken.py");
        Files.writeString(script, "import weights_loader\n" + Files.readString(RANDOM_PY));

        CommandRun run = match("python3 " + script, bot("random", "2"), "--broken", "forfeit", "--games", "4");

        assertThat(run.out()).contains("broken: --engine broken cannot play", "it loses each game by start-failure");
        JsonNode engine = summary().get("irregularLosses").get("engine");
        assertThat(engine.get("games").asInt()).isEqualTo(4);
        assertThat(engine.get("byCause").get(0).get("cause").asText()).isEqualTo("start-failure");
        assertThat(engine.get("byCause").get(0).get("example").get("reason").asText())
                .contains("it failed the check before the games, so it is not started again");
        // Every game an irregular loss: the match has no result (the bots did not play), exit code 4.
        assertThat(run.exitCode()).isEqualTo(4);
    }

    @Test
    void aBotWithoutOpeningSupportIsRefusedWhenTheMatchHasOpenings() throws IOException {
        Path script = dir.resolve("noopening.py");
        String source = Files.readString(RANDOM_PY);
        String edited = source.replace("        if words[0] == \"opening\":", "        if False:");
        assertThat(edited).isNotEqualTo(source);
        Files.writeString(script, edited);

        CommandRun run = match("python3 " + script, bot("random", "2"), "--opening-plies", "4");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().lines().findFirst().orElseThrow())
                .startsWith(
                        "caissa match: --engine noopening cannot play:"
                                + " it was started once before the games and closed its output before answering 'start' after the opening line")
                .contains("its stderr ends: random_bot: 'opening ", "' is not a legal move here")
                .endsWith("; hint: " + Hints.OPENING);
    }

    @Test
    @Timeout(120)
    void anInterruptedMatchLeavesItsSummarySoFarMarkedAsSuch() throws Exception {
        Path out = dir.resolve("out");
        Path json = dir.resolve("ci.json");
        // With SIGINT at its default action, as in a terminal, whether or not the build inherited it ignored.
        List<String> seen = Interruptible.arena(
                        List.of(
                                "match",
                                "--engine",
                                bot("slow", "1"),
                                "--baseline",
                                bot("random", "2"),
                                "--games",
                                "400",
                                "--concurrency",
                                "1",
                                "--first-move-allowance",
                                "10s",
                                "--out",
                                out.toString(),
                                "--json",
                                json.toString()),
                        line -> line.startsWith("games 2/400"))
                .lines();

        assertThat(seen)
                .as(String.join("\n", seen))
                .anyMatch(l -> l.startsWith("interrupted after ")
                        && l.endsWith(
                                "games; the summary so far is in " + out.resolve("summary.json") + " and " + json));
        for (Path file : List.of(out.resolve("summary.json"), json)) {
            JsonNode summary = Json.mapper().readTree(file.toFile());
            assertThat(summary.get("interrupted").asBoolean()).isTrue();
            assertThat(summary.get("decision").asText()).isEqualTo("interrupted");
            assertThat(summary.get("games").asInt()).isGreaterThanOrEqualTo(2);
            try (Stream<Path> logs = Files.list(out.resolve("games"))) {
                assertThat(logs.count())
                        .isGreaterThanOrEqualTo(summary.get("games").asInt());
            }
        }
    }
}
