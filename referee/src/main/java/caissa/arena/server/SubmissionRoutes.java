package caissa.arena.server;

import caissa.arena.contest.Submission;
import caissa.arena.contest.SubmissionState;
import caissa.arena.contest.SubmissionUploads;
import caissa.arena.records.Json;
import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.javalin.router.JavalinDefaultRoutingApi;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;

/**
 * A participant's submissions: the upload, the submission's page (its state, the build's output,
 * each check of the admission test with its cause and fix, the test games, and the bot's own
 * standard error, to its author only), a test game's page, the source's download, choosing an
 * earlier admitted submission again; and the organiser's re-run of an admission. Each handler
 * decides who may see what before it reads anything: the author, or the organiser.
 */
final class SubmissionRoutes implements Routes {

    /** The most of a bot's standard error shown for one game, as the CodeCup showed it. */
    static final int STDERR_SHOWN = 10_000;

    private final Site site;

    SubmissionRoutes(Site site) {
        this.site = site;
    }

    @Override
    public void addTo(JavalinDefaultRoutingApi routes) {
        routes.post("/me/submissions", this::upload);
        routes.get("/submissions/{id}", this::page);
        routes.get("/submissions/{id}/source", this::source);
        routes.get("/submissions/{id}/games/{n}", this::game);
        routes.post("/submissions/{id}/activate", this::activate);
        routes.post("/submissions/{id}/rerun", this::rerun);
    }

    private void upload(Context ctx) {
        Visitor visitor = site.sessions().requireVisitor(ctx);
        Uploads.checkLength(ctx, site.contest().definition());
        // The form's token is read as the file is: a stream over the cap is refused by the parser either way.
        Uploads.field(ctx, Sessions.CSRF_FIELD, site.contest().definition());
        site.sessions().checkForm(ctx);
        Submission submission = Uploads.store(site, ctx, visitor.participant().id());
        ctx.redirect("/submissions/" + submission.id(), HttpStatus.SEE_OTHER);
    }

    /** The submission, if the visitor may see it: theirs, or any for the organiser. */
    static Submission visible(Site site, Visitor visitor, String idText) {
        long id;
        try {
            id = Long.parseLong(idText);
        } catch (NumberFormatException e) {
            throw Refusal.notFound("submission " + idText);
        }
        Submission submission =
                site.contest().store().submission(id).orElseThrow(() -> Refusal.notFound("submission " + id));
        if (submission.participant() != visitor.participant().id()
                && !visitor.participant().isOrganiser()) {
            throw Refusal.forbidden("submission " + id + " is another participant's: you see only your own");
        }
        return submission;
    }

    private void page(Context ctx) {
        Visitor visitor = site.sessions().requireVisitor(ctx);
        Submission submission = visible(site, visitor, ctx.pathParam("id"));
        boolean author = submission.participant() == visitor.participant().id();
        Map<String, Object> data = describe(submission);
        data.put("author", author);
        data.put("organiser", visitor.participant().isOrganiser());
        data.put("csrf", visitor.csrfToken());
        data.put(
                "owner",
                site.contest()
                        .store()
                        .participant(submission.participant())
                        .map(p -> p.name())
                        .orElse("?"));
        data.put("admitted", submission.state() == SubmissionState.ADMITTED);
        data.put(
                "active",
                site.contest()
                        .store()
                        .participant(submission.participant())
                        .flatMap(p -> p.activeSubmission())
                        .filter(a -> a == submission.id())
                        .isPresent());
        readReport(submission).ifPresent(report -> {
            List<Map<String, Object>> checks = new ArrayList<>();
            for (JsonNode check : report.path("checks")) {
                String evidence = check.path("evidence").asText();
                if (check.path("name").asText().equals("build")) {
                    data.put("build", evidence);
                    data.put("buildPassed", check.path("passed").asBoolean());
                }
                checks.add(Map.of(
                        "name",
                        check.path("name").asText(),
                        "passed",
                        check.path("passed").asBoolean(),
                        "result",
                        check.path("passed").asBoolean() ? "pass" : "FAIL",
                        "evidence",
                        evidence));
            }
            data.put("checks", checks);
            data.put("verdict", report.path("verdict").asText());
            List<String> warnings = new ArrayList<>();
            report.path("warnings").forEach(w -> warnings.add(w.asText()));
            data.put("warnings", warnings);
            List<Map<String, Object>> games = new ArrayList<>();
            for (JsonNode game : report.path("games")) {
                Map<String, Object> line = new HashMap<>();
                line.put("n", game.path("game").asInt());
                line.put("opponent", game.path("opponent").asText());
                line.put("colour", game.path("colour").asText());
                line.put("result", game.path("result").asText());
                line.put("termination", game.path("termination").asText());
                line.put("moves", game.path("moves").asInt());
                line.put("reason", game.path("reason").asText());
                games.add(line);
            }
            data.put("games", games);
            data.put("hasGames", !games.isEmpty());
        });
        ctx.html(site.pages()
                .page(
                        "submission",
                        "Submission " + submission.number() + " of " + data.get("owner"),
                        data,
                        Optional.of(visitor)));
    }

