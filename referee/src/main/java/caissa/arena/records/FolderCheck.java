package caissa.arena.records;

import caissa.arena.game.GameRecord;
import java.nio.file.Path;

/**
 * What the checks of an output folder share, a tournament's and a match's alike ({@code verify},
 * {@code report}, {@code merge}): how strict to be, what was checked, and how one game log is read
 * and judged.
 */
public final class FolderCheck {

    /** How much of a folder must be there. */
    public enum Mode {
        /** A run's records, complete: tournament.json readable, every journaled game's log there ({@code verify}). */
        STRICT,
        /**
         * A folder perhaps still being written, or of an earlier version ({@code report}): what
         * cannot be read is left to the report to name, and only the logs that can be are judged.
         */
        LENIENT
    }

    /** What was checked: the games whose logs agree, and what the folder is (for the summary line). */
    public record Verified(int games, String what) {}

    private FolderCheck() {}

    /** @throws DisagreeingRecordException naming the log when it disagrees */
    public static void judge(Path log, GameRecord record, GameLogCheck.Expected expected) {
        if (GameLogCheck.check(record, expected) instanceof GameLogCheck.Verdict.Disagrees disagrees) {
            throw new DisagreeingRecordException(log, disagrees.what());
        }
    }
}
