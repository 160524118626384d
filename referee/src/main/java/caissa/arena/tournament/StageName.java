package caissa.arena.tournament;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The stage of a tournament a batch of games belongs to, as {@code standings.json} and a shard's
 * {@code tournament.json} write it: a round robin and a gauntlet are one stage each, a Swiss has
 * its Swiss rounds and optionally its final.
 */
public enum StageName {
    ROUND_ROBIN("round-robin"),
    GAUNTLET("gauntlet"),
    SWISS("swiss"),
    FINAL("final");

    private final String word;

    StageName(String word) {
        this.word = word;
    }

    /** The word in the records. */
    @JsonValue
    public String word() {
        return word;
    }

    @JsonCreator
    static StageName fromWord(String word) {
        for (StageName stage : values()) {
            if (stage.word.equals(word)) {
                return stage;
            }
        }
        throw new IllegalArgumentException("unknown stage " + word);
    }

    /** The word, so that messages that name a stage read as before. */
    @Override
    public String toString() {
        return word;
    }
}
