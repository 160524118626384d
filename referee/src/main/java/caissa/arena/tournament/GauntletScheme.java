package caissa.arena.tournament;

import java.util.List;

/**
 * The engines (by bot name) meet every other bot, and each other, {@code gamesPerPair} games a
 * pair; the other bots do not meet each other: one batch, one stage.
 */
final class GauntletScheme extends OneBatch {

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
    StageName stage() {
        return StageName.GAUNTLET;
    }

    @Override
    List<ScheduledGame> schedule() {
        List<String> names = definition.bots().stream().map(BotEntry::name).toList();
        return Schedule.gauntlet(
                definition.variant(),
                names.size(),
                engines.stream().map(names::indexOf).toList(),
                definition.gamesPerPair(),
                definition.openingPlies(),
                definition.seed());
    }
}
