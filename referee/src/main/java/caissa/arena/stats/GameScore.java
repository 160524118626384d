package caissa.arena.stats;

import java.util.Objects;

/**
 * One finished game as the ratings see it: who had which colour and White's score (1 win,
 * 0.5 draw, 0 loss; in Caïssa points that is 2, 1, 0 divided by 2).
 */
public record GameScore(String white, String black, double whiteScore) {

    public GameScore {
        Objects.requireNonNull(white, "white");
        Objects.requireNonNull(black, "black");
        if (white.equals(black)) {
            throw new IllegalArgumentException("a player cannot play itself: " + white);
        }
        if (whiteScore != 0.0 && whiteScore != 0.5 && whiteScore != 1.0) {
            throw new IllegalArgumentException("White's score must be 0, 0.5 or 1, got " + whiteScore);
        }
    }

    /** From Caïssa points for White: 2 win, 1 draw, 0 loss. */
    public static GameScore ofPoints(String white, String black, int whitePoints) {
        if (whitePoints < 0 || whitePoints > 2) {
            throw new IllegalArgumentException("White's points must be 0, 1 or 2, got " + whitePoints);
        }
        return new GameScore(white, black, whitePoints / 2.0);
    }
}
