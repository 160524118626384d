package caissa.arena.records;

import caissa.arena.game.Durations;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The field readers that the arena's hand-written JSON files (the tournament file, the contest
 * file) share: each checks one field's presence, type or range and reports a mistake as one line
 * {@code FILE:LINE: FIELD: PROBLEM}, in the exception of the file's reader.
 *
 * <p>Every reader takes the node that holds the field, that node's JSON pointer ({@code ""} for the
 * top level), the field as a person names it in a message ({@code bots[1].name}) and its key.
 *
 * @param <E> the exception of the file's reader
 */
public final class JsonFields<E extends RuntimeException> {

    private final Path file;
    private final JsonLines lines;
    private final Function<String, E> exception;

    /** The readers of {@code file}, whose text a tree parse has already accepted. */
    public JsonFields(Path file, String text, Function<String, E> exception) {
        this.file = file;
        this.lines = JsonLines.of(text);
        this.exception = exception;
    }

    /** The one line for a mistake at {@code pointer}, with the line of that field or of the nearest one holding it. */
    public E error(String pointer, String field, String problem) {
        return at(pointer, field + ": " + problem);
    }

    /** {@code FILE:LINE: text}, the line that of the field at {@code pointer} or of the nearest one holding it. */
    public E at(String pointer, String text) {
        return exception.apply(file + ":" + lines.line(pointer) + ": " + text);
    }

    /** Refuses a field of {@code node} that is not {@code known}: a misspelt field would otherwise be ignored. */
    public void unknownFields(JsonNode node, String pointer, Set<String> known) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!known.contains(field)) {
                throw error(
                        pointer + "/" + field,
                        (pointer.isEmpty() ? "" : JsonLines.dotted(pointer) + ".") + field,
                        "unknown field (known: " + String.join(", ", new TreeSet<>(known)) + ")");
            }
        }
    }

    /** A string field that must be given and not blank. */
    public String requiredText(JsonNode node, String pointer, String field, String name) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            throw error(pointer, field, "required");
        }
        if (!value.isTextual() || value.asText().isBlank()) {
            throw error(pointer + "/" + name, field, "must be a non-empty string, got " + value);
        }
        return value.asText();
    }

    /** A whole number from {@code min} to {@code max}, or {@code defaultValue} when absent or null. */
    public long whole(JsonNode node, String pointer, String field, String name, long defaultValue, long min, long max) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return defaultValue;
        }
        // Checked on the number as written: asLong() of 2^64+2 would wrap around to 2.
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() < min || value.asLong() > max) {
            throw error(
                    pointer + "/" + name,
                    field,
                    "must be a whole number from " + min + " to " + max + ", got " + value);
        }
        return value.asLong();
    }

    /** A field that is present (null included) and must be any whole number a long holds. */
    public long whole(JsonNode node, String pointer, String field, String name) {
        JsonNode value = node.get(name);
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw error(pointer + "/" + name, field, "must be a whole number, got " + value);
        }
        return value.asLong();
    }

    /** {@code true} or {@code false}, or {@code defaultValue} when absent or null. */
    public boolean bool(JsonNode node, String pointer, String field, String name, boolean defaultValue) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return defaultValue;
        }
        if (!value.isBoolean()) {
            throw error(pointer + "/" + name, field, "must be true or false, got " + value);
        }
        return value.asBoolean();
    }

    /** A duration string ({@code "30s"}, {@code "1m30s"}); empty when absent or null. */
    public Optional<Duration> duration(JsonNode node, String pointer, String field, String name) {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw error(pointer + "/" + name, field, "must be a duration string like \"30s\", got " + value);
        }
        try {
            return Optional.of(Durations.parse(value.asText()));
        } catch (IllegalArgumentException e) {
            throw error(pointer + "/" + name, field, e.getMessage());
        }
    }
}