    static Map<String, Object> describe(Submission submission) {
        Map<String, Object> data = new HashMap<>();
        data.put("id", submission.id());
        data.put("number", submission.number());
        data.put("fileName", submission.fileName());
        data.put("language", submission.language());
        data.put("bytes", submission.bytes());
        data.put("sha256", submission.sha256());
        data.put("state", submission.state().word());
        submission.reason().ifPresent(r -> data.put("reason", r));
        data.put("created", Pages.time(submission.created()));
        data.put("finished", submission.state().isFinal());
        return data;
    }

    /** The admission's report, once it is written. */
    Optional<JsonNode> readReport(Submission submission) {
        Path file = site.contest().layout().admission(submission.id());
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.mapper().readTree(file.toFile()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private void game(Context ctx) {
        Visitor visitor = site.sessions().requireVisitor(ctx);
        Submission submission = visible(site, visitor, ctx.pathParam("id"));
        boolean author = submission.participant() == visitor.participant().id();
        int n;
        try {
            n = Integer.parseInt(ctx.pathParam("n"));
        } catch (NumberFormatException e) {
            throw Refusal.notFound("game " + ctx.pathParam("n"));
        }
        JsonNode line = readReport(submission)
                .map(r -> r.path("games"))
                .flatMap(games -> {
                    for (JsonNode g : games) {
                        if (g.path("game").asInt() == n) {
                            return Optional.of(g);
                        }
                    }
                    return Optional.empty();
                })
                .orElseThrow(() -> Refusal.notFound("game " + n + " of submission " + submission.id()));
        JsonNode log;
        try {
            log = Json.mapper()
                    .readTree(site.contest()
                            .layout()
                            .submission(submission.id())
                            .resolve(line.path("log").asText())
                            .normalize()
                            .toFile());
        } catch (IOException e) {
            throw Refusal.notFound("the log of game " + n);
        }
        String colour = line.path("colour").asText();
        Map<String, Object> data = describe(submission);
        data.put("n", n);
        data.put("white", log.path("white").path("name").asText());
        data.put("black", log.path("black").path("name").asText());
        data.put("result", line.path("result").asText());
        data.put("termination", line.path("termination").asText());
        data.put("reason", line.path("reason").asText());
        data.put("start", log.path("start").asText());
        data.put("final", log.path("final").asText());
        List<Map<String, Object>> moves = new ArrayList<>();
        for (JsonNode move : log.path("moves")) {
            moves.add(Map.of(
                    "ply",
                    move.path("ply").asInt(),
                    "side",
                    move.path("side").asText(),
                    "move",
                    move.path("raw").asText(),
                    "millis",
                    move.path("micros").asLong() / 1000.0));
        }
        data.put("moves", moves);
        data.put("moveCount", moves.size());
        // A bot's standard error is its author's only: not the organiser's page, not another participant's.
        if (author) {
            JsonNode stderr = log.path(colour.equalsIgnoreCase("white") ? "white" : "black")
                    .path("stderr");
            data.put("stderr", capped(stderr));
            data.put("stderrBytes", stderr.path("bytes").asLong());
            data.put("showStderr", true);
        }
        ctx.html(site.pages()
                .page("game", "Game " + n + " of submission " + submission.number(), data, Optional.of(visitor)));
    }

    /** The excerpt of a game's standard error, at most {@value #STDERR_SHOWN} characters, its end kept when cut. */
    static String capped(JsonNode stderr) {
        String head = stderr.path("head").asText("");
        String tail = stderr.path("tail").asText("");
        String text = stderr.path("truncated").asBoolean() ? head + "\n[…]\n" + tail : head + tail;
        if (text.length() <= STDERR_SHOWN) {
            return text;
        }
        int half = STDERR_SHOWN / 2;
        return text.substring(0, half) + "\n[… " + (text.length() - STDERR_SHOWN) + " characters not shown …]\n"
                + text.substring(text.length() - half);
    }

    private void source(Context ctx) throws IOException {
        Visitor visitor = site.sessions().requireVisitor(ctx);
        Submission submission = visible(site, visitor, ctx.pathParam("id"));
        Path upload = site.contest().layout().upload(submission.id());
        List<String> files = SubmissionUploads.files(site.contest(), submission.id());
        if (files.size() == 1 && files.get(0).equals(submission.fileName())) {
            ctx.header("Content-Disposition", "attachment; filename=\"" + safeName(submission.fileName()) + "\"");
            ctx.contentType("application/octet-stream");
            ctx.result(Files.readAllBytes(upload.resolve(files.get(0))));
            return;
        }
        // An archive is kept unpacked (as it was checked): it is downloaded as one zip of those files.
        ctx.header("Content-Disposition", "attachment; filename=\"submission-" + submission.id() + ".zip\"");
        ctx.contentType("application/zip");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(bytes)) {
            for (String file : files) {
                zip.putArchiveEntry(new ZipArchiveEntry(file));
                Files.copy(upload.resolve(file), zip);
                zip.closeArchiveEntry();
            }
        }
        ctx.result(bytes.toByteArray());
    }

    /** A file name safe inside a quoted header value. */
    private static String safeName(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private void activate(Context ctx) {
        Visitor visitor = site.sessions().requireVisitor(ctx);
        site.sessions().checkForm(ctx);
        Submission submission = visible(site, visitor, ctx.pathParam("id"));
        if (submission.participant() != visitor.participant().id()) {
            throw Refusal.forbidden("only its author chooses which of their submissions plays");
        }
        if (submission.state() != SubmissionState.ADMITTED) {
            throw Refusal.badRequest("submission " + submission.number() + " is "
                    + submission.state().word() + ": only an admitted submission can play");
        }
        site.contest().store().setActiveSubmission(visitor.participant().id(), submission.id());
        ctx.redirect("/me", HttpStatus.SEE_OTHER);
    }

    private void rerun(Context ctx) {
        Visitor visitor = site.sessions().requireOrganiser(ctx);
        site.sessions().checkForm(ctx);
        Submission submission = visible(site, visitor, ctx.pathParam("id"));
        if (!submission.state().isFinal()) {
            throw Refusal.badRequest("submission " + submission.id() + " is "
                    + submission.state().word() + " already: its admission runs when its turn comes");
        }
        site.contest().store().rerunSubmission(submission.id(), site.clock().instant());
        site.runner().wake();
        ctx.redirect("/submissions/" + submission.id(), HttpStatus.SEE_OTHER);
    }
}
