package caissa.arena.tournament;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The engines (by bot name) meet every other bot, and each other, {@code gamesPerPair} games a
 * pair; the other bots do not meet each other: one batch, one stage.
 */
final class GauntletScheme implements Scheme {

    static final String STAGE = "gauntlet";

    private final TournamentDefinition definition;
    private final List<String> engines;

    GauntletScheme(TournamentDefinition definition, List<String> engines) {
        this.definition = definition;
        this.engines = List.copyOf(engines);
    }

    @Override
    public long totalGames() {
        long bots = definition.bots().size();
        long e = engines.size();
        return (e * (bots - e) + e * (e - 1) / 2) * definition.gamesPerPair();
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
        List<String> names = definition.bots().stream().map(BotEntry::name).toList();
        return OneBatch.progress(plan, finished, new Plan.Batch(1, STAGE, 0, Schedule.gauntlet(definition.variant(),
                names.size(), engines.stream().map(names::indexOf).toList(), definition.gamesPerPair(),
                definition.openingPlies(), definition.seed()), Optional.empty()));
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
