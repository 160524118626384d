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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Perft counts recorded for each variant ({@code perft.txt} for Caïssa, {@code hexperft.txt} for
 * HexCaïssa), checked against the engine and against the variant's {@link Reference}. Rows above a
 * node limit are left out so that the run stays short; the limits are system properties, so that
 * the whole files can be checked on demand.
 */
class PerftRegressionTest {

    private static final long ENGINE_NODE_LIMIT = Long.getLong("caissa.perft.engineNodeLimit", 1_000_000);
    private static final long REFERENCE_NODE_LIMIT = Long.getLong("caissa.perft.referenceNodeLimit", 20_000);

    record Row(Variant variant, String cfn, int depth, long nodes) {
        @Override
        public String toString() {
            return variant + " " + cfn + " depth " + depth + ": " + nodes;
        }
    }

    private static String dataFile(Variant variant) {
        return switch (variant) {
            case CAISSA -> "perft.txt";
            case HEXCAISSA -> "hexperft.txt";
        };
    }

    static List<Row> rows(Variant variant) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                PerftRegressionTest.class.getResourceAsStream(dataFile(variant)), StandardCharsets.UTF_8))) {
            return reader.lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .map(line -> line.split(" ; "))
                    .map(f -> new Row(variant, f[0], Integer.parseInt(f[1]), Long.parseLong(f[2])))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<Row> allRows() {
        return Stream.of(Variant.values()).flatMap(variant -> rows(variant).stream());
    }

    static Stream<Row> engineRows() {
        return allRows().filter(row -> row.nodes() <= ENGINE_NODE_LIMIT);
    }

    static Stream<Row> referenceRows() {
        return allRows().filter(row -> row.nodes() <= REFERENCE_NODE_LIMIT);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engineRows")
    void theEngineCountsTheRecordedNodes(Row row) {
        assertThat(row.variant().fromCfn(row.cfn()).perft(row.depth())).isEqualTo(row.nodes());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("referenceRows")
    void theReferenceCountsTheRecordedNodes(Row row) {
        assertThat(Reference.fromCfn(row.variant(), row.cfn()).perft(row.depth()))
                .isEqualTo(row.nodes());
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void theDataHasTheInitialPositionToDepthFiveAndVariedPositions(Variant variant) {
        List<Row> rows = rows(variant);
        assertThat(rows)
                .filteredOn(row -> row.cfn().equals(variant.initialCfn()))
                .extracting(Row::depth)
                .containsExactly(1, 2, 3, 4, 5);
        assertThat(rows.stream().map(Row::cfn).distinct()).hasSizeGreaterThanOrEqualTo(8);
        // Most rows must be checked by both implementations in a normal run.
        assertThat(rows.stream()
                        .filter(row -> row.nodes() <= REFERENCE_NODE_LIMIT)
                        .count())
                .isGreaterThan(rows.size() / 2);
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void divideListsEachLegalMoveAndSumsToTheTotal(Variant variant) {
        Position initial = variant.initial();

        List<Position.MoveCount> divide = initial.perftDivide(3);

        assertThat(divide).extracting(Position.MoveCount::move).isEqualTo(initial.legalMoves());
        assertThat(divide.stream().mapToLong(Position.MoveCount::nodes).sum()).isEqualTo(initial.perft(3));
        for (Position.MoveCount count : divide) {
            assertThat(count.nodes())
                    .as(count.move().toString())
                    .isEqualTo(Reference.initial(variant)
                            .play(count.move().toString())
                            .perft(2));
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void depthZeroIsTheOneNodeOfTheRoot(Variant variant) {
        Position initial = variant.initial();
        assertThat(initial.perft(0)).isEqualTo(1);
        assertThatThrownBy(() -> initial.perft(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> initial.perftDivide(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
