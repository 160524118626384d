package caissa.arena.benchmarks;

import caissa.arena.benchmarks.baseline.Position;
import caissa.arena.rules.Variant;
import java.util.concurrent.TimeUnit;
import java.util.function.IntToLongFunction;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Perft from each variant's initial position. Besides perft runs per second, JMH reports the
 * secondary result {@code nodes}: leaves counted per second, the usual measure of a move generator.
 *
 * <p>{@code game} picks the engine and the start position: {@code caissa} and {@code hexcaissa}
 * are today's rules engine, {@code caissa-before-variants} is the frozen copy of the Caïssa-only
 * engine in {@link caissa.arena.benchmarks.baseline}, so that one run shows both side by side.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class PerftBenchmark {

    @Param({"4", "5"})
    public int depth;

    @Param({"caissa-before-variants", "caissa", "hexcaissa"})
    public String game;

    private IntToLongFunction perft;

    @Setup
    public void choose() {
        perft = switch (game) {
            case "caissa-before-variants" -> Position.initial()::perft;
            case "caissa" -> Variant.CAISSA.initial()::perft;
            case "hexcaissa" -> Variant.HEXCAISSA.initial()::perft;
            default -> throw new IllegalArgumentException("unknown game " + game);
        };
    }

    /** Leaves counted during an iteration; JMH turns the total into a rate. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Nodes {
        public long nodes;

        @Setup(Level.Iteration)
        public void reset() {
            nodes = 0;
        }
    }

    @Benchmark
    public long perft(Nodes counter) {
        long nodes = perft.applyAsLong(depth);
        counter.nodes += nodes;
        return nodes;
    }
}
