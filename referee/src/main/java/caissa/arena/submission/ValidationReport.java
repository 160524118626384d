package caissa.arena.submission;

import caissa.arena.Version;
import caissa.arena.diagnostics.Diagnosis;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The result of {@code caissa validate} ({@value #SCHEMA}): the checklist, the one-line verdict
 * and a line per game played.
 *
 * @param source the source file that was built, or null when the submission was a command
 */
@JsonPropertyOrder({
    "schema",
    "arenaVersion",
    "bot",
    "command",
    "source",
    "checks",
    "passed",
    "verdict",
    "warnings",
    "gamesDir",
    "games"
})
public record ValidationReport(
        String schema,
        String arenaVersion,
        String bot,
        List<String> command,
        String source,
        List<Check> checks,
        boolean passed,
        String verdict,
        List<String> warnings,
        String gamesDir,
        List<GameLine> games) {

    public static final String SCHEMA = "caissa-arena/validation/1";

    public ValidationReport {
        warnings = List.copyOf(warnings);
    }

    /** The report of a bot that did not build: one failed check with the compiler's own messages, no game. */
    public static ValidationReport buildFailed(String bot, String source, SourceBuild.Outcome.Failed failed) {
        Check build = new Check(
                "build",
                false,
                failed.buildCommand() + ": " + failed.reason()
                        + (failed.output().isBlank()
                                ? ""
                                : ":\n" + failed.output().strip()));
        return new ValidationReport(
                SCHEMA,
                Version.current(),
                bot,
                List.of(),
                source,
                List.of(build),
                false,
                "FAIL: " + bot + " does not build (" + failed.language() + ")",
                List.of(),
                null,
                List.of());
    }

    /**
     * One game of the validation, from the bot's side.
     *
     * @param stderr the last lines the bot wrote on standard error in the game, escaped
     * @param log where the game's log was saved
     * @param why when the bot lost the game irregularly: why, in its own words
     */
    @JsonPropertyOrder({
        "game",
        "opponent",
        "colour",
        "result",
        "termination",
        "reason",
        "moves",
        "thinkingMillis",
        "stderr",
        "log",
        "why"
    })
    public record GameLine(
            int game,
            String opponent,
            String colour,
            String result,
            String termination,
            String reason,
            int moves,
            long thinkingMillis,
            List<String> stderr,
            String log,
            Diagnosis why) {}
}
