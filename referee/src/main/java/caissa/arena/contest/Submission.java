package caissa.arena.contest;

import java.time.Instant;
import java.util.Optional;

/**
 * One upload of a participant's bot and what became of it.
 *
 * @param number   its number among the participant's own submissions, from 1
 * @param fileName as uploaded (shown escaped)
 * @param sha256   of the uploaded bytes, in hex
 * @param reason   one line: why it was not admitted, or what it is waiting for
 */
public record Submission(
        long id,
        long participant,
        int number,
        String fileName,
        String language,
        long bytes,
        String sha256,
        SubmissionState state,
        Optional<String> reason,
        Instant created,
        Instant updated) {}
