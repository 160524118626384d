package caissa.arena.stats;

import java.util.SplittableRandom;

/**
 * Seeded simulated SPRTs: independent games, the engine scoring {@code Elo.toScore(elo)} on
 * average with a given share of draws, played in pairs until the test decides or the pairs run out.
 */
record SimulatedSprt(Sprt sprt, double drawRatio, long maxPairs) {

    /** How one simulated test ended. */
    record Run(Pentanomial pairs, Sprt.Decision decision) {
    }

    Run run(double trueElo, SplittableRandom random) {
        double win = Elo.toScore(trueElo) - drawRatio / 2;
        long[] counts = new long[5];
        Pentanomial pairs = Pentanomial.EMPTY;
        for (long n = 0; n < maxPairs; n++) {
            counts[game(win, random) + game(win, random)]++;
            pairs = new Pentanomial(counts);
            Sprt.Decision decision = sprt.decision(pairs);
            if (decision != Sprt.Decision.CONTINUE) {
                return new Run(pairs, decision);
            }
        }
        return new Run(pairs, Sprt.Decision.CONTINUE);
    }

    /** The engine's points in one game: 2 for a win, 1 for a draw, 0 for a loss. */
    private int game(double win, SplittableRandom random) {
        double u = random.nextDouble();
        return u < win ? 2 : u < win + drawRatio ? 1 : 0;
    }
}
