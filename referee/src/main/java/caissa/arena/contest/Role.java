package caissa.arena.contest;

import java.util.Arrays;
import java.util.Optional;

/** What an account may do: the organiser sees everything, a participant their own. */
public enum Role {
    ORGANISER("organiser"),
    PARTICIPANT("participant");

    private final String word;

    Role(String word) {
        this.word = word;
    }

    /** As the database and the JSON documents write it. */
    public String word() {
        return word;
    }

    public static Optional<Role> fromWord(String word) {
        return Arrays.stream(values()).filter(r -> r.word.equals(word)).findFirst();
    }
}
