package caissa.bots;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;

/** Brute-force mate checks with the rules engine, to verify test positions independently of the bots. */
final class Mates {

    private Mates() {}

    static boolean checkmates(Position position, Move move) {
        Position after = position.play(move);
        return after.inCheck() && after.legalMoveCount() == 0;
    }

    static boolean hasMateInOne(Position position) {
        return position.legalMoves().stream().anyMatch(m -> checkmates(position, m));
    }

    /** Whether every reply to the move (and there is at least one) allows a mate in one. */
    static boolean forcesMateInTwo(Position position, Move move) {
        Position after = position.play(move);
        return after.legalMoveCount() > 0
                && after.legalMoves().stream().allMatch(reply -> hasMateInOne(after.play(reply)));
    }
}
