package caissa.arena.tournament;

import caissa.arena.game.TimeControl;
import caissa.arena.openings.BookOpenings;
import caissa.arena.rules.Variant;
import caissa.arena.sandbox.Isolation;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A tournament as its file defines it, checked and with defaults filled in (see
 * tournaments/README.md for every field).
 *
 * @param concurrency games at a time when the command line does not say; empty for the number of cores
 * @param isolation the bots' sandbox and resource limits (for all, and per bot by name)
 * @param book the openings from a book (the file's {@code openings}), in place of {@code openingPlies} random plies
 */
public record TournamentDefinition(
        String name,
        List<BotEntry> bots,
        int gamesPerPair,
        TimeControl timeControl,
        int openingPlies,
        long seed,
        Optional<Integer> concurrency,
        Format format,
        Variant variant,
        Isolation isolation,
        Optional<BookOpenings> book) {

    /** A round robin of square Caïssa, its bots in the default sandbox and limits. */
    public TournamentDefinition(
            String name,
            List<BotEntry> bots,
            int gamesPerPair,
            TimeControl timeControl,
            int openingPlies,
            long seed,
            Optional<Integer> concurrency) {
        this(name, bots, gamesPerPair, timeControl, openingPlies, seed, concurrency, Format.ROUND_ROBIN);
    }

    /** A tournament of square Caïssa, its bots in the default sandbox and limits. */
    public TournamentDefinition(
            String name,
            List<BotEntry> bots,
            int gamesPerPair,
            TimeControl timeControl,
            int openingPlies,
            long seed,
            Optional<Integer> concurrency,
            Format format) {
        this(
                name,
                bots,
                gamesPerPair,
                timeControl,
                openingPlies,
                seed,
                concurrency,
                format,
                Variant.CAISSA,
                Isolation.defaults());
    }

    /** A tournament whose openings are random plies (or none). */
    public TournamentDefinition(
            String name,
            List<BotEntry> bots,
            int gamesPerPair,
            TimeControl timeControl,
            int openingPlies,
            long seed,
            Optional<Integer> concurrency,
            Format format,
            Variant variant,
            Isolation isolation) {
        this(
                name,
                bots,
                gamesPerPair,
                timeControl,
                openingPlies,
                seed,
                concurrency,
                format,
                variant,
                isolation,
                Optional.empty());
    }

    public TournamentDefinition {
        Objects.requireNonNull(name, "name");
        bots = List.copyOf(bots);
        Objects.requireNonNull(timeControl, "timeControl");
        Objects.requireNonNull(concurrency, "concurrency");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(isolation, "isolation");
        Objects.requireNonNull(book, "book");
        if (book.isPresent() && openingPlies > 0) {
            throw new IllegalArgumentException("openings come from a book or from random plies, not both");
        }
    }

    /** The same tournament with its bots' isolation changed (the command line's --sandbox wins over the file). */
    public TournamentDefinition withIsolation(Isolation newIsolation) {
        return new TournamentDefinition(
                name,
                bots,
                gamesPerPair,
                timeControl,
                openingPlies,
                seed,
                concurrency,
                format,
                variant,
                newIsolation,
                book);
    }

    /**
     * The same tournament without the named bots (left out because they cannot play).
     *
     * @throws IllegalArgumentException when what is left cannot be played as the file says, in words
     */
    public TournamentDefinition without(Set<String> left) {
        List<BotEntry> kept =
                bots.stream().filter(b -> !left.contains(b.name())).toList();
        if (kept.size() < 2) {
            throw new IllegalArgumentException("leaving them out leaves " + kept.size() + " bot"
                    + (kept.size() == 1 ? "" : "s") + ": a tournament needs at least 2");
        }
        Format keptFormat = format.without(left, kept.size());
        return new TournamentDefinition(
                name, kept, gamesPerPair, timeControl, openingPlies, seed, concurrency, keptFormat, variant, isolation);
    }

    /** How this tournament is played and ranked: its format's scheme. */
    public Scheme scheme() {
        return format.scheme(this);
    }

    /** Games in the whole tournament, every stage. */
    public int totalGames() {
        return Math.toIntExact(scheme().totalGames());
    }
}
