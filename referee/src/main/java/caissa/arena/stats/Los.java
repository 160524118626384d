package caissa.arena.stats;

/**
 * Likelihood of superiority: the probability that the engine is the stronger one, given only
 * its wins and losses against one opponent.
 *
 * <p>LOS = (1 + erf((w - l) / sqrt(2 (w + l)))) / 2, i.e. Phi((w - l) / sqrt(w + l)): the
 * normal approximation to the posterior probability, under a flat prior, that a decisive game
 * is more often won than lost (Kai Laskos's formula, as cutechess and the Chess Programming
 * Wiki's "Match Statistics" use it). Draws say nothing about who is stronger in this model and
 * do not enter.
 */
public final class Los {

    private Los() {}

    /**
     * The LOS in [0, 1]; 0.5 when no game was decisive, since there is then no evidence either way.
     *
     * @throws IllegalArgumentException if a count is negative
     */
    public static double of(long wins, long losses) {
        if (wins < 0 || losses < 0) {
            throw new IllegalArgumentException("wins and losses must not be negative, got " + wins + " and " + losses);
        }
        if (wins + losses == 0) {
            return 0.5;
        }
        return 0.5 * (1.0 + StandardNormal.erf((wins - losses) / Math.sqrt(2.0 * (wins + losses))));
    }
}
