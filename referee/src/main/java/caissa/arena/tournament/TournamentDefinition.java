package caissa.arena.tournament;

import caissa.arena.sandbox.Isolation;
import caissa.arena.game.TimeControl;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A round robin as its file defines it, checked and with defaults filled in (see
 * tournaments/README.md for every field).
 *
 * @param concurrency games at a time when the command line does not say; empty for the number of cores
 * @param isolation the bots' sandbox and resource limits (for all, and per bot by name)
 */
public record TournamentDefinition(
        String name,
        List<BotEntry> bots,
        int gamesPerPair,
        TimeControl timeControl,
        int openingPlies,
        long seed,
        Optional<Integer> concurrency,
        Isolation isolation) {

    public TournamentDefinition {
        Objects.requireNonNull(name, "name");
        bots = List.copyOf(bots);
        Objects.requireNonNull(timeControl, "timeControl");
        Objects.requireNonNull(concurrency, "concurrency");
        Objects.requireNonNull(isolation, "isolation");
    }

    /** The same tournament with its bots' isolation changed (the command line's --sandbox wins over the file). */
    public TournamentDefinition withIsolation(Isolation newIsolation) {
        return new TournamentDefinition(name, bots, gamesPerPair, timeControl, openingPlies, seed, concurrency, newIsolation);
    }

    /** Games in the whole tournament: every pair plays {@code gamesPerPair}. */
    public int totalGames() {
        return bots.size() * (bots.size() - 1) / 2 * gamesPerPair;
    }
}
