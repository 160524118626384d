package caissa.arena.tournament;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every bot meets every other, {@code gamesPerPair} games a pair, in Berger rounds: one batch, one stage. */
final class RoundRobinScheme implements Scheme {

    static final String STAGE = "round-robin";

    private final TournamentDefinition definition;

    RoundRobinScheme(TournamentDefinition definition) {
        this.definition = definition;
    }

    @Override
    public long totalGames() {
        long bots = definition.bots().size();
        return bots * (bots - 1) / 2 * definition.gamesPerPair();
    }

    @Override
    public int stageGames(String stage) {
        return Math.toIntExact(totalGames());
    }

    @Override
    public int batchCount() {
        return 1;
    }

    @Override
    public Plan.Progress progress(Plan plan, Map<Integer, FinishedGame> finished) {
        return OneBatch.progress(plan, finished, new Plan.Batch(1, STAGE, 0, Schedule.roundRobin(definition.variant(),
                definition.bots().size(), definition.gamesPerPair(), definition.openingPlies(), definition.seed()),
                Optional.empty()));
    }

    @Override
    public List<StandingsDocument.Stage> stages(Plan.Progress progress) {
        return List.of(OneBatch.stage(STAGE, progress, Math.toIntExact(totalGames())));
    }

    @Override
    public List<Standing> overall(Plan.Progress progress, List<StandingsDocument.Stage> stages) {
        return stages.get(0).standings();
    }

    @Override
    public Map<String, Map<String, CrossEntry>> crosstable(Plan.Progress progress, List<StandingsDocument.Stage> stages) {
        return stages.get(0).crosstable();
    }
}
