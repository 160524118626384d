package caissa.arena.game;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/**
 * Every way a game ends (RULES.md 6 and 9). The first three are the rules; the others are
 * irregular losses, recorded with their cause and used as a tiebreak.
 */
public enum Termination {
    CHECKMATE("checkmate", false),
    STALEMATE("stalemate", false),
    MOVE_LIMIT("move-limit", false),
    /** The bot did not reply within its clock. */
    TIME_FORFEIT("time-forfeit", true),
    /** A well-formed move that is not legal in the position. */
    ILLEGAL_MOVE("illegal-move", true),
    /** Anything that is not a move: text, an empty line, an over-long line, unasked lines. */
    PROTOCOL_ERROR("protocol-error", true),
    /** The bot exited or closed its output before the game was over. */
    CRASH("crash", true),
    /** The bot's command could not be started. */
    START_FAILURE("start-failure", true),
    /** The bot went over a resource limit (memory, processes and threads, file size). */
    RESOURCE_LIMIT("resource-limit", true),
    /**
     * The arena was stopped (Ctrl-C, SIGTERM, an interrupt) before the game was over. Not a
     * result: it is never journaled nor counted, and a resumed tournament plays the game again.
     */
    ABORTED("aborted", false);

    private final String word;
    private final boolean irregular;

    Termination(String word, boolean irregular) {
        this.word = word;
        this.irregular = irregular;
    }

    /** The word used in game logs, standings and the CLI, for example {@code time-forfeit}. */
    @JsonValue
    public String word() {
        return word;
    }

    public boolean isIrregular() {
        return irregular;
    }

    @JsonCreator
    public static Termination fromWord(String word) {
        return Arrays.stream(values())
                .filter(t -> t.word.equals(word))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown termination '" + word + "'"));
    }

    @Override
    public String toString() {
        return word;
    }
}
