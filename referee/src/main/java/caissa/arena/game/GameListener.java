package caissa.arena.game;

import caissa.arena.rules.Position;

/** Watches a game as it is played (live output, progress); called on the game's own thread. */
public interface GameListener {

    GameListener NONE = new GameListener() {};

    /** The bots are running (or failed to start); {@code start} is the position they begin from. */
    default void started(GameSetup setup, Position start) {}

    /** A legal move was played and led to {@code after}. */
    default void moved(PlayedMove move, Position after) {}

    /**
     * The referee's own time for one ply: from receiving a bot's reply to having flushed the move
     * to the other bot (parsing, legality, the position, the log, the write).
     */
    default void relayed(long nanos) {}
}
