package caissa.arena.records;

import caissa.arena.rules.Move;
import caissa.arena.rules.Variant;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** The one Jackson configuration of the project: every JSON document goes through it. */
public final class Json {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // Strict reading for every file the arena reads (tournament files, journals, logs):
            // valid JSON followed by garbage, and a key given twice, are errors, not guesses.
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .serializationInclusion(JsonInclude.Include.ALWAYS)
            // Sides and other plain enums are written as their lower-case words ("white").
            .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING)
            .enable(DeserializationFeature.READ_ENUMS_USING_TO_STRING)
            .addModule(rulesModule())
            .build();

    /** The rules package has no dependencies, so its JSON forms are declared here: a move is "b2-c4". */
    private static SimpleModule rulesModule() {
        SimpleModule module = new SimpleModule("caissa-rules");
        module.addSerializer(Move.class, ToStringSerializer.instance);
        module.addDeserializer(Move.class, new JsonDeserializer<>() {
            @Override
            public Move deserialize(JsonParser parser, DeserializationContext context) throws IOException {
                String text = parser.getValueAsString();
                // Read as a move of either board; the record holding it maps it onto its own variant's.
                String s = text == null ? "" : text;
                return Variant.CAISSA
                        .parseMove(s)
                        .or(() -> Variant.HEXCAISSA.parseMove(s))
                        .filter(m -> s.strip().equals(s))
                        .orElseThrow(() -> context.weirdStringException(s, Move.class, "not a move like b2-c4"));
            }
        });
        return module;
    }

    /**
     * As {@link #MAPPER} writes text, to bytes: a character beyond the 16-bit range as itself in
     * UTF-8 (as the text has it), not as an escaped pair; the stream left open for the newline.
     */
    private static final ObjectWriter FILE_WRITER = MAPPER.writer()
            .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .with(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8);

    private Json() {}

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** The value as indented JSON text, ending with a newline. */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The value as JSON on one line, without a trailing newline (for command output). */
    public static String writeCompact(Object value) {
        try {
            return MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes to the file what {@link #write} gives, atomically (see {@link AtomicFiles}). */
    public static void writeFile(Path file, Object value) throws IOException {
        // Straight into the file, in the generator's own buffered pieces: a game's log made as
        // a String first was copied three times more before it reached the disk.
        AtomicFiles.write(file, out -> {
            FILE_WRITER.writeValue(out, value);
            out.write('\n');
        });
    }
}
