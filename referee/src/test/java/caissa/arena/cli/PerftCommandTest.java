package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.command.ExitCodes;
import caissa.arena.testkit.CommandRun;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code caissa perft}: node counts as text, per first move, and as JSON; bad input is exit code 2.
 * The counts are those of perft.txt, which the reference implementation cross-checks.
 */
class PerftCommandTest {

    private static final String INITIAL = "......./...bqn./....r../......./..R..../.NQB.../....... w - 0";
    private static final String KO_EXAMPLE = "......./......q/......./..N..../......./.n...../Q...... b b2-c4 1";
    /** The summary line; the rate is grouped by the default locale, so any separator is allowed. */
    private static final Pattern SUMMARY =
            Pattern.compile("perft (\\d+): (\\d+) nodes in (\\d+) ms \\(([\\d\\p{Punct}\\p{Zs}]+) nodes/s\\)");

    private static final Pattern DIVIDE_LINE = Pattern.compile("([a-g][1-7]-[a-g][1-7]): (\\d+)");

    @Test
    void countsTheNodesOfTheInitialPosition() {
        CommandRun run = CommandRun.of("perft", "--depth", "3");

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.outLines()).hasSize(1);
        Matcher summary = SUMMARY.matcher(run.outLines().get(0));
        assertThat(summary.matches()).as(run.out()).isTrue();
        assertThat(summary.group(1)).isEqualTo("3");
        assertThat(summary.group(2)).isEqualTo("16251");
    }

    @Test
    void countsTheNodesOfAGivenPosition() {
        CommandRun run = CommandRun.of("perft", "--depth", "2", "--position", KO_EXAMPLE);

        assertThat(run.exitCode()).isZero();
        Matcher summary = SUMMARY.matcher(run.outLines().get(0));
        assertThat(summary.matches()).isTrue();
        assertThat(summary.group(2)).isEqualTo("267");
    }

    @Test
    void depthZeroCountsTheRoot() {
        Matcher summary = SUMMARY.matcher(
                CommandRun.of("perft", "--depth", "0").outLines().get(0));

        assertThat(summary.matches()).isTrue();
        assertThat(summary.group(2)).isEqualTo("1");
    }

    @Test
    void divideListsEveryFirstMoveAndSumsToTheTotal() {
        CommandRun run = CommandRun.of("perft", "--depth", "3", "--divide");

        assertThat(run.exitCode()).isZero();
        List<String> lines = run.outLines();
        assertThat(lines).hasSize(26 + 2);
        assertThat(lines.get(26)).isEmpty();
        List<String> moves = new ArrayList<>();
        long sum = 0;
        for (String line : lines.subList(0, 26)) {
            Matcher m = DIVIDE_LINE.matcher(line);
            assertThat(m.matches()).as(line).isTrue();
            moves.add(m.group(1));
            sum += Long.parseLong(m.group(2));
        }
        assertThat(moves).isSorted().doesNotHaveDuplicates().startsWith("b2-a4").endsWith("d2-g5");
        Matcher summary = SUMMARY.matcher(lines.get(27));
        assertThat(summary.matches()).isTrue();
        assertThat(Long.parseLong(summary.group(2))).isEqualTo(sum).isEqualTo(16251);
    }

    @Test
    void jsonIsOneObjectWithTheCount() throws Exception {
        CommandRun run = CommandRun.of("perft", "--depth", "3", "--json", "-");

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).hasSize(1);
        JsonNode doc = new ObjectMapper().readTree(run.out());
        assertThat(doc.isObject()).isTrue();
        assertThat(doc.fieldNames())
                .toIterable()
                .containsExactly("variant", "position", "depth", "nodes", "millis", "nodesPerSecond");
        assertThat(doc.get("variant").asText()).isEqualTo("caissa");
        assertThat(doc.get("position").asText()).isEqualTo(INITIAL);
        assertThat(doc.get("depth").asInt()).isEqualTo(3);
        assertThat(doc.get("nodes").asLong()).isEqualTo(16251);
        assertThat(doc.get("millis").isIntegralNumber()).isTrue();
        assertThat(doc.get("millis").asLong()).isNotNegative();
        assertThat(doc.get("nodesPerSecond").isIntegralNumber()).isTrue();
        assertThat(doc.get("nodesPerSecond").asLong()).isNotNegative();
    }

    @Test
    void jsonFileIsWrittenBesideTheText(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("perft.json");

        CommandRun run = CommandRun.of("perft", "--depth", "3", "--json", file.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("perft 3: 16251 nodes");
        JsonNode doc = new ObjectMapper().readTree(file.toFile());
        assertThat(doc.get("nodes").asLong()).isEqualTo(16251);
    }

    @Test
    void aJsonFileThatCannotBeWrittenIsOneLineNamingIt(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "").resolve("perft.json");

        CommandRun run = CommandRun.of("perft", "--depth", "1", "--json", file.toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.IO_ERROR);
        assertThat(run.errLines())
                .hasSize(1)
                .allSatisfy(line -> assertThat(line)
                        .startsWith("caissa perft: ")
                        .contains(dir.resolve("a-file").toString()));
    }

    @Test
    void jsonWithDivideHasTheCountPerFirstMove() throws Exception {
        CommandRun run = CommandRun.of("perft", "--depth", "2", "--divide", "--json", "-", "--position", KO_EXAMPLE);

        JsonNode doc = new ObjectMapper().readTree(run.out());
        JsonNode divide = doc.get("divide");
        long sum = 0;
        for (JsonNode count : divide) {
            sum += count.asLong();
        }
        assertThat(doc.get("position").asText()).isEqualTo(KO_EXAMPLE);
        assertThat(divide.size()).isEqualTo(16);
        assertThat(divide.has("b2-c4")).as("the ko forbids b2-c4").isFalse();
        assertThat(sum).isEqualTo(doc.get("nodes").asLong()).isEqualTo(267);
    }

    @ParameterizedTest(name = "--depth {0}")
    @ValueSource(strings = {"13", "-1", "100"})
    void aDepthOutOfRangeIsOneLineAndExitCodeTwo(String depth) {
        CommandRun run = CommandRun.of("perft", "--depth", depth);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errLines()).containsExactly("caissa perft: --depth must be between 0 and 12, got " + depth);
    }

    @Test
    void divideNeedsAPositiveDepth() {
        CommandRun run = CommandRun.of("perft", "--depth", "0", "--divide");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("caissa perft: --divide needs --depth 1 or more");
    }

    /** Option errors name the problem on the first line; picocli's usage hint is the only other line. */
    @Test
    void aDepthThatIsNotANumberIsAUsageError() {
        CommandRun run = CommandRun.of("perft", "--depth", "x");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errLines())
                .containsExactly(
                        "caissa perft: Invalid value for option '--depth': 'x' is not an int (see 'caissa perft --help')");
    }

    @Test
    void aMissingDepthIsAUsageError() {
        CommandRun run = CommandRun.of("perft");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly("caissa perft: Missing required option: '--depth=N' (see 'caissa perft --help')");
    }

    @Test
    void countsHexCaissaFromItsStartPosition() {
        CommandRun run = CommandRun.of("perft", "--variant", "hexcaissa", "--depth", "2");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("perft 2: 1273 nodes in ");
    }

    @Test
    void aHexPositionIsReadInTheHexNotationAndItsErrorsNameTheField() {
        CommandRun ok = CommandRun.of(
                "perft",
                "--variant",
                "hexcaissa",
                "--depth",
                "1",
                "--json",
                "-",
                "--position",
                "...../....../R-...../..N...../..B..Qb../.....n../.....qr/....../..... b c2-e6 1");
        assertThat(ok.exitCode()).as(ok.err()).isZero();

        CommandRun bad = CommandRun.of(
                "perft",
                "--variant",
                "hexcaissa",
                "--depth",
                "1",
                "--position",
                "...../....../RQ...../..N...../..B...b../.....n../.....qr/....../.... w - 0");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.errLines())
                .containsExactly("caissa perft: Invalid value for option '--position': invalid CFN:"
                        + " board: file i has 4 cells, expected 5 (see 'caissa perft --help')");
    }

    @Test
    void anUnknownVariantIsAUsageError() {
        CommandRun run = CommandRun.of("perft", "--variant", "chess", "--depth", "1");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly("caissa perft: Invalid value for option '--variant':"
                        + " expected one of caissa, hexcaissa, got 'chess' (see 'caissa perft --help')");
    }

    @Test
    void aMalformedPositionIsAUsageErrorNamingTheFieldAndTheProblem() {
        CommandRun run = CommandRun.of(
                "perft", "--depth", "1", "--position", "q....../......./-....../-....../......./......./Q...... w - 0");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errLines())
                .containsExactly("caissa perft: Invalid value for option '--position': invalid CFN: position:"
                        + " the queens on a1 and a7 see each other (see 'caissa perft --help')");
    }
}
