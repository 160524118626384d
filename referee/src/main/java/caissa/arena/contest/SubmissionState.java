package caissa.arena.contest;

import java.util.Arrays;
import java.util.Optional;

/**
 * Where a submission is: {@code queued} → {@code building} → {@code testing} → {@code admitted}
 * or {@code not-admitted}. States only move forward; the organiser's re-run makes it queued again.
 */
public enum SubmissionState {
    QUEUED("queued"),
    BUILDING("building"),
    TESTING("testing"),
    ADMITTED("admitted"),
    NOT_ADMITTED("not-admitted");

    private final String word;

    SubmissionState(String word) {
        this.word = word;
    }

    /** As the database, the pages and the API write it. */
    public String word() {
        return word;
    }

    /** Admitted or not: nothing more happens to it unless it is run again. */
    public boolean isFinal() {
        return this == ADMITTED || this == NOT_ADMITTED;
    }

    public static Optional<SubmissionState> fromWord(String word) {
        return Arrays.stream(values()).filter(s -> s.word.equals(word)).findFirst();
    }
}
