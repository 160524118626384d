/**
 * A frozen copy of the rules engine as it was before it learnt variants (commit 570ef85), kept
 * only so that {@code PerftBenchmark} can measure today's engine and the variant engine side by
 * side in one run. Nothing else may use it.
 */
package caissa.arena.benchmarks.baseline;
