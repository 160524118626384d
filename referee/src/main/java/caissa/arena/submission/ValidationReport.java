package caissa.arena.submission;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The result of {@code caissa validate} ({@value #SCHEMA}): the checklist, the one-line verdict
 * and a line per game played.
 *
 * @param source the source file that was built, or null when the submission was a command
 */
@JsonPropertyOrder({"schema", "arenaVersion", "bot", "command", "source", "checks", "passed", "verdict", "games"})
public record ValidationReport(String schema, String arenaVersion, String bot, List<String> command, String source,
        List<Check> checks, boolean passed, String verdict, List<GameLine> games) {

    public static final String SCHEMA = "caissa-arena/validation/1";

    /** One game of the validation, from the bot's side. */
    @JsonPropertyOrder({"opponent", "colour", "result", "termination", "reason", "moves"})
    public record GameLine(String opponent, String colour, String result, String termination, String reason, int moves) {
    }
}
