package caissa.arena.tournament;

import caissa.arena.rules.Variant;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * {@code standings.json} ({@value #SCHEMA}): the table, best first, and the crosstable
 * ({@code crosstable[bot][opponent]}). Rewritten after every game while a tournament runs.
 */
@JsonPropertyOrder({"schema", "tournament", "variant", "arenaVersion", "updatedAt", "gamesPlayed", "gamesTotal", "complete",
    "standings", "crosstable"})
public record StandingsDocument(String schema, String tournament, Variant variant, String arenaVersion, String updatedAt, int gamesPlayed,
        int gamesTotal, boolean complete, List<Standing> standings, Map<String, Map<String, CrossEntry>> crosstable) {

    public static final String SCHEMA = "caissa-arena/standings/2";
}
