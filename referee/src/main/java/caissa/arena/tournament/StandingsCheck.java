package caissa.arena.tournament;

import caissa.arena.records.DisagreeingRecordException;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.Problems;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * {@code standings.json} against the standings its journal gives: a table that says what the
 * games do not (a bot given 99 points) is a record that disagrees. Only when and by whom it was
 * written ({@code updatedAt}, {@code arenaVersion}) are not rebuilt. A run stopped by a kill may
 * leave the file a second behind its journal: then it must be what the journal's first lines give.
 */
final class StandingsCheck {

    private StandingsCheck() {}

    /**
     * @param derived the standings of every game of the journal
     * @param atPlayed the standings after the journal's first lines that hold that many games
     * @throws DisagreeingRecordException naming the file and the first thing that disagrees
     */
    static void judge(Path file, StandingsDocument derived, IntFunction<Optional<StandingsDocument>> atPlayed)
            throws IOException {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            // A run stopped before its first standings were written: nothing to contradict.
            return;
        }
        JsonNode stored;
        try {
            stored = Json.mapper().readTree(InputFiles.readRecord(file, InputFiles.RECORD_CAP));
        } catch (IOException e) {
            throw new DisagreeingRecordException(
                    file, "is not a standings document that can be read: " + Problems.ofRecord(e));
        }
        if (stored == null || !stored.isObject()) {
            throw new DisagreeingRecordException(file, "is not a standings document (not a JSON object)");
        }
        JsonNode expected = comparable(derived);
        JsonNode found = withoutWhen((ObjectNode) stored.deepCopy());
        if (found.equals(expected)) {
            return;
        }
        JsonNode played = stored.get("gamesPlayed");
        if (played != null && played.isInt() && played.asInt() >= 0 && played.asInt() < derived.gamesPlayed()) {
            Optional<StandingsDocument> earlier = atPlayed.apply(played.asInt());
            if (earlier.isPresent() && found.equals(comparable(earlier.get()))) {
                return;
            }
        }
        throw new DisagreeingRecordException(file, difference(found, expected, derived.gamesPlayed()));
    }

    private static JsonNode comparable(StandingsDocument document) {
        return withoutWhen((ObjectNode) Json.mapper().valueToTree(document));
    }

    private static JsonNode withoutWhen(ObjectNode node) {
        node.remove("updatedAt");
        node.remove("arenaVersion");
        return node;
    }

    /**
     * The first thing that differs, in words of the rebuilt document only: the stored file may hold
     * anything, and none of it is quoted.
     */
    private static String difference(JsonNode found, JsonNode expected, int games) {
        String journal = "the journal's " + games + " game" + (games == 1 ? "" : "s");
        for (JsonNode row : expected.path("standings")) {
            String name = row.path("name").asText();
            JsonNode storedRow = null;
            for (JsonNode candidate : found.path("standings")) {
                if (name.equals(candidate.path("name").asText(null))) {
                    storedRow = candidate;
                    break;
                }
            }
            if (storedRow == null) {
                return "its standings leave out " + name + ", who played in " + journal;
            }
            if (!row.path("points").equals(storedRow.path("points"))) {
                return "its standings give " + name + " "
                        + (storedRow.path("points").isNumber()
                                ? storedRow.path("points").asText() + " points"
                                : "points that are not a number")
                        + ", but "
                        + journal + " give " + row.path("points").asText();
            }
        }
        for (Iterator<String> fields = expected.fieldNames(); fields.hasNext(); ) {
            String field = fields.next();
            if (!expected.get(field).equals(found.get(field))) {
                return "its " + field + " does not agree with " + journal;
            }
        }
        return "it holds fields that standings do not have";
    }
}
