package caissa.arena.benchmarks;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import java.util.List;
import java.util.Random;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@link Position#play(Move)}: one legal move on each benchmark position, chosen at random once.
 * play() checks legality before it moves, as the referee needs, so this is the cost of both.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PlayBenchmark {

    private Position[] positions;
    private Move[] moves;

    @Setup
    public void setUp() {
        positions = BenchmarkPositions.sample();
        moves = new Move[positions.length];
        Random random = new Random(1);
        for (int i = 0; i < positions.length; i++) {
            List<Move> legal = positions[i].legalMoves();
            moves[i] = legal.get(random.nextInt(legal.size()));
        }
    }

    @Benchmark
    @OperationsPerInvocation(BenchmarkPositions.COUNT)
    public void play(Blackhole blackhole) {
        for (int i = 0; i < positions.length; i++) {
            blackhole.consume(positions[i].play(moves[i]));
        }
    }

    @Benchmark
    @OperationsPerInvocation(BenchmarkPositions.COUNT)
    public void isLegal(Blackhole blackhole) {
        for (int i = 0; i < positions.length; i++) {
            blackhole.consume(positions[i].isLegal(moves[i]));
        }
    }
}
