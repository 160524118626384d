package caissa.arena.stats;

import java.util.SplittableRandom;

/**
 * Seeded simulated SPRTs: independent games, the engine scoring {@code Elo.toScore(elo)} on
 * average with a given share of draws, played in pairs until the test decides or the pairs run
 * out; the test stops as a match does ({@link SprtRun}), or at Wald's bounds alone to compare.
 */
record SimulatedSprt(Sprt sprt, double drawRatio, long maxPairs, Stopping stopping) {

    /** Which bounds a simulated test stops at. */
    enum Stopping {
        /** A match's: Wald's bounds moved inward by the expected overshoot. */
        MATCH,
        /** Wald's bounds as they are. */
        WALD,
        /** A fixed-length match's ({@code --games N}, and the merge of its shards): judged once, after every pair. */
        FIXED
    }

    SimulatedSprt(Sprt sprt, double drawRatio, long maxPairs) {
        this(sprt, drawRatio, maxPairs, Stopping.MATCH);
    }

    /** How one simulated test ended. */
    record Run(Pentanomial pairs, Sprt.Decision decision) {}

    Run run(double trueElo, SplittableRandom random) {
        double win = Elo.toScore(trueElo) - drawRatio / 2;
        SprtRun test = SprtRun.start(sprt);
        for (long n = 0; n < maxPairs; n++) {
            test = test.plusPair(game(win, random), game(win, random));
            if (stopping == Stopping.FIXED) {
                continue;
            }
            Sprt.Decision decision = stopping == Stopping.WALD ? sprt.decision(test.pairs()) : test.decision();
            if (decision != Sprt.Decision.CONTINUE) {
                return new Run(test.pairs(), decision);
            }
        }
        if (stopping == Stopping.FIXED) {
            return new Run(test.pairs(), sprt.decision(test.pairs()));
        }
        return new Run(test.pairs(), Sprt.Decision.CONTINUE);
    }

    /** The engine's points in one game: 2 for a win, 1 for a draw, 0 for a loss. */
    private int game(double win, SplittableRandom random) {
        double u = random.nextDouble();
        return u < win ? 2 : u < win + drawRatio ? 1 : 0;
    }
}
