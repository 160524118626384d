package caissa.arena.tournament;

import caissa.arena.game.TimeControl;
import caissa.arena.rules.Variant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A round robin as its file defines it, checked and with defaults filled in (see
 * tournaments/README.md for every field).
 *
 * @param concurrency games at a time when the command line does not say; empty for the number of cores
 * @param variant the game every game of the tournament plays
 */
public record TournamentDefinition(
        String name,
        List<BotEntry> bots,
        int gamesPerPair,
        TimeControl timeControl,
        int openingPlies,
        long seed,
        Optional<Integer> concurrency,
        Variant variant) {

    public TournamentDefinition {
        Objects.requireNonNull(name, "name");
        bots = List.copyOf(bots);
        Objects.requireNonNull(timeControl, "timeControl");
        Objects.requireNonNull(concurrency, "concurrency");
        Objects.requireNonNull(variant, "variant");
    }

    /** Games in the whole tournament: every pair plays {@code gamesPerPair}. */
    public int totalGames() {
        return bots.size() * (bots.size() - 1) / 2 * gamesPerPair;
    }
}
