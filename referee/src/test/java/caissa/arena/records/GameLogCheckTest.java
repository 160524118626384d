package caissa.arena.records;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.bot.StderrExcerpt;
import caissa.arena.game.GameRecord;
import caissa.arena.game.PlayedMove;
import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.rules.Move;
import caissa.arena.rules.Outcome;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.rules.Variant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * What a game log's moves decide and what they cannot: a regular ending must be the one its moves
 * end in; an irregular one must name a loser it can have. Logs made from seeded random playouts.
 */
class GameLogCheckTest {

    private static final GameRecord.TimeControlRecord CLOCK =
            new GameRecord.TimeControlRecord("30s", null, "0s", "1s", "0s", "wall", true);

    /** The moves of a random playout from the initial position, cut after {@code plies} or at the end. */
    private static List<Move> playout(long seed, int plies) {
        Random random = new Random(seed);
        List<Move> moves = new ArrayList<>();
        Position p = Position.initial();
        while (!p.outcome().isOver() && moves.size() < plies) {
            List<Move> legal = p.legalMoves();
            Move move = legal.get(random.nextInt(legal.size()));
            moves.add(move);
            p = p.play(move);
        }
        return moves;
    }

    /** The first playout to the end whose outcome is wanted. */
    private static List<Move> ending(Predicate<Outcome> wanted) {
        for (long seed = 0; seed < 100_000; seed++) {
            List<Move> moves = playout(seed, Integer.MAX_VALUE);
            if (wanted.test(replay(moves).outcome())) {
                return moves;
            }
        }
        throw new IllegalStateException("no such playout");
    }

    private static Position replay(List<Move> moves) {
        Position p = Position.initial();
        for (Move move : moves) {
            p = p.play(move);
        }
        return p;
    }

    /** A log of the moves (from no opening) with the given ending, as the arena writes one. */
    private static GameRecord log(List<Move> moves, Result result, Termination termination) {
        List<PlayedMove> played = new ArrayList<>();
        Position p = Position.initial();
        for (Move move : moves) {
            Side side = p.sideToMove();
            p = p.play(move);
            played.add(new PlayedMove(p.plies(), side, move, 1000, move.toString()));
        }
        String loser = switch (result) {
            case WHITE_WINS -> "black";
            case BLACK_WINS -> "white";
            case BOTH_LOSE -> "both";
            case DRAW, ABORTED -> null;
        };
        GameRecord.PlayerRecord white =
                new GameRecord.PlayerRecord("w", List.of("./w"), 0, 0, StderrExcerpt.EMPTY, null, null);
        GameRecord.PlayerRecord black =
                new GameRecord.PlayerRecord("b", List.of("./b"), 0, 0, StderrExcerpt.EMPTY, null, null);
        return new GameRecord(
                GameRecord.SCHEMA,
                "test",
                Variant.CAISSA,
                new GameRecord.TournamentGame("t", 1, 2, 1),
                white,
                black,
                CLOCK,
                List.of(),
                Position.INITIAL_CFN,
                played,
                result,
                termination,
                loser,
                "a reason",
                p.toCfn(),
                "2026-01-01T00:00:00Z",
                1);
    }

    private static String verdict(GameRecord log) {
        GameLogCheck.Verdict verdict = GameLogCheck.check(log);
        return verdict instanceof GameLogCheck.Verdict.Disagrees d ? d.what() : "agrees";
    }

    @Test
    void aCheckmateAgreesWithTheWinnerItsMovesGive() {
        List<Move> moves = ending(o -> o instanceof Outcome.Checkmate);
        Side winner = replay(moves).outcome().winningSide().orElseThrow();

        assertThat(verdict(log(moves, Result.winFor(winner), Termination.CHECKMATE)))
                .isEqualTo("agrees");
        assertThat(verdict(log(moves, Result.lossFor(winner), Termination.CHECKMATE)))
                .isEqualTo("says " + Result.lossFor(winner) + " by checkmate, but its moves end in a checkmate by "
                        + winner + " (" + Result.winFor(winner) + ")");
    }

    @Test
    void aRegularEndingOfAGameNotOverDisagrees() {
        List<Move> moves = playout(3, 20);

        assertThat(verdict(log(moves, Result.DRAW, Termination.STALEMATE)))
                .isEqualTo("says 1/2-1/2 by stalemate, but its moves end in a game not over");
    }

