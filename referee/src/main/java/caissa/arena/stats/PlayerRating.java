package caissa.arena.stats;

import java.util.Locale;

/**
 * A player's Elo relative to the field's mean, with the half-width of its 95% interval.
 *
 * @param player the name as given
 * @param elo    rating minus the mean rating of the field
 * @param error  half the width of the 95% interval for {@code elo}, ≥ 0
 */
public record PlayerRating(String player, double elo, double error) {

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s %+.1f ± %.1f", player, elo, error);
    }
}
