package caissa.arena.cli;

import caissa.arena.contest.Contest;
import caissa.arena.contest.ContestStatus;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.records.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/** {@code caissa contest status}: the status document as lines, and written with --json. */
final class ContestStatusText {

    private ContestStatusText() {}

    static void print(Contest contest, Path json, PrintWriter out) throws IOException {
        ObjectNode doc = ContestStatus.document(contest);
        if (json != null) {
            JsonTarget.write(json, Json.write(doc), out);
            if (JsonTarget.toStandardOutput(json)) {
                return;
            }
        }
        JsonNode about = doc.get("contest");
        out.println("contest '" + TerminalText.escape(about.get("name").asText()) + "' ("
                + about.get("registration").asText()
                + (about.get("deadline").isNull()
                        ? ""
                        : ", deadline " + about.get("deadline").asText()) + "): "
                + doc.get("participants").size() + " accounts");
        for (JsonNode p : doc.get("participants")) {
            out.println(TerminalText.escape(p.get("name").asText()) + " ("
                    + p.get("role").asText()
                    + (p.get("disabled").asBoolean() ? ", disabled" : "") + "): "
                    + p.get("submissions").size()
                    + (p.get("submissions").size() == 1 ? " submission" : " submissions"));
            for (JsonNode s : p.get("submissions")) {
                boolean plays = !p.get("activeSubmission").isNull()
                        && p.get("activeSubmission").asLong() == s.get("id").asLong();
                out.println("  #" + s.get("number").asInt() + " (id "
                        + s.get("id").asLong() + ") "
                        + TerminalText.escape(s.get("fileName").asText()) + ", "
                        + TerminalText.escape(s.get("language").asText())
                        + ": " + s.get("state").asText()
                        + (s.get("reason").isNull()
                                ? ""
                                : ": " + TerminalText.escape(s.get("reason").asText()))
                        + (s.get("admission").isNull()
                                ? ""
                                : " ["
                                        + TerminalText.escape(s.get("admission")
                                                .get("verdict")
                                                .asText()) + "]")
                        + (plays ? " (plays)" : ""));
            }
        }
        JsonNode jobs = doc.get("jobs");
        out.println("jobs: " + jobs.get("queued").asInt() + " queued, "
                + jobs.get("running").asInt() + " running, " + jobs.get("done").asInt() + " done, "
                + jobs.get("failed").asInt() + " failed");
        out.flush();
    }
}
