package caissa.arena.records;

import caissa.arena.input.BadInputException;
import java.nio.file.Path;

/**
 * A record that its own moves, its journal or its schedule contradict: a game log forged, cut
 * or swapped. One line naming the file and what disagrees; the commands give it an exit code of
 * its own, so that a script can tell it from bad usage.
 */
public final class DisagreeingRecordException extends BadInputException {

    private static final long serialVersionUID = 1L;

    public DisagreeingRecordException(Path file, String what) {
        this(file.toString(), what);
    }

    /** @param where the file, or a line of it ({@code journal.jsonl:7}) */
    public DisagreeingRecordException(String where, String what) {
        super(where + ": " + what);
    }
}
