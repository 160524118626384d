package caissa.bots;

import caissa.arena.rules.Move;
import caissa.arena.rules.Outcome;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.rules.Variant;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.LongFunction;
import java.util.stream.IntStream;

/**
 * Plays {@link Player}s against each other in process with the rules engine: no processes, no
 * clocks (each player is told it has {@link #NOMINAL_TIME_LEFT}), so games are fast and, with
 * seeded players, repeatable.
 */
final class GameRunner {

    static final Duration NOMINAL_TIME_LEFT = Duration.ofSeconds(30);

    private GameRunner() {}

    /** How a game ended: the outcome and the position it ended in. */
    record Game(Outcome outcome, Position last) {

        /** CodeCup points for a side: 2 for a win, 1 for a draw, 0 for a loss. */
        int points(Side side) {
            return outcome.winningSide().map(w -> w == side ? 2 : 0).orElse(1);
        }
    }

    /** The points of a match and how many games it had. */
    record Score(int points, int games, int wins, int losses) {

        int draws() {
            return games - wins - losses;
        }

        /** Points as a share of the most that could be had, 0 to 1. */
        double fraction() {
            return points / (2.0 * games);
        }

        @Override
        public String toString() {
            return String.format("+%d =%d -%d (%.1f%%)", wins, draws(), losses, 100 * fraction());
        }
    }

    /** Plays one game from a start position to its end. */
    static Game play(Player white, Player black, Position start) {
        Position position = start;
        while (!position.outcome().isOver()) {
            Player mover = position.sideToMove() == Side.WHITE ? white : black;
            Move move = mover.choose(position, NOMINAL_TIME_LEFT);
            position = position.play(move);
        }
        return new Game(position.outcome(), position);
    }

    /**
     * A few random plies from the initial position, so that games between deterministic players
     * differ; never a position that is already over.
     */
    static Position randomOpening(long seed, int plies) {
        return randomOpening(Variant.CAISSA, seed, plies);
    }

    static Position randomOpening(Variant variant, long seed, int plies) {
        Random random = new Random(seed);
        Position position = variant.initial();
        for (int i = 0; i < plies; i++) {
            List<Move> moves = position.legalMoves();
            Position next = position.play(moves.get(random.nextInt(moves.size())));
            if (next.outcome().isOver()) {
                break;
            }
            position = next;
        }
        return position;
    }

    /**
     * Plays {@code games} games of {@code a} against {@code b}, colours alternating in pairs that
     * share a random opening, and scores them for {@code a}. Each player is made afresh for each
     * game from a seed derived from {@code seed}.
     */
    static Score match(LongFunction<Player> a, LongFunction<Player> b, int games, int openingPlies, long seed) {
        return match(Variant.CAISSA, a, b, games, openingPlies, seed);
    }

    /**
     * Like {@link #match(LongFunction, LongFunction, int, int, long)}, in the given variant. The
     * games are played in parallel: each depends only on its own seeds (fresh players, its own
     * opening, no clock), so the score is the same however they are spread over the cores.
     */
    static Score match(
            Variant variant, LongFunction<Player> a, LongFunction<Player> b, int games, int openingPlies, long seed) {
        int[] points = IntStream.range(0, games)
                .parallel()
                .map(g -> pointsOfA(variant, a, b, g, openingPlies, seed))
                .toArray();
        int wins = (int) Arrays.stream(points).filter(p -> p == 2).count();
        int losses = (int) Arrays.stream(points).filter(p -> p == 0).count();
        return new Score(Arrays.stream(points).sum(), games, wins, losses);
    }

    /** Game {@code g} of a match, scored for {@code a}. */
    private static int pointsOfA(
            Variant variant, LongFunction<Player> a, LongFunction<Player> b, int g, int openingPlies, long seed) {
        long gameSeed = seed * 1_000_003L + g / 2;
        Position start = randomOpening(variant, gameSeed, openingPlies);
        boolean aWhite = g % 2 == 0;
        Player pa = a.apply(gameSeed * 31 + 1);
        Player pb = b.apply(gameSeed * 31 + 2);
        Game game = aWhite ? play(pa, pb, start) : play(pb, pa, start);
        return game.points(aWhite ? Side.WHITE : Side.BLACK);
    }
}
