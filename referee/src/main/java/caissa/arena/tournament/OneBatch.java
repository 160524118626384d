package caissa.arena.tournament;

import java.util.List;
import java.util.Map;

/** What the schemes of one batch and one stage (round robin, gauntlet) share: their progress and their table. */
final class OneBatch {

    private OneBatch() {
    }

    static Plan.Progress progress(Plan plan, Map<Integer, FinishedGame> finished, Plan.Batch batch) {
        return new Plan.Progress(plan, List.of(batch), List.of(), finished);
    }

    /** The stage of every bot, ranked by points, irregular losses, head-to-head, Sonneborn-Berger and name. */
    static StandingsDocument.Stage stage(String stage, Plan.Progress progress, int total) {
        List<String> names = progress.plan().names();
        List<FinishedGame> games = progress.gamesOf(stage);
        return new StandingsDocument.Stage(stage, 0, games.size(), total, games.size() == total,
                progress.known().stream().map(StandingsDocument.Batch::of).toList(), Standings.compute(names, games),
                Standings.crosstable(names, games));
    }
}
