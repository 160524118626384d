package caissa.arena.sandbox;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/**
 * Whether bots run in a bubblewrap sandbox: {@code bwrap} insists on it, {@code none} runs them
 * as plain processes, {@code auto} uses bubblewrap where it works and says so when it does not.
 */
public enum SandboxMode {
    AUTO,
    BWRAP,
    NONE;

    /** Where a command's default comes from, so that a machine without bubblewrap can say so once (and CI can test both). */
    public static final String ENVIRONMENT_VARIABLE = "CAISSA_SANDBOX";

    @JsonValue
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static SandboxMode fromWord(String word) {
        return Arrays.stream(values())
                .filter(m -> m.word().equals(word))
                .findFirst()
                .orElseThrow(() ->
                        new IllegalArgumentException("unknown sandbox '" + word + "' (known: auto, bwrap, none)"));
    }

    /** {@code $CAISSA_SANDBOX} when set, else {@code auto}. */
    public static SandboxMode fromEnvironment() {
        String value = System.getenv(ENVIRONMENT_VARIABLE);
        return value == null || value.isBlank() ? AUTO : fromWord(value.strip());
    }

    @Override
    public String toString() {
        return word();
    }
}
