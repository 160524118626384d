package caissa.arena.game;

import caissa.arena.rules.Position;

/** Watches a game as it is played (live output, progress); called on the game's own thread. */
public interface GameListener {

    GameListener NONE = new GameListener() {
    };

    /** The bots are running (or failed to start); {@code start} is the position they begin from. */
    default void started(GameSetup setup, Position start) {
    }

    /** A legal move was played and led to {@code after}. */
    default void moved(PlayedMove move, Position after) {
    }
}
