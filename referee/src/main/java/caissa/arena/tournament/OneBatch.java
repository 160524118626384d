package caissa.arena.tournament;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the schemes of one batch and one stage (round robin, gauntlet) share: their count of
 * games by stage and batch, their progress and their table. Each says only its name, its total
 * and its schedule.
 */
abstract sealed class OneBatch implements Scheme permits RoundRobinScheme, GauntletScheme {

    /** The stage's name, as {@code standings.json} writes it. */
    abstract StageName stage();

    /** The one batch's schedule. */
    abstract List<ScheduledGame> schedule();

    @Override
    public int stageGames(StageName stage) {
        return Math.toIntExact(totalGames());
    }

    @Override
    public int batchCount() {
        return 1;
    }

    @Override
    public Plan.Progress progress(Plan plan, Map<Integer, FinishedGame> finished) {
        return new Plan.Progress(
                plan, List.of(new Plan.Batch(1, stage(), 0, schedule(), Optional.empty())), List.of(), finished);
    }

    /** The stage of every bot, ranked by points, irregular losses, head-to-head, Sonneborn-Berger and name. */
    @Override
    public List<StandingsDocument.Stage> stages(Plan.Progress progress) {
        List<String> names = progress.plan().names();
        List<FinishedGame> games = progress.gamesOf(stage());
        int total = Math.toIntExact(totalGames());
        return List.of(new StandingsDocument.Stage(
                stage(),
                0,
                games.size(),
                total,
                games.size() == total,
                progress.known().stream().map(StandingsDocument.Batch::of).toList(),
                Standings.compute(names, games),
                Standings.crosstable(names, games)));
    }

    @Override
    public List<Standing> overall(Plan.Progress progress, List<StandingsDocument.Stage> stages) {
        return stages.get(0).standings();
    }

    @Override
    public Map<String, Map<String, CrossEntry>> crosstable(
            Plan.Progress progress, List<StandingsDocument.Stage> stages) {
        return stages.get(0).crosstable();
    }
}
