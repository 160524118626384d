package caissa.arena.tournament;

import java.util.List;
import java.util.Map;

/**
 * How a tournament of one format is played: how many games it has, which batches of games can be
 * scheduled after those played, and how its standings are made. One class a scheme (round robin,
 * gauntlet, Swiss with its final); {@link Format#scheme} picks it. A new scheme, a knockout say, is
 * a new {@link Format} record and a new class here.
 */
public sealed interface Scheme permits OneBatch, SwissScheme {

    /**
     * Games in the whole tournament, every stage, in long arithmetic: a tournament file asking for
     * too many is refused from this figure before anything is built.
     */
    long totalGames();

    /** Games in one stage ({@link Plan.Batch#stage()}). */
    int stageGames(StageName stage);

    /** Batches in the whole tournament. */
    int batchCount();

    /**
     * The batches known after the given finished games (by game number): every batch up to and
     * including the first one not complete. A batch's games depend only on the definition and
     * the results of the batches before it.
     */
    Plan.Progress progress(Plan plan, Map<Integer, FinishedGame> finished);

    /** The table and crosstable of each stage started, in order. */
    List<StandingsDocument.Stage> stages(Plan.Progress progress);

    /** The whole tournament's table, best first, from its stages (a one-stage tournament's is that stage's). */
    List<Standing> overall(Plan.Progress progress, List<StandingsDocument.Stage> stages);

    /** The whole tournament's crosstable, over every stage's games. */
    Map<String, Map<String, CrossEntry>> crosstable(Plan.Progress progress, List<StandingsDocument.Stage> stages);
}
