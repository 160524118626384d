package caissa.arena.records;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Where each field of a JSON file stands, so that a file's reader can name the line of a mistake:
 * the tournament file and the contest file say {@code FILE:LINE: FIELD: problem} with it.
 */
public final class JsonLines {

    /** The line of every field and array element, by JSON pointer ({@code /bots/1/name}). */
    private final Map<String, Integer> lines;

    private JsonLines(Map<String, Integer> lines) {
        this.lines = lines;
    }

    /** Indexes a text that a tree parse has already accepted. */
    public static JsonLines of(String text) {
        Map<String, Integer> lines = new HashMap<>();
        try (JsonParser parser = new JsonFactory().createParser(text)) {
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                if (token == JsonToken.FIELD_NAME || token.isScalarValue() || token.isStructStart()) {
                    lines.putIfAbsent(
                            parser.getParsingContext().pathAsPointer().toString(),
                            parser.currentTokenLocation().getLineNr());
                }
            }
        } catch (IOException e) {
            // The tree parse already accepted the text; without lines the messages say line 1.
        }
        return new JsonLines(lines);
    }

    /** The line of a field, or of the nearest field that holds it; 1 when none is known. */
    public int line(String pointer) {
        Integer line = lines.get(pointer);
        for (String p = pointer; line == null && !p.isEmpty(); p = p.substring(0, p.lastIndexOf('/'))) {
            line = lines.get(p);
        }
        return line == null ? 1 : line;
    }

    /** A pointer as a person names the field: {@code /bots/1/name} is {@code bots[1].name}. */
    public static String dotted(String pointer) {
        return pointer.substring(1).replaceAll("/(\\d+)", "[$1]").replace('/', '.');
    }
}