    @Test
    void anIrregularLossMustBeOfTheSideToMove() {
        List<Move> moves = playout(5, 21);
        Side toMove = replay(moves).sideToMove();

        for (Termination t : List.of(
                Termination.TIME_FORFEIT, Termination.ILLEGAL_MOVE, Termination.PROTOCOL_ERROR, Termination.CRASH)) {
            assertThat(verdict(log(moves, Result.lossFor(toMove), t)))
                    .as(t.word())
                    .isEqualTo("agrees");
            assertThat(verdict(log(moves, Result.winFor(toMove), t)))
                    .as(t.word())
                    .isEqualTo("says " + Result.winFor(toMove) + " by " + t + ", but " + toMove.opponent()
                            + " was not to move: its moves end with " + toMove + " to move");
        }
        assertThat(verdict(log(moves, Result.BOTH_LOSE, Termination.CRASH)))
                .isEqualTo("says 0-0 by crash, but only the bot to move, " + toMove + ", was awaited");
        assertThat(verdict(log(moves, Result.DRAW, Termination.TIME_FORFEIT)))
                .isEqualTo("says 1/2-1/2 by time-forfeit: an irregular ending is a loss");
    }

    @Test
    void noBotCanMisbehaveAfterTheRulesEndedTheGameButAResourceLimitEndsAnyGame() {
        List<Move> moves = ending(o -> o instanceof Outcome.Checkmate);
        Position end = replay(moves);
        Side mated = end.sideToMove();

        assertThat(verdict(log(moves, Result.lossFor(mated.opponent()), Termination.TIME_FORFEIT)))
                .startsWith("says " + Result.lossFor(mated.opponent())
                        + " by time-forfeit, but its moves end in a checkmate");
        assertThat(verdict(log(moves, Result.lossFor(mated.opponent()), Termination.RESOURCE_LIMIT)))
                .isEqualTo("agrees");
        assertThat(verdict(log(moves, Result.BOTH_LOSE, Termination.RESOURCE_LIMIT)))
                .isEqualTo("agrees");
    }

    @Test
    void aStartFailureHasNoMoves() {
        assertThat(verdict(log(List.of(), Result.BOTH_LOSE, Termination.START_FAILURE)))
                .isEqualTo("agrees");
        assertThat(verdict(log(playout(1, 4), Result.BLACK_WINS, Termination.START_FAILURE)))
                .isEqualTo("says 0-1 by start-failure, but 4 moves were played");
    }

    @Test
    void movesThatDoNotReplayAreNamed() {
        List<Move> moves = playout(9, 10);
        GameRecord real = log(moves, Result.lossFor(replay(moves).sideToMove()), Termination.CRASH);
        List<PlayedMove> swapped = new ArrayList<>(real.moves());
        // The same move twice: the second is not legal (or not that side's).
        swapped.set(5, new PlayedMove(6, swapped.get(5).side(), swapped.get(3).move(), 1000, "x"));
        GameRecord forged = new GameRecord(
                real.schema(),
                real.arenaVersion(),
                real.variant(),
                real.tournament(),
                real.white(),
                real.black(),
                real.timeControl(),
                real.opening(),
                real.start(),
                swapped,
                real.result(),
                real.termination(),
                real.loser(),
                real.reason(),
                real.finalPosition(),
                real.startedAt(),
                real.durationMillis());

        assertThat(verdict(forged)).startsWith("has move 6 (" + swapped.get(5).move() + "), which is illegal: ");
    }

    @Test
    void theLogMustBeTheScheduledGame() {
        List<Move> moves = playout(2, 12);
        GameRecord log = log(moves, Result.lossFor(replay(moves).sideToMove()), Termination.PROTOCOL_ERROR);
        GameLogCheck.Expected expected = GameLogCheck.Expected.game(1)
                .withPlayers("w", "b")
                .withOpening(List.of())
                .withJournal(log.result(), log.termination());

        assertThat(GameLogCheck.check(log, expected).agrees()).isTrue();
        assertThat(((GameLogCheck.Verdict.Disagrees) GameLogCheck.check(log, expected.withPlayers("b", "w"))).what())
                .isEqualTo("is w vs b, but the schedule says b vs w");
        assertThat(((GameLogCheck.Verdict.Disagrees)
                                GameLogCheck.check(log, expected.withJournal(Result.DRAW, Termination.MOVE_LIMIT)))
                        .what())
                .isEqualTo("says " + log.result() + " by protocol-error, but the journal says 1/2-1/2 by move-limit");
        assertThat(((GameLogCheck.Verdict.Disagrees) GameLogCheck.check(log, GameLogCheck.Expected.game(2))).what())
                .isEqualTo("is the log of game 1, not of game 2");
    }
}
