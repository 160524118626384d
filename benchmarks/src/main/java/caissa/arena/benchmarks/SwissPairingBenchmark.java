package caissa.arena.benchmarks;

import caissa.arena.tournament.Berger;
import caissa.arena.tournament.SwissPairing;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Pairing the last round of a Swiss ({@link SwissPairing#next}) after {@code rounds - 1} rounds of
 * seeded random results: what a tournament (and every shard of a cluster run, and every resume)
 * spends before a round starts, for a CodeCup-sized field and a large one.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SwissPairingBenchmark {

    @Param({"60", "201"})
    int bots;

    @Param({"9"})
    int rounds;

    private List<SwissPairing.PlayedRound> history;

    @Setup
    public void setUp() {
        SplittableRandom results = new SplittableRandom(1);
        history = new ArrayList<>();
        for (int r = 0; r < rounds - 1; r++) {
            SwissPairing.Round round = SwissPairing.next(bots, 1, history);
            int[] points = new int[bots];
            for (Berger.Pairing m : round.meetings()) {
                int first = results.nextInt(5);
                points[m.first()] = first;
                points[m.second()] = 4 - first;
            }
            round.bye().ifPresent(b -> points[b] = SwissPairing.BYE_POINTS);
            history.add(new SwissPairing.PlayedRound(round, points));
        }
    }

    @Benchmark
    public SwissPairing.Round pairTheLastRound() {
        return SwissPairing.next(bots, 1, history);
    }
}
