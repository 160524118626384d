package caissa.arena.submission;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.Termination;
import caissa.arena.records.Json;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A validation's PASS means no game of it was lost irregularly: every irregular termination fails
 * a check, the command reference's table of checks says which, and the schema knows the check.
 */
class ValidationChecksTest {

    private static final Path REFERENCE = Path.of("..", "docs", "reference.md");
    private static final Path SCHEMA = Path.of("..", "reports", "schemas", "validation.schema.json");

    static Stream<Termination> irregular() {
        return Stream.of(Termination.values()).filter(Termination::isIrregular);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("irregular")
    void everyIrregularLossFailsTheCheckTheReferenceNamesForIt(Termination termination) throws IOException {
        Optional<String> check = Validator.checkCatching(termination);

        assertThat(check).as(termination + " fails no check").isPresent();
        assertThat(documentedCatches().get(check.get()))
                .as("the reference's row of " + check.get())
                .contains(termination.word());
        assertThat(schemaCheckNames()).contains(check.get());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Termination.class)
    void theReferenceListsATerminationOnlyUnderItsOwnCheck(Termination termination) throws IOException {
        List<String> rows = documentedCatches().entrySet().stream()
                .filter(e -> e.getValue().contains(termination.word()))
                .map(Map.Entry::getKey)
                .toList();

        assertThat(rows).isEqualTo(Validator.checkCatching(termination).stream().toList());
    }

    /** The validate table of docs/reference.md: check name to the terminations in its last column. */
    private static Map<String, List<String>> documentedCatches() throws IOException {
        String text = Files.readString(REFERENCE);
        int start = text.indexOf("| check | passes when | a game lost by |");
        assertThat(start).as("the table of checks in " + REFERENCE).isNotNegative();
        Map<String, List<String>> rows = new LinkedHashMap<>();
        for (String line : text.substring(start)
                .lines()
                .skip(2)
                .takeWhile(l -> l.startsWith("|"))
                .toList()) {
            String[] cells = line.split("\\|", -1);
            String name = cells[1].strip().replace("`", "");
            List<String> words = new ArrayList<>();
            Matcher m = Pattern.compile("`([a-z-]+)`").matcher(cells[3]);
            while (m.find()) {
                words.add(m.group(1));
            }
            rows.put(name, words);
        }
        return rows;
    }

    private static List<String> schemaCheckNames() throws IOException {
        JsonNode names = Json.mapper().readTree(SCHEMA.toFile()).at("/properties/checks/items/properties/name/enum");
        List<String> all = new ArrayList<>();
        names.forEach(n -> all.add(n.asText()));
        return all;
    }
}
