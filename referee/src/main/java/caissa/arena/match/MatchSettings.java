package caissa.arena.match;

import caissa.arena.game.Entrant;
import caissa.arena.game.TimeControl;
import caissa.arena.openings.BookOpenings;
import caissa.arena.rules.Variant;
import caissa.arena.stats.Sprt;
import java.util.Objects;
import java.util.Optional;

/**
 * A regression match: the engine under test against a baseline, in game pairs (one random
 * opening, once with each colour).
 *
 * @param sprt the hypotheses the match is judged by
 * @param sequential whether to stop as soon as the SPRT crosses a bound; otherwise exactly
 *     {@code maxGames} games are played and judged at the end
 * @param maxGames the games to play (fixed) or the cap (sequential); even
 * @param variant the game played
 * @param book the openings from a book (pair k plays line k, round the book), in place of random plies
 */
public record MatchSettings(
        Entrant engine,
        Entrant baseline,
        TimeControl timeControl,
        int openingPlies,
        long seed,
        Sprt sprt,
        boolean sequential,
        int maxGames,
        Variant variant,
        Optional<BookOpenings> book) {

    /** The hypotheses when none are given: is the engine at least 10 Elo better, or no better at all? */
    public static final Sprt DEFAULT_SPRT = new Sprt(0, 10, 0.05, 0.05);

    public static final int DEFAULT_MAX_GAMES = 1000;

    /** A match whose openings are random plies (or none). */
    public MatchSettings(
            Entrant engine,
            Entrant baseline,
            TimeControl timeControl,
            int openingPlies,
            long seed,
            Sprt sprt,
            boolean sequential,
            int maxGames,
            Variant variant) {
        this(engine, baseline, timeControl, openingPlies, seed, sprt, sequential, maxGames, variant, Optional.empty());
    }

    public MatchSettings {
        Objects.requireNonNull(book, "book");
        if (book.isPresent() && openingPlies > 0) {
            throw new IllegalArgumentException("openings come from a book or from random plies, not both");
        }
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(timeControl, "timeControl");
        Objects.requireNonNull(sprt, "sprt");
        Objects.requireNonNull(variant, "variant");
        if (maxGames < 2 || maxGames % 2 != 0) {
            throw new IllegalArgumentException(
                    "the number of games must be even and at least 2 (game pairs), got " + maxGames);
        }
        if (openingPlies < 0) {
            throw new IllegalArgumentException("opening plies cannot be negative, got " + openingPlies);
        }
    }
}
