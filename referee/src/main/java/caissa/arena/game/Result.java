package caissa.arena.game;

import caissa.arena.rules.Side;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/** The score of a game as written in logs: {@code 1-0}, {@code 0-1}, {@code 1/2-1/2}, or {@code 0-0} when both bots lost. */
public enum Result {
    WHITE_WINS("1-0", 2, 0),
    BLACK_WINS("0-1", 0, 2),
    DRAW("1/2-1/2", 1, 1),
    BOTH_LOSE("0-0", 0, 0),
    /** No result: the game was cut short by the arena being stopped ({@link Termination#ABORTED}). */
    ABORTED("*", 0, 0);

    private final String text;
    private final int whitePoints;
    private final int blackPoints;

    Result(String text, int whitePoints, int blackPoints) {
        this.text = text;
        this.whitePoints = whitePoints;
        this.blackPoints = blackPoints;
    }

    public static Result winFor(Side side) {
        return side == Side.WHITE ? WHITE_WINS : BLACK_WINS;
    }

    public static Result lossFor(Side side) {
        return winFor(side.opponent());
    }

    /** Tournament points of the side (RULES.md 10): 2 for a win, 1 for a draw, 0 for a loss. */
    public int points(Side side) {
        return side == Side.WHITE ? whitePoints : blackPoints;
    }

    @JsonValue
    public String text() {
        return text;
    }

    @JsonCreator
    public static Result fromText(String text) {
        return Arrays.stream(values())
                .filter(r -> r.text.equals(text))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown result '" + text + "'"));
    }

    @Override
    public String toString() {
        return text;
    }
}
