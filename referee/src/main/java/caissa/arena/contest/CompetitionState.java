package caissa.arena.contest;

import java.util.Arrays;
import java.util.Optional;

/**
 * A competition is {@code queued}, then {@code running}, and ends {@code done}, {@code failed}
 * (it could not start, such as with fewer than two bots), or {@code cancelled} by the organiser.
 * A {@code stopped} one (by the organiser, or by a full disk) waits to be resumed, from where it
 * stopped.
 */
public enum CompetitionState {
    QUEUED("queued"),
    RUNNING("running"),
    STOPPED("stopped"),
    DONE("done"),
    FAILED("failed"),
    CANCELLED("cancelled");

    private final String word;

    CompetitionState(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /** Whether it will not play again. */
    public boolean ended() {
        return this == DONE || this == FAILED || this == CANCELLED;
    }

    public static Optional<CompetitionState> fromWord(String word) {
        return Arrays.stream(values()).filter(s -> s.word.equals(word)).findFirst();
    }
}
