package caissa.bots;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import caissa.arena.program.SampleBots;
import caissa.arena.records.Json;
import caissa.arena.rules.Variant;
import caissa.arena.tournament.StandingsDocument;
import caissa.arena.tournament.TournamentDefinition;
import caissa.arena.tournament.TournamentFile;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The arena's commands on the real sample bots, each a separate JVM: the README's main job,
 * validation of a good bot, and regression matches. They live here because Maven builds the
 * sample bots after the referee.
 */
class ArenaEndToEndTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void sampleBotsFromThisClassPath() {
        // sample:NAME starts `java -cp <this class path> caissa.bots.SampleBot NAME`.
        System.setProperty(SampleBots.CLASSPATH_PROPERTY, System.getProperty("java.class.path"));
    }

    record Run(int exit, String out, String err) {}

    private static Run caissa(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void theBundledSampleTournamentRunsToCompletion() throws Exception {
        Path file = Path.of("..", "tournaments", "sample.json");
        TournamentDefinition definition = TournamentFile.read(file);
        assertThat(definition.bots()).extracting(b -> b.name()).containsExactly("random", "greedy", "alphabeta");

        Run run = caissa(
                "tournament", file.toString(), "--out", dir.resolve("sample").toString());

        assertThat(run.exit()).as(run.err()).isZero();
        StandingsDocument standings =
                Json.mapper().readValue(dir.resolve("sample/standings.json").toFile(), StandingsDocument.class);
        assertThat(standings.complete()).isTrue();
        assertThat(standings.gamesPlayed()).isEqualTo(definition.totalGames());
        assertThat(standings.standings())
                .allSatisfy(s -> assertThat(s.irregularLosses()).as(s.name()).isZero());
        assertThat(standings.standings().get(0).name()).isEqualTo("alphabeta");
    }

    @Test
    void theBundledHexCaissaSampleTournamentRunsToCompletion() throws Exception {
        Path file = Path.of("..", "tournaments", "hexcaissa-sample.json");
        TournamentDefinition definition = TournamentFile.read(file);
        assertThat(definition.variant()).isEqualTo(Variant.HEXCAISSA);
        assertThat(definition.bots()).extracting(b -> b.name()).containsExactly("random", "greedy", "alphabeta");

        Run run = caissa(
                "tournament", file.toString(), "--out", dir.resolve("hex").toString());

        assertThat(run.exit()).as(run.err()).isZero();
        StandingsDocument standings =
                Json.mapper().readValue(dir.resolve("hex/standings.json").toFile(), StandingsDocument.class);
        assertThat(standings.variant()).isEqualTo(Variant.HEXCAISSA);
        assertThat(standings.complete()).isTrue();
        assertThat(standings.gamesPlayed()).isEqualTo(definition.totalGames());
        assertThat(standings.standings())
                .allSatisfy(s -> assertThat(s.irregularLosses()).as(s.name()).isZero());
        assertThat(standings.standings().get(0).name()).isEqualTo("alphabeta");
        JsonNode log = Json.mapper().readTree(dir.resolve("hex/games/0001.json").toFile());
        assertThat(log.get("variant").asText()).isEqualTo("hexcaissa");
        assertThat(log.get("start").asText()).matches("[-.QRBNqrbn/]{69} [wb] .*");
    }

    @Test
    void playDrawsTheHexBoardAndLogsTheVariant() throws Exception {
        Path log = dir.resolve("hex.json");

        Run run = caissa(
                "play",
                "--variant",
                "hexcaissa",
                "--white",
                "sample:random",
                "--black",
                "sample:greedy",
                "--board",
                "--first-move-allowance",
                "5s",
                "--out",
                log.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("  a    b    c    d    e    f    g    h    i");
        assertThat(run.out()).contains("  .         .         b         q         .");
        JsonNode record = Json.mapper().readTree(log.toFile());
        assertThat(record.get("variant").asText()).isEqualTo("hexcaissa");
        assertThat(record.get("termination").asText()).isIn("checkmate", "stalemate", "move-limit");
    }

    @Test
    void aGoodSampleBotPassesValidationAtHexCaissa() {
        Run run = caissa(
                "validate",
                "sample:alphabeta",
                "--variant",
                "hexcaissa",
                "--games",
                "1",
                "--time-per-game",
                "3s",
                "--first-move-allowance",
                "5s",
                "--out",
                dir.resolve("validate").toString());

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).endsWith("PASS: alphabeta passed all 9 checks" + System.lineSeparator());
    }

    @Test
    void aGoodSampleBotPassesValidation() {
        Run run = caissa(
                "validate",
                "sample:alphabeta",
                "--games",
                "1",
                "--time-per-game",
                "3s",
                "--first-move-allowance",
                "5s",
                "--out",
                dir.resolve("validate").toString());

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).endsWith("PASS: alphabeta passed all 9 checks" + System.lineSeparator());
    }

    @Test
    void alphabetaAgainstRandomAcceptsH1Quickly() throws Exception {
        Path summary = dir.resolve("match.json");

        // Seeded bots: the games depend only on the openings (and alphabeta's clock), not on luck.
        Run run = caissa(
                "match",
                "--engine",
                "sample:alphabeta --seed 1",
                "--baseline",
                "sample:random --seed 2",
                "--sprt",
                "elo0=0,elo1=150,alpha=0.05,beta=0.05",
                "--max-games",
                "100",
                "--opening-plies",
                "4",
                "--time-per-game",
                "2s",
                "--first-move-allowance",
                "5s",
                "--json",
                summary.toString(),
                "--out",
                dir.resolve("games").toString());

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        JsonNode report = Json.mapper().readTree(summary.toFile());
        assertThat(report.get("schema").asText()).isEqualTo("caissa-arena/match/1");
        assertThat(report.get("decision").asText()).isEqualTo("H1");
        assertThat(report.get("games").asInt()).isLessThan(40);
        assertThat(report.get("llr").asDouble())
                .isGreaterThanOrEqualTo(report.get("bounds").get(1).asDouble());
        assertThat(report.get("irregularLosses").get("engine").get("games").asInt())
                .isZero();
    }

    @Test
    void randomAgainstItselfDoesNotAcceptH1() throws Exception {
        Path summary = dir.resolve("match.json");

        // Seeded bots: every game is the same in every run, so the verdict does not rest on luck.
        Run run = caissa(
                "match",
                "--engine",
                "sample:random --seed 1",
                "--baseline",
                "sample:random --seed 2",
                "--sprt",
                "elo0=0,elo1=150",
                "--max-games",
                "30",
                "--opening-plies",
                "4",
                "--time-per-game",
                "2s",
                "--first-move-allowance",
                "5s",
                "--json",
                summary.toString(),
                "--out",
                dir.resolve("games").toString());

        JsonNode report = Json.mapper().readTree(summary.toFile());
        assertThat(report.get("decision").asText()).isIn("H0", "inconclusive");
        assertThat(run.exit()).isEqualTo(report.get("decision").asText().equals("H0") ? 1 : 3);
    }
}
