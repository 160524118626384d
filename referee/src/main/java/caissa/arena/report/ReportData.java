package caissa.arena.report;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Everything the report page shows, embedded in it as one JSON document. The tournament and
 * standings files go in as written, so that every field they have reaches the page, including
 * fields added after this class was written.
 *
 * @param title the tournament's name (see {@link TournamentFolder#title()})
 * @param folder the name of the folder the report describes (its name only: the page is published)
 * @param generatedAt when the report was written (ISO-8601)
 * @param tournament {@code tournament.json}, or null when it is not there or unreadable
 * @param standings {@code standings.json}, or null when it is not there yet or unreadable
 * @param match {@code match.json} when the folder is a match's, else null
 * @param live whether a run is writing the folder now: the page then refreshes itself
 * @param playing the games being played when the page was written (live only)
 * @param held how the bots were held, as the game logs record it (see {@link ReportGameSpool#held})
 */
@JsonPropertyOrder({
    "schema",
    "title",
    "folder",
    "generatedAt",
    "arenaVersion",
    "tournament",
    "standings",
    "match",
    "live",
    "playing",
    "problems",
    "held",
    "games"
})
public record ReportData(
        String schema,
        String title,
        String folder,
        String generatedAt,
        String arenaVersion,
        JsonNode tournament,
        JsonNode standings,
        JsonNode match,
        boolean live,
        List<Playing> playing,
        List<String> problems,
        List<Held> held,
        List<ReportGame> games) {

    /** A game in progress: its number and its bots. */
    @JsonPropertyOrder({"number", "white", "black"})
    public record Playing(int number, String white, String black) {}

    /**
     * One way the bots were held in the games: the sandbox ({@code bwrap}, {@code none}, or
     * {@code not-started} for bots that never started, {@code unrecorded} where the log does not say) and what enforced the limits
     * ({@code cgroup-v1}, {@code cgroup-v2}, {@code watchdog}, {@code none}), with the number of
     * bot starts (two a game) held so.
     */
    @JsonPropertyOrder({"sandbox", "limitsBy", "starts"})
    public record Held(String sandbox, String limitsBy, int starts) {}

    /** Versions the embedded document, for tools that read it out of the page. */
    public static final String SCHEMA = "caissa-arena/report-data/1";

    public ReportData {
        problems = List.copyOf(problems);
        games = List.copyOf(games);
        playing = List.copyOf(playing);
        held = List.copyOf(held);
    }
}
