package caissa.arena.tournament;

import caissa.arena.rules.Variant;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * {@code standings.json} ({@value #SCHEMA}): the table, best first, and the crosstable
 * ({@code crosstable[bot][opponent]}) of the whole tournament, and the same for every stage started
 * so far in {@code stages}. A tournament of one stage is ranked as that stage; a Swiss with its
 * final ranks the finalists in the final's order, then the other bots in the Swiss order, each row
 * and the crosstable counting the games of every stage. Rewritten after every game while a
 * tournament runs.
 */
@JsonPropertyOrder({
    "schema",
    "tournament",
    "variant",
    "arenaVersion",
    "updatedAt",
    "gamesPlayed",
    "gamesTotal",
    "complete",
    "standings",
    "crosstable",
    "stages"
})
public record StandingsDocument(
        String schema,
        String tournament,
        Variant variant,
        String arenaVersion,
        String updatedAt,
        int gamesPlayed,
        int gamesTotal,
        boolean complete,
        List<Standing> standings,
        Map<String, Map<String, CrossEntry>> crosstable,
        List<Stage> stages) {

    public static final String SCHEMA = "caissa-arena/standings/3";

    /**
     * One stage: {@code round-robin}, {@code gauntlet}, {@code swiss} or {@code final}.
     *
     * @param rounds Swiss rounds paired so far (0 outside a Swiss)
     * @param batches the stage's games known so far by number, a Swiss round each (one for other stages)
     */
    @JsonPropertyOrder({"stage", "rounds", "gamesPlayed", "gamesTotal", "complete", "batches", "standings", "crosstable"
    })
    public record Stage(
            StageName stage,
            int rounds,
            int gamesPlayed,
            int gamesTotal,
            boolean complete,
            List<Batch> batches,
            List<Standing> standings,
            Map<String, Map<String, CrossEntry>> crosstable) {
        public Stage {
            batches = List.copyOf(batches);
        }
    }

    /** The games of one batch of a stage: game numbers {@code firstGame} to {@code lastGame}, its Swiss round (0 outside a Swiss). */
    @JsonPropertyOrder({"round", "firstGame", "lastGame"})
    public record Batch(int round, int firstGame, int lastGame) {
        static Batch of(Plan.Batch batch) {
            List<ScheduledGame> games = batch.games();
            return new Batch(
                    batch.round(),
                    games.isEmpty() ? 0 : games.get(0).number(),
                    games.isEmpty() ? 0 : games.get(games.size() - 1).number());
        }
    }
}
