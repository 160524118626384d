package caissa.arena.submission;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** One item of a validation checklist: whether it passed and the evidence either way. */
@JsonPropertyOrder({"name", "passed", "evidence"})
public record Check(String name, boolean passed, String evidence) {
}
