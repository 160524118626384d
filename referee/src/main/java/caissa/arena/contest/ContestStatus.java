package caissa.arena.contest;

import caissa.arena.Version;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The state of a contest as one document ({@value #SCHEMA}, reports/schemas/contest-status.schema.json):
 * its accounts, each one's submissions with their state and admission result, its job queue,
 * and (part 2) its competitions. {@code caissa contest status} prints it and writes it.
 */
public final class ContestStatus {

    public static final String SCHEMA = "caissa-arena/contest-status/1";

    private ContestStatus() {}

    public static ObjectNode document(Contest contest) {
        ContestDefinition definition = contest.definition();
        ObjectNode doc = Json.mapper().createObjectNode();
        doc.put("schema", SCHEMA);
        doc.put("arenaVersion", Version.current());
        ObjectNode about = doc.putObject("contest");
        about.put("name", definition.name());
        about.put("title", definition.title());
        about.put("registration", definition.registration().word());
        about.put("deadline", definition.deadline().map(Object::toString).orElse(null));
        ArrayNode participants = doc.putArray("participants");
        for (Participant p : contest.store().participants()) {
            ObjectNode row = participants.addObject();
            row.put("id", p.id());
            row.put("name", p.name());
            row.put("role", p.role().word());
            row.put("disabled", p.disabled());
            row.put("created", p.created().toString());
            if (p.activeSubmission().isPresent()) {
                row.put("activeSubmission", p.activeSubmission().get());
            } else {
                row.putNull("activeSubmission");
            }
            ArrayNode submissions = row.putArray("submissions");
            List<Submission> own = contest.store().submissionsOf(p.id());
            for (int i = own.size() - 1; i >= 0; i--) {
                submissions.add(submission(contest, own.get(i)));
            }
        }
        Map<String, Integer> counts = new TreeMap<>();
        for (JobState state : JobState.values()) {
            counts.put(state.word(), 0);
        }
        contest.store().jobs().forEach(j -> counts.merge(j.state().word(), 1, Integer::sum));
        ObjectNode jobs = doc.putObject("jobs");
        counts.forEach(jobs::put);
        doc.putArray("competitions");
        return doc;
    }

    private static ObjectNode submission(Contest contest, Submission s) {
        ObjectNode row = Json.mapper().createObjectNode();
        row.put("id", s.id());
        row.put("number", s.number());
        row.put("fileName", s.fileName());
        row.put("language", s.language());
        row.put("bytes", s.bytes());
        row.put("sha256", s.sha256());
        row.put("state", s.state().word());
        row.put("reason", s.reason().orElse(null));
        row.put("created", s.created().toString());
        row.put("updated", s.updated().toString());
        Optional<JsonNode> admission = admission(contest.layout().admission(s.id()));
        if (admission.isPresent()
                && admission.get().has("passed")
                && admission.get().has("verdict")) {
            ObjectNode result = row.putObject("admission");
            result.put("passed", admission.get().get("passed").asBoolean());
            result.put("verdict", admission.get().get("verdict").asText());
        } else {
            row.putNull("admission");
        }
        return row;
    }

    /** The admission test's report, when it was written and reads. */
    private static Optional<JsonNode> admission(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.mapper().readTree(InputFiles.readString(file, InputFiles.RECORD_CAP)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
