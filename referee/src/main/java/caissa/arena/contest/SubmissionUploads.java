package caissa.arena.contest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A participant's upload made a submission: checked and unpacked ({@link UploadedSource}) in the
 * data folder's {@code tmp/}, then renamed into {@code submissions/<id>/upload/} inside the
 * transaction that records the submission and its admission job. Nothing is stored half: a
 * refused upload leaves nothing, a failed rename records nothing.
 */
public final class SubmissionUploads {

    /** Where uploads are unpacked before they are renamed into place: inside the data folder, so the rename is atomic. */
    public static final String TEMPORARY = "tmp";

    private SubmissionUploads() {}

    /** A stored submission, or the one line that refused the upload. */
    public sealed interface Outcome {
        record Stored(Submission submission) implements Outcome {}

        record Refused(String reason) implements Outcome {}
    }

    /** The contest's caps on an upload. */
    public static UploadedSource.Caps caps(ContestDefinition definition) {
        return new UploadedSource.Caps(
                definition.maxUploadBytes(), definition.maxFiles(), definition.maxUnpackedBytes());
    }

    /**
     * Reads, checks and stores an upload of the participant's.
     *
     * @param language the language the participant chose, or empty to detect it
     */
    public static Outcome store(
            Contest contest,
            long participant,
            String fileName,
            InputStream content,
            Optional<String> language,
            Instant now)
            throws IOException {
        ContestDefinition definition = contest.definition();
        Optional<Instant> deadline = definition.deadline();
        if (deadline.isPresent() && !now.isBefore(deadline.get())) {
            return new Outcome.Refused("uploads closed at the final's deadline, " + deadline.get());
        }
        Path temporary = contest.layout().dir().resolve(TEMPORARY);
        UploadedSource.Received received = UploadedSource.receive(
                fileName,
                content,
                language,
                definition.languages().stream().map(AdmissionWork::recipe).toList(),
                caps(definition),
                temporary);
        if (received instanceof UploadedSource.Received.Refused refused) {
            return new Outcome.Refused(refused.reason());
        }
        UploadedSource source = ((UploadedSource.Received.Accepted) received).source();
        Path work = source.folder().getParent();
        try {
            Submission submission = contest.store()
                    .addSubmission(
                            participant,
                            source.fileName(),
                            source.language().name(),
                            source.bytes(),
                            source.sha256(),
                            now,
                            stored -> {
                                Path folder = contest.layout().submission(stored.id());
                                // A folder left by a submission whose transaction was undone (the server killed) is not
                                // ours.
                                UploadedSource.deleteTree(folder);
                                Files.createDirectories(folder);
                                Files.move(
                                        source.folder(),
                                        contest.layout().upload(stored.id()),
                                        StandardCopyOption.ATOMIC_MOVE);
                            });
            return new Outcome.Stored(submission);
        } finally {
            UploadedSource.deleteTree(work);
        }
    }

    /** The files of a stored upload, relative to its folder, sorted: what a source download holds. */
    public static List<String> files(Contest contest, long submission) throws IOException {
        Path upload = contest.layout().upload(submission);
        try (var walk = Files.walk(upload)) {
            return walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .map(p -> upload.relativize(p).toString())
                    .sorted()
                    .toList();
        }
    }
}
