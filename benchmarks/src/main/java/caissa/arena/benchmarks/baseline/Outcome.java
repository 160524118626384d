package caissa.arena.benchmarks.baseline;

import java.util.Optional;

/** Where a position stands by the rules of RULES.md section 6. */
public sealed interface Outcome {

    /** The side to move has a legal move and the move limit has not been reached. */
    record Ongoing() implements Outcome {}

    /** The side to move is in check and has no legal move: the other side wins. */
    record Checkmate(Side winner) implements Outcome {}

    /** The side to move is not in check and has no legal move: a draw. */
    record Stalemate() implements Outcome {}

    /** Both players have made their 100 moves without checkmate or stalemate: a draw. */
    record MoveLimit() implements Outcome {}

    Outcome ONGOING = new Ongoing();
    Outcome STALEMATE = new Stalemate();
    Outcome MOVE_LIMIT = new MoveLimit();

    default boolean isOver() {
        return !(this instanceof Ongoing);
    }

    /** The winner, present only after a checkmate. */
    default Optional<Side> winningSide() {
        return this instanceof Checkmate mate ? Optional.of(mate.winner()) : Optional.empty();
    }
}
