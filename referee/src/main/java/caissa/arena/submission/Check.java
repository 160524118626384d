package caissa.arena.submission;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One item of a validation checklist: whether it passed and the evidence either way.
 *
 * @param checked false when the games gave nothing to judge it on (a bot that was never running
 *     at the end of a game cannot show whether it exits on {@code end}): neither a pass nor a
 *     failure of its own, since another check failed for the same games
 */
@JsonPropertyOrder({"name", "passed", "checked", "evidence"})
public record Check(String name, boolean passed, boolean checked, String evidence) {

    public Check(String name, boolean passed, String evidence) {
        this(name, passed, true, evidence);
    }

    /** A check the games could not show either way, with why. */
    static Check notChecked(String name, String why) {
        return new Check(name, false, false, "not checked: " + why);
    }

    /** How the checklist shows its outcome. */
    public String outcome() {
        return passed ? "pass" : checked ? "FAIL" : "not checked";
    }
}
