package caissa.arena.contest;

import java.util.Arrays;
import java.util.Optional;

/** What a job does; {@link JobWorks} gives the work for each. */
public enum JobKind {
    /** Build a submission and play its admission test; the subject is the submission's id. */
    ADMISSION("admission"),
    /** Play a competition (part 2); the subject is the competition's id. */
    COMPETITION("competition");

    private final String word;

    JobKind(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static Optional<JobKind> fromWord(String word) {
        return Arrays.stream(values()).filter(k -> k.word.equals(word)).findFirst();
    }
}
