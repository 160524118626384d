package caissa.arena.tournament;

import caissa.arena.game.GameRecord;
import caissa.arena.openings.BookLine;
import caissa.arena.openings.BookOpenings;
import caissa.arena.rules.Move;
import caissa.arena.runner.Openings;
import java.util.List;
import java.util.Optional;

/**
 * The opening of each game of a run. Random plies are drawn per game pair (see {@link Openings});
 * a book is played by round: within a round of a round robin, a Swiss round or a round of a
 * gauntlet every pairing plays the same book line, once with each colour, so that no bot's score
 * hangs on which openings it happened to draw. Both depend only on the definition and the pair
 * number, which shards, merges and resumed runs share.
 */
public final class RunOpenings {

    /** A game's opening: its moves, and the book line they come from when there is a book. */
    public record Opening(List<Move> moves, Optional<GameRecord.BookLineRecord> line) {}

    private RunOpenings() {}

    /** The opening of game pair {@code pair} (1-based, numbered across every stage). */
    public static Opening of(TournamentDefinition definition, int pair) {
        if (definition.book().isEmpty()) {
            return new Opening(
                    Openings.opening(definition.variant(), definition.seed(), pair - 1, definition.openingPlies()),
                    Optional.empty());
        }
        BookOpenings book = definition.book().get();
        BookLine line = book.at(bookIndex(definition, pair));
        return new Opening(line.moves(), Optional.of(new GameRecord.BookLineRecord(line.line(), line.text())));
    }

    /**
     * Which opening of the book pair {@code pair} plays: one a round, counted across stages, as the
     * format counts its rounds ({@link Format#bookRound}).
     */
    static long bookIndex(TournamentDefinition definition, int pair) {
        return definition.format().bookRound(pair - 1L, definition.bots().size(), definition.gamesPerPair());
    }
}
