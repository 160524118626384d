package caissa.arena.server;

import caissa.arena.contest.Participant;
import caissa.arena.contest.Submission;
import caissa.arena.records.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import io.javalin.router.JavalinDefaultRoutingApi;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The API of {@code caissa submit}: the participant's submit token as {@code Authorization:
 * Bearer TOKEN}, an upload as multipart (a {@code file} part, an optional {@code language}), and
 * a submission's state with its admission report. Refusals are {@code {"error": "one line"}}.
 */
final class ApiRoutes implements Routes {

    private final Site site;

    ApiRoutes(Site site) {
        this.site = site;
    }

    @Override
    public void addTo(JavalinDefaultRoutingApi routes) {
        routes.post("/api/submissions", this::upload);
        routes.get("/api/submissions/{id}", this::submission);
    }

    /** The token's participant, or a refusal; decided before anything of the request is read. */
    private Participant participant(Context ctx) {
        String header = ctx.header("Authorization");
        if (header == null || !header.startsWith("Bearer ") || header.length() <= "Bearer ".length()) {
            throw new Refusal(401, "no submit token: send it as 'Authorization: Bearer TOKEN' (it is on your page)");
        }
        return site.accounts()
                .bySubmitToken(header.substring("Bearer ".length()).strip())
                .filter(p -> !p.disabled())
                .orElseThrow(() ->
                        new Refusal(401, "this submit token is not a participant's: copy it again from your page"));
    }

    private void upload(Context ctx) {
        Participant participant = participant(ctx);
        Uploads.checkLength(ctx, site.contest().definition());
        Submission submission = Uploads.store(site, ctx, participant.id());
        ObjectNode body = Json.mapper().createObjectNode();
        body.put("id", submission.id());
        body.put("state", submission.state().word());
        body.put("url", base(ctx) + "submissions/" + submission.id());
        ctx.status(201).contentType("application/json").result(Json.writeCompact(body));
    }

    private void submission(Context ctx) throws IOException {
        Participant participant = participant(ctx);
        Submission submission = SubmissionRoutes.visible(site, new Visitor(participant, ""), ctx.pathParam("id"));
        ObjectNode body = Json.mapper().createObjectNode();
        body.put("id", submission.id());
        body.put("state", submission.state().word());
        body.put("reason", submission.reason().orElse(null));
        Path report = site.contest().layout().admission(submission.id());
        JsonNode admission = submission.state().isFinal() && Files.isRegularFile(report)
                ? Json.mapper().readTree(report.toFile())
                : null;
        body.set("admission", admission);
        ctx.contentType("application/json").result(Json.writeCompact(body));
    }

    /** The server's address as the client reached it. */
    private static String base(Context ctx) {
        String url = ctx.fullUrl();
        return url.substring(0, url.length() - ctx.path().length()) + "/";
    }
}
