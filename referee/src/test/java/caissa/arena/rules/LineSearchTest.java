package caissa.arena.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The search for moves that reach a position: a line it finds replays to exactly that position
 * (board, side to move, last move, ply count), and one it cannot find is told apart from one no
 * line reaches. The shipped books, as positions, are OpeningBookTest's.
 */
class LineSearchTest {

    /** Positions of up to 8 plies take at most about 600,000 nodes in these games. */
    private static final long BUDGET = 2_000_000;

    /** Seeded games of 2 to 8 plies, half of their moves captures or exchanges when there are some. */
    @ParameterizedTest(name = "{0} seed {1}")
    @CsvSource({"CAISSA, 1", "CAISSA, 2", "HEXCAISSA, 3", "HEXCAISSA, 4"})
    void findsALineToEveryPositionOfSeededGamesThatReplaysToIt(Variant variant, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] taken = new int[1];
        for (int game = 0; game < 25; game++) {
            Position target = playout(variant, random, 2 + random.nextInt(7), taken);

            LineSearch.Result result = LineSearch.reaching(variant.fromCfn(target.toCfn()), BUDGET);

            assertThat(result).as(target.toCfn()).isInstanceOf(LineSearch.Found.class);
            List<Move> moves = ((LineSearch.Found) result).moves();
            assertThat(moves).hasSize(target.plies());
            assertThat(replay(variant, moves)).isEqualTo(target);
        }
        // Captures and exchanges move two pieces in one ply, the most a ply changes.
        assertThat(taken[0]).as("captures and exchanges played").isPositive();
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void theInitialPositionIsReachedByNoMoves(Variant variant) {
        assertThat(LineSearch.reaching(variant.initial(), BUDGET)).isEqualTo(new LineSearch.Found(List.of(), 1));
    }

    @Test
    void aPositionWithFewerPliesThanItsBoardNeedsIsUnreachable() {
        // Two white moves and one black one moved three pieces, which one ply cannot do.
        Position after = replay(Variant.CAISSA, List.of(Move.of("c3-a3"), Move.of("e5-a5"), Move.of("b2-a4")));
        String[] fields = after.toCfn().split(" ");
        Position tooEarly = Position.fromCfn(fields[0] + " b " + fields[2] + " 1");

        assertThat(LineSearch.reaching(tooEarly, BUDGET)).isInstanceOf(LineSearch.Unreachable.class);
    }

    @Test
    void aPositionWhoseLastMoveCannotHaveBeenPlayedIsUnreachable() {
        // The board after b2-a4, but said to follow c3-c1: the knight on a4 cannot have got there.
        Position after = replay(Variant.CAISSA, List.of(Move.of("b2-a4")));
        String board = after.toCfn().split(" ")[0];

        assertThat(LineSearch.reaching(Position.fromCfn(board + " b c3-c1 1"), BUDGET))
                .isInstanceOf(LineSearch.Unreachable.class);
    }

    @Test
    void aSearchThatRunsOutOfBudgetSaysSoRatherThanUnreachable() {
        Position target =
                replay(Variant.CAISSA, List.of(Move.of("c3-a3"), Move.of("e5-a5"), Move.of("b2-a4"), Move.of("d6-e5")));

        assertThat(LineSearch.reaching(target, 3)).isEqualTo(new LineSearch.OverBudget(4));
        assertThat(LineSearch.reaching(target, BUDGET)).isInstanceOf(LineSearch.Found.class);
    }

    /** Random legal plies, half of them a capture or an exchange when there is one. */
    private static Position playout(Variant variant, SplittableRandom random, int plies, int[] taken) {
        Position position = variant.initial();
        for (int ply = 0; ply < plies && !position.outcome().isOver(); ply++) {
            List<Move> legal = position.legalMoves();
            Position now = position;
            List<Move> taking =
                    legal.stream().filter(m -> now.pieceAt(m.to()).isPresent()).toList();
            List<Move> from = !taking.isEmpty() && random.nextBoolean() ? taking : legal;
            Move move = from.get(random.nextInt(from.size()));
            taken[0] += position.pieceAt(move.to()).isPresent() ? 1 : 0;
            position = position.play(move);
        }
        return position;
    }

    private static Position replay(Variant variant, List<Move> moves) {
        Position position = variant.initial();
        for (Move move : moves) {
            position = position.play(move);
        }
        return position;
    }
}
