package caissa.arena.game;

import caissa.arena.rules.Side;
import java.util.Objects;

/**
 * How one game ended: the score, the termination, and a sentence a person can read, such as
 * {@code "alphabeta (black) played b2-b5, which is illegal: the knight on b2 cannot reach b5"}.
 */
public record GameOutcome(Result result, Termination termination, String reason) {

    public GameOutcome {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(termination, "termination");
        Objects.requireNonNull(reason, "reason");
    }

    /** An irregular loss of one side: its opponent wins. */
    static GameOutcome irregularLoss(Side loser, Termination termination, String reason) {
        return new GameOutcome(Result.lossFor(loser), termination, reason);
    }
}
