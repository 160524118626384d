package caissa.arena.ratings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ratings of {@code caissa ratings} against Ordo's own figures for the same games, computed
 * once by Ordo 1.2.6 and kept in {@code ordo-ratings.csv} (which says how): pure maximum
 * likelihood, as the command rates a field that has it, and a perfect scorer taken out before the
 * rest are rated, as Ordo does.
 */
class OrdoReferenceTest {

    private static List<String[]> rows(String file) throws IOException {
        try (InputStream in = OrdoReferenceTest.class.getResourceAsStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(line -> !line.startsWith("#") && !line.startsWith("field,") && !line.isBlank())
                    .map(line -> line.split(","))
                    .toList();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"irregular", "lopsided", "perfect"})
    void theRatingsAreOrdos(String field) throws IOException {
        GameTally tally = new GameTally();
        for (String[] row : rows("ordo-fields.csv")) {
            if (!row[0].equals(field)) {
                continue;
            }
            int[] results = new int[Integer.parseInt(row[3]) + Integer.parseInt(row[4]) + Integer.parseInt(row[5])];
            int k = 0;
            for (int i = 0; i < Integer.parseInt(row[3]); i++) {
                results[k++] = 2;
            }
            for (int i = 0; i < Integer.parseInt(row[4]); i++) {
                results[k++] = 1;
            }
            // Colours alternate as in the PGN Ordo read: the first bot White in even games.
            for (int g = 0; g < results.length; g++) {
                int first = results[g];
                if (g % 2 == 0) {
                    tally.add(row[1], row[2], first == 0 ? 1 : 0, first == 1 ? 1 : 0, first == 2 ? 1 : 0);
                } else {
                    tally.add(row[2], row[1], first == 2 ? 1 : 0, first == 1 ? 1 : 0, first == 0 ? 1 : 0);
                }
            }
        }
        RatingList list = RatingList.of(tally, Optional.empty());
        assertThat(list.prior()).isZero();
        int compared = 0;
        for (String[] row : rows("ordo-ratings.csv")) {
            if (!row[0].equals(field)) {
                continue;
            }
            RatingList.Rated bot = list.bots().stream()
                    .filter(b -> b.name().equals(row[1]))
                    .findFirst()
                    .orElseThrow();
            assertThat(bot.elo()).as(row[1]).isCloseTo(Double.parseDouble(row[2]), within(0.001));
            compared++;
        }
        assertThat(compared).isPositive();
        if (field.equals("perfect")) {
            RatingList.Rated z = list.bots().get(0);
            assertThat(z.name()).isEqualTo("Z");
            assertThat(z.bound()).contains(RatingList.Bound.LOWER);
            // Above every bot it beat 30 times out of 30.
            assertThat(z.low()).isGreaterThan(372.8165);
        }
    }
}
