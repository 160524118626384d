package caissa.arena.benchmarks;

import caissa.arena.rules.Position;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Legal move generation over the benchmark positions; results are per position. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MoveGenerationBenchmark {

    private Position[] positions;

    @Setup
    public void setUp() {
        positions = BenchmarkPositions.sample();
    }

    /** The count alone, as search and perft use it. */
    @Benchmark
    @OperationsPerInvocation(BenchmarkPositions.COUNT)
    public int legalMoveCount() {
        int total = 0;
        for (Position position : positions) {
            total += position.legalMoveCount();
        }
        return total;
    }

    /** The sorted list of moves, as the referee and the bots use it. */
    @Benchmark
    @OperationsPerInvocation(BenchmarkPositions.COUNT)
    public int legalMoves() {
        int total = 0;
        for (Position position : positions) {
            total += position.legalMoves().size();
        }
        return total;
    }

    @Benchmark
    public int legalMovesOfTheInitialPosition() {
        return Position.initial().legalMoves().size();
    }
}
