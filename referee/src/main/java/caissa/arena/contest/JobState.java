package caissa.arena.contest;

import java.util.Arrays;
import java.util.Optional;

/**
 * {@code queued} → {@code running} → {@code done} or {@code failed}. A {@code running} job whose
 * server died is put back to {@code queued} when the server starts again.
 */
public enum JobState {
    QUEUED("queued"),
    RUNNING("running"),
    DONE("done"),
    FAILED("failed");

    private final String word;

    JobState(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static Optional<JobState> fromWord(String word) {
        return Arrays.stream(values()).filter(s -> s.word.equals(word)).findFirst();
    }
}
