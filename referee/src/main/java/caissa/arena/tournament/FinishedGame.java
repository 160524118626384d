package caissa.arena.tournament;

import caissa.arena.game.GameRecord;
import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What the standings need of a finished game; also one line of the tournament's journal.
 *
 * @param file the game log, relative to the output folder
 */
@JsonPropertyOrder({"game", "white", "black", "result", "termination", "file"})
public record FinishedGame(int game, String white, String black, Result result, Termination termination, String file) {

    static FinishedGame of(GameRecord record, String file) {
        int number = record.tournament() == null ? 0 : record.tournament().game();
        return new FinishedGame(
                number, record.white().name(), record.black().name(), record.result(), record.termination(), file);
    }
}
