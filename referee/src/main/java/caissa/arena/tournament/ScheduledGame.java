package caissa.arena.tournament;

import caissa.arena.rules.Move;
import caissa.arena.runner.Shard;
import java.util.Collections;
import java.util.List;

/**
 * One game of a schedule: who plays which colour, from which opening.
 *
 * @param number 1-based game number, the order games are started and their files sort in
 * @param pair 1-based number of the game pair; the two games of a pair share the opening with colours swapped
 * @param white index of White in the bot list
 * @param black index of Black in the bot list
 */
public record ScheduledGame(int number, int pair, int white, int black, List<Move> opening)
        implements Shard.PairedGame {

    public ScheduledGame {
        // Not copied: a schedule's openings are immutable lists drawn lazily (see Openings.lazy), and
        // a copy would draw every opening of a 100,000-game schedule before the first game starts.
        opening = Collections.unmodifiableList(opening);
    }
}
