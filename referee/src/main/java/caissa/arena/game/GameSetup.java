package caissa.arena.game;

import caissa.arena.bot.BotProcess;
import caissa.arena.rules.Move;
import caissa.arena.rules.Side;
import caissa.arena.rules.Variant;
import caissa.arena.sandbox.Isolation;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Everything that decides a game before it starts.
 *
 * @param opening moves played from the initial position before the bots take over (see the
 *     {@code opening} line in the bot guide); empty for a CodeCup game
 * @param grace how long a bot may take to exit after {@code end} before it is killed
 * @param tournament where the game stands in a tournament or match, or null
 * @param variant the game played (HEXCAISSA.md); bots learn it from {@code CAISSA_VARIANT}
 * @param isolation the sandbox and resource limits of both bots, and what they must not see
 * @param book the book line the opening comes from, or null when it does not come from a book
 */
public record GameSetup(
        Entrant white,
        Entrant black,
        TimeControl timeControl,
        List<Move> opening,
        Duration grace,
        BotProcess.Limits limits,
        GameRecord.TournamentGame tournament,
        Variant variant,
        Isolation isolation,
        GameRecord.BookLineRecord book) {

    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(1);

    public GameSetup {
        Objects.requireNonNull(white, "white");
        Objects.requireNonNull(black, "black");
        Objects.requireNonNull(timeControl, "timeControl");
        opening = List.copyOf(opening);
        Objects.requireNonNull(grace, "grace");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(variant, "variant");
        Objects.requireNonNull(isolation, "isolation");
        for (Move move : opening) {
            if (move.variant() != variant) {
                throw new IllegalArgumentException(
                        "opening move " + move + " is a " + move.variant() + " move, not " + variant);
            }
        }
    }

    /** A setup whose opening comes from no book. */
    public GameSetup(
            Entrant white,
            Entrant black,
            TimeControl timeControl,
            List<Move> opening,
            Duration grace,
            BotProcess.Limits limits,
            GameRecord.TournamentGame tournament,
            Variant variant,
            Isolation isolation) {
        this(white, black, timeControl, opening, grace, limits, tournament, variant, isolation, null);
    }

    public static GameSetup of(Entrant white, Entrant black, TimeControl timeControl) {
        return new GameSetup(
                white,
                black,
                timeControl,
                List.of(),
                DEFAULT_GRACE,
                BotProcess.Limits.DEFAULT,
                null,
                Variant.CAISSA,
                Isolation.defaults());
    }

    public Entrant entrant(Side side) {
        return side == Side.WHITE ? white : black;
    }

    public GameSetup withOpening(List<Move> moves) {
        return new GameSetup(white, black, timeControl, moves, grace, limits, tournament, variant, isolation);
    }

    /** The opening of a book line: its moves, and the line recorded in the game log. */
    public GameSetup withOpening(List<Move> moves, GameRecord.BookLineRecord line) {
        return new GameSetup(white, black, timeControl, moves, grace, limits, tournament, variant, isolation, line);
    }

    public GameSetup withTournament(GameRecord.TournamentGame game) {
        return new GameSetup(white, black, timeControl, opening, grace, limits, game, variant, isolation, book);
    }

    /** The same game in another variant; the opening must be of that variant. */
    public GameSetup withVariant(Variant other) {
        return new GameSetup(white, black, timeControl, opening, grace, limits, tournament, other, isolation, book);
    }

    /** The same game between other bots. */
    public GameSetup withEntrants(Entrant newWhite, Entrant newBlack) {
        return new GameSetup(
                newWhite, newBlack, timeControl, opening, grace, limits, tournament, variant, isolation, book);
    }

    public GameSetup withIsolation(Isolation newIsolation) {
        return new GameSetup(
                white, black, timeControl, opening, grace, limits, tournament, variant, newIsolation, book);
    }
}
