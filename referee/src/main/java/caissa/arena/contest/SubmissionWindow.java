package caissa.arena.contest;

import java.time.Instant;
import java.util.Optional;

/**
 * When uploads are taken: until the final's deadline, if the contest has a final. At the deadline
 * the active submissions are frozen (the final plays them) and every upload is refused with the
 * time the submissions closed, on the page and in {@code caissa submit}.
 *
 * @param closes the final's deadline, or empty for a contest without a final
 */
public record SubmissionWindow(Optional<Instant> closes) {

    public static SubmissionWindow open() {
        return new SubmissionWindow(Optional.empty());
    }

    public static SubmissionWindow closingAt(Instant deadline) {
        return new SubmissionWindow(Optional.of(deadline));
    }

    /** Whether submissions are closed at {@code now}: at the deadline itself they are. */
    public boolean closedAt(Instant now) {
        return closes.isPresent() && !now.isBefore(closes.get());
    }

    /** The refusal of an upload at {@code now}, in one line, or empty while uploads are taken. */
    public Optional<String> refusal(Instant now) {
        return closedAt(now)
                ? Optional.of("submissions closed at " + closes.get()
                        + " (the final's deadline); no upload is taken after it")
                : Optional.empty();
    }
}
