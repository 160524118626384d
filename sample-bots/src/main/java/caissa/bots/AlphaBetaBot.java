package caissa.bots;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.bots.TimeManager.ThinkingTime;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

/**
 * A searching bot: iterative-deepening alpha-beta ({@link Search}) over the
 * {@link Evaluation}, thinking for as long as its {@link TimeManager} allows, or to a fixed depth
 * (for tests and reproducible games). It writes one line of diagnostics per move (depth, score,
 * nodes, time) to its diagnostics stream, which {@link SampleBot} points at standard error.
 */
public final class AlphaBetaBot implements Player {

    /** The deepest fixed depth accepted. */
    public static final int MAX_DEPTH = 64;

    /** Transposition table size: modest, because the referee may run bots with a small heap. */
    static final long TABLE_BYTES = 16L << 20;

    private final Search search;
    private final int maxDepth;
    private final TimeManager timeManager;
    private final PrintStream diagnostics;

    private AlphaBetaBot(int maxDepth, TimeManager timeManager, long seed, PrintStream diagnostics) {
        // Never more than a quarter of the heap, so that a small -Xmx still leaves room to play.
        long bytes = Math.min(TABLE_BYTES, Runtime.getRuntime().maxMemory() / 4);
        this.search = new Search(new TranspositionTable(bytes), seed);
        this.maxDepth = maxDepth;
        this.timeManager = timeManager;
        this.diagnostics = diagnostics;
    }

    /** A bot that searches to exactly this depth every move, whatever its clock says. */
    public static AlphaBetaBot fixedDepth(int depth, long seed, PrintStream diagnostics) {
        if (depth < 1 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("depth must be from 1 to " + MAX_DEPTH + ", got " + depth);
        }
        return new AlphaBetaBot(depth, null, seed, diagnostics);
    }

    /** A bot that spends its clock under this time control. */
    public static AlphaBetaBot timed(TimeControl timeControl, long seed, PrintStream diagnostics) {
        return new AlphaBetaBot(MAX_DEPTH, new TimeManager(timeControl), seed, diagnostics);
    }

    /** A stream that discards diagnostics, for bots played in process. */
    public static PrintStream silent() {
        return new PrintStream(OutputStream.nullOutputStream());
    }

    @Override
    public Move choose(Position position, Duration timeLeft) {
        List<Move> moves = position.legalMoves();
        if (moves.size() == 1) {
            return moves.get(0);
        }
        ThinkingTime time = timeManager == null ? ThinkingTime.UNLIMITED : timeManager.plan(position, timeLeft);
        Search.Result result = search.run(position, maxDepth, time);
        long micros = Math.max(1, result.nanos() / 1000);
        diagnostics.printf(
                "alphabeta ply %d: %s depth %d score %s nodes %d time %d ms (%d knps) clock %d ms%n",
                position.plies(),
                result.move(),
                result.depth(),
                result.scoreText(),
                result.nodes(),
                micros / 1000,
                result.nodes() * 1000 / micros,
                timeLeft.toMillis());
        return result.move();
    }
}
