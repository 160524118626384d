package caissa.arena.tournament;

import java.util.List;

/** Every bot meets every other, {@code gamesPerPair} games a pair, in Berger rounds: one batch, one stage. */
final class RoundRobinScheme extends OneBatch {

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
    StageName stage() {
        return StageName.ROUND_ROBIN;
    }

    @Override
    List<ScheduledGame> schedule() {
        return Schedule.roundRobin(
                definition.variant(),
                definition.bots().size(),
                definition.gamesPerPair(),
                definition.openingPlies(),
                definition.seed());
    }
}
