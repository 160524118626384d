package caissa.arena.match;

import caissa.arena.game.GameRecord;

/** Watches a match: called after every finished game with the summary so far. */
public interface MatchObserver {

    MatchObserver NONE = (game, summary) -> {};

    void finished(GameRecord game, MatchReport summary);
}
