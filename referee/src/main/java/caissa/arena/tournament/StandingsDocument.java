package caissa.arena.tournament;

import caissa.arena.rules.Variant;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * {@code standings.json} ({@value #SCHEMA}): the table, best first, and the crosstable
 * ({@code crosstable[bot][opponent]}) of the current stage (the final once it has started, else the
 * only stage), and the same for every stage started so far in {@code stages}. Rewritten after
 * every game while a tournament runs.
 */
@JsonPropertyOrder({"schema", "tournament", "variant", "arenaVersion", "updatedAt", "gamesPlayed", "gamesTotal", "complete",
    "standings", "crosstable", "stages"})
public record StandingsDocument(String schema, String tournament, Variant variant, String arenaVersion, String updatedAt, int gamesPlayed,
        int gamesTotal, boolean complete, List<Standing> standings, Map<String, Map<String, CrossEntry>> crosstable,
        List<Stage> stages) {

    public static final String SCHEMA = "caissa-arena/standings/2";

    /**
     * One stage: {@code round-robin}, {@code gauntlet}, {@code swiss} or {@code final}.
     *
     * @param rounds Swiss rounds paired so far (0 outside a Swiss)
     */
    @JsonPropertyOrder({"stage", "rounds", "gamesPlayed", "gamesTotal", "complete", "standings", "crosstable"})
    public record Stage(String stage, int rounds, int gamesPlayed, int gamesTotal, boolean complete,
            List<Standing> standings, Map<String, Map<String, CrossEntry>> crosstable) {
    }
}
