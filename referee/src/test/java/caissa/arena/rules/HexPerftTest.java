package caissa.arena.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * HexCaïssa perft counts recorded in {@code hexperft.txt}, checked against the engine and against
 * {@link HexReferenceRules}. Rows above a node limit are left out so that the run stays short; the
 * limits are system properties, so that the whole file can be checked on demand.
 */
class HexPerftTest {

    private static final long ENGINE_NODE_LIMIT = Long.getLong("caissa.perft.engineNodeLimit", 1_000_000);
    private static final long REFERENCE_NODE_LIMIT = Long.getLong("caissa.perft.referenceNodeLimit", 20_000);

    record Row(String cfn, int depth, long nodes) {
        @Override
        public String toString() {
            return cfn + " depth " + depth + ": " + nodes;
        }
    }

    static List<Row> rows() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                HexPerftTest.class.getResourceAsStream("hexperft.txt"), StandardCharsets.UTF_8))) {
            return reader.lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .map(line -> line.split(" ; "))
                    .map(f -> new Row(f[0], Integer.parseInt(f[1]), Long.parseLong(f[2])))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Stream<Row> engineRows() {
        return rows().stream().filter(row -> row.nodes() <= ENGINE_NODE_LIMIT);
    }

    static Stream<Row> referenceRows() {
        return rows().stream().filter(row -> row.nodes() <= REFERENCE_NODE_LIMIT);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engineRows")
    void theEngineCountsTheRecordedNodes(Row row) {
        assertThat(Variant.HEXCAISSA.fromCfn(row.cfn()).perft(row.depth())).isEqualTo(row.nodes());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("referenceRows")
    void theReferenceCountsTheRecordedNodes(Row row) {
        assertThat(HexReferenceRules.fromCfn(row.cfn()).perft(row.depth())).isEqualTo(row.nodes());
    }

    @Test
    void theDataHasTheInitialPositionToDepthFiveAndVariedPositions() {
        assertThat(rows()).filteredOn(row -> row.cfn().equals(Variant.HEXCAISSA.initialCfn()))
                .extracting(Row::depth).containsExactly(1, 2, 3, 4, 5);
        assertThat(rows().stream().map(Row::cfn).distinct()).hasSizeGreaterThanOrEqualTo(8);
        // Most rows must be checked by both implementations in a normal run.
        assertThat(referenceRows().count()).isGreaterThan(rows().size() / 2);
    }

    @Test
    void divideListsEachLegalMoveAndSumsToTheTotal() {
        Position initial = Variant.HEXCAISSA.initial();

        List<Position.MoveCount> divide = initial.perftDivide(3);

        assertThat(divide).extracting(Position.MoveCount::move).isEqualTo(initial.legalMoves());
        assertThat(divide.stream().mapToLong(Position.MoveCount::nodes).sum()).isEqualTo(initial.perft(3));
        for (Position.MoveCount count : divide) {
            assertThat(count.nodes()).as(count.move().toString())
                    .isEqualTo(HexReferenceRules.fromCfn(HexReferenceRules.INITIAL_CFN).play(count.move().toString()).perft(2));
        }
    }

    @Test
    void depthZeroIsTheOneNodeOfTheRoot() {
        Position initial = Variant.HEXCAISSA.initial();
        assertThat(initial.perft(0)).isEqualTo(1);
        assertThatThrownBy(() -> initial.perft(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> initial.perftDivide(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
