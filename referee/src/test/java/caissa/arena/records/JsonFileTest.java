package caissa.arena.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A document written to a file reads as the same text as one printed, in UTF-8, whatever its size. */
class JsonFileTest {

    @TempDir
    Path dir;

    record Doc(String name, List<Integer> numbers, Map<String, String> notes) {}

    @Test
    void aFileHoldsExactlyTheTextThatWriteGives() throws IOException {
        // Larger than the generator's buffer, and with characters of several UTF-8 lengths.
        Doc doc = new Doc(
                "Caïssa ♛ 𝄞", IntStream.range(0, 3000).boxed().toList(), Map.of("quote", "say \"hi\"\n", "empty", ""));
        Path file = dir.resolve("doc.json");

        Json.writeFile(file, doc);

        // Compared as a whole, but reported briefly: the document is long.
        String written = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(written.equals(Json.write(doc)))
                .as("the file's text equals Json.write's: %s", written.substring(0, 60))
                .isTrue();
        assertThat(Json.mapper().readValue(file.toFile(), Doc.class)).isEqualTo(doc);
    }
}
