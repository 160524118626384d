package caissa.arena.game;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/**
 * What a bot's clock measures. {@code wall}: the time from the line sent to the reply received,
 * as in the CodeCup. {@code cpu}: the CPU time (user + system) the bot and every process it
 * started used for the reply, so that a loaded machine or a high concurrency costs no bot
 * anything; a wall-time safety cap keeps a bot that sleeps from stalling the game.
 */
public enum ClockKind {
    WALL("wall"),
    CPU("cpu");

    private final String word;

    ClockKind(String word) {
        this.word = word;
    }

    @JsonValue
    public String word() {
        return word;
    }

    /** The kind named {@code word}, or an error that lists the known ones. */
    @JsonCreator
    public static ClockKind fromWord(String word) {
        return Arrays.stream(values())
                .filter(k -> k.word.equals(word))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown clock '" + word + "' (known: wall, cpu)"));
    }

    @Override
    public String toString() {
        return word;
    }
}
