package caissa.arena.game;

import caissa.arena.rules.Move;
import caissa.arena.rules.Side;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One legal move of a game as the log keeps it.
 *
 * @param ply the number of plies played after this move, counting the opening
 * @param side who played it
 * @param move the move in lower case
 * @param micros the time the reply took, from the flushed write to the read reply
 * @param raw the reply line exactly as the bot wrote it (case, white space)
 */
@JsonPropertyOrder({"ply", "side", "move", "micros", "raw"})
public record PlayedMove(int ply, Side side, Move move, long micros, String raw) {}
