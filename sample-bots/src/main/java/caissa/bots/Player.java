package caissa.bots;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import java.time.Duration;

/** A bot's brain: given a position with at least one legal move, choose one. */
public interface Player {

    /**
     * @param position the position to move in; never over, so it has a legal move
     * @param timeLeft the bot's own estimate of its remaining game time
     */
    Move choose(Position position, Duration timeLeft);
}
