package caissa.arena.input;

import java.util.Optional;

/**
 * Names of bots (and anything else shown in tables, logs and file names): printable characters
 * only, at most {@link Limits#MAX_NAME_LENGTH}. A newline would split the standings table, a
 * right-to-left override would make one bot's name read as another's, and 5,000 characters
 * would bury everything else, so none of them is a name.
 */
public final class Names {

    private Names() {}

    /** What is wrong with the name, or empty when it is a name. */
    public static Optional<String> problem(String name) {
        if (name == null || name.isBlank()) {
            return Optional.of("must be a non-empty name");
        }
        int length = name.codePointCount(0, name.length());
        if (length > Limits.MAX_NAME_LENGTH) {
            return Optional.of("is " + length + " characters long; a name has at most " + Limits.MAX_NAME_LENGTH);
        }
        if (!name.strip().equals(name)) {
            return Optional.of("must not start or end with spaces, got '" + name + "'");
        }
        Optional<String> bad = Texts.unprintable(name);
        if (bad.isPresent()) {
            return Optional.of("must hold printable characters only, but holds " + bad.get());
        }
        return Optional.empty();
    }
}
