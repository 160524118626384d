package caissa.arena.server;

import caissa.arena.contest.ContestDefinition;
import caissa.arena.contest.Submission;
import caissa.arena.contest.SubmissionUploads;
import caissa.arena.sandbox.ResourceLimits;
import io.javalin.config.JavalinConfig;
import io.javalin.config.SizeUnit;
import io.javalin.http.Context;
import io.javalin.http.UploadedFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Optional;

/**
 * An upload as the web tier receives it, for the form and the API alike: refused at once when
 * its declared length is over the contest's cap, refused by the multipart parser at the first
 * byte over it when it streams without one, then handed to {@link SubmissionUploads}.
 */
final class Uploads {

    /** Room for the multipart framing and the small fields around the file. */
    static final long FRAMING_BYTES = 64 * 1024;

    private Uploads() {}

    /** The multipart parser's caps for this contest: the file's cap, and the request's with room for the rest. */
    static void configure(JavalinConfig config, ContestDefinition definition) {
        config.jetty.multipartConfig.maxFileSize(definition.maxUploadBytes(), SizeUnit.BYTES);
        config.jetty.multipartConfig.maxTotalRequestSize(definition.maxUploadBytes() + FRAMING_BYTES, SizeUnit.BYTES);
        config.jetty.multipartConfig.maxInMemoryFileSize(64, SizeUnit.KB);
    }

    static String tooLarge(ContestDefinition definition) {
        return "the upload is larger than the contest's cap of " + ResourceLimits.bytes(definition.maxUploadBytes());
    }

    /** Refuses a request whose declared length is over the cap, before a byte of it is read. */
    static void checkLength(Context ctx, ContestDefinition definition) {
        long length = ctx.req().getContentLengthLong();
        if (length > definition.maxUploadBytes() + FRAMING_BYTES) {
            throw new Refusal(413, tooLarge(definition));
        }
    }

    /** The file part, or a refusal: none sent, or over the cap while it streamed. */
    static UploadedFile file(Context ctx, ContestDefinition definition) {
        UploadedFile file;
        try {
            file = ctx.uploadedFile("file");
        } catch (Exception e) {
            throw refusalOf(e, definition);
        }
        if (file == null) {
            throw Refusal.badRequest("no file was sent: choose a file to upload");
        }
        return file;
    }

    /** A form field of a multipart request, read as the parser read the file (so its refusals are the same). */
    static Optional<String> field(Context ctx, String name, ContestDefinition definition) {
        try {
            return Optional.ofNullable(ctx.formParam(name));
        } catch (Exception e) {
            throw refusalOf(e, definition);
        }
    }

    private static Refusal refusalOf(Exception e, ContestDefinition definition) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            if (message.contains("max") || message.contains("too large") || message.contains("exceed")) {
                return new Refusal(413, tooLarge(definition));
            }
        }
        return Refusal.badRequest("the upload could not be read as a form: "
                + Optional.ofNullable(e.getMessage())
                        .map(m -> m.lines().findFirst().orElse(""))
                        .orElse(e.getClass().getSimpleName()));
    }

    /** Stores the upload as the participant's submission, or refuses it in one line. */
    static Submission store(Site site, Context ctx, long participant) {
        ContestDefinition definition = site.contest().definition();
        UploadedFile file = file(ctx, definition);
        Optional<String> language = field(ctx, "language", definition).filter(l -> !l.isBlank());
        SubmissionUploads.Outcome outcome;
        try (var content = file.content()) {
            outcome = SubmissionUploads.store(
                    site.contest(),
                    participant,
                    file.filename(),
                    content,
                    language,
                    site.clock().instant());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (outcome instanceof SubmissionUploads.Outcome.Refused refused) {
            throw new Refusal(refused.reason().startsWith("the upload is larger") ? 413 : 400, refused.reason());
        }
        site.runner().wake();
        return ((SubmissionUploads.Outcome.Stored) outcome).submission();
    }
}
