package caissa.arena.server;

import caissa.arena.bot.StderrExcerpt;
import caissa.arena.game.GameRecord;
import caissa.arena.game.PlayedMove;
import caissa.arena.report.BoardText;
import caissa.arena.rules.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A game's log as a page shows it: the moves, the final position, a bot's standard error capped. */
final class GameReplay {

    private GameReplay() {}

    /** The moves, a row each with its number and both sides' moves. */
    static List<Map<String, Object>> moves(GameRecord record) {
        List<Map<String, Object>> rows = new ArrayList<>();
        List<PlayedMove> moves = record.moves();
        for (int i = 0; i < moves.size(); i += 2) {
            String white =
                    moves.get(i).move() == null ? "" : moves.get(i).move().toString();
            String black = i + 1 < moves.size() && moves.get(i + 1).move() != null
                    ? moves.get(i + 1).move().toString()
                    : "";
            rows.add(Map.of("number", i / 2 + 1, "white", white, "black", black));
        }
        return rows;
    }

    /** The final position drawn as text, or empty when the log holds none. */
    static String finalBoard(GameRecord record) {
        try {
            return record.finalPosition() == null ? "" : BoardText.draw(Position.fromCfn(record.finalPosition()));
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** What the bot wrote to standard error, at most {@code limit} characters, saying when it was cut. */
    static String stderr(StderrExcerpt excerpt, int limit) {
        if (excerpt == null || excerpt.bytes() == 0) {
            return "(nothing)";
        }
        String text = excerpt.head()
                + (excerpt.truncated() ? "\n[… " + excerpt.bytes() + " bytes in all; the middle is left out …]\n" : "")
                + excerpt.tail();
        return text.length() > limit ? text.substring(0, limit) + "\n[… cut at " + limit + " characters]" : text;
    }
}
