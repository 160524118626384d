package caissa.arena.bench;

import java.util.Arrays;

/** Median and tail of a sample of timings, for the benchmarks' printed figures. */
record Percentiles(int count, double median, double p99, double max) {

    static Percentiles of(long[] values, int count, double scale) {
        long[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        if (count == 0) {
            return new Percentiles(0, Double.NaN, Double.NaN, Double.NaN);
        }
        return new Percentiles(
                count,
                sorted[(count - 1) / 2] / scale,
                sorted[(int) Math.min(count - 1, Math.ceil(count * 0.99) - 1)] / scale,
                sorted[count - 1] / scale);
    }
}
