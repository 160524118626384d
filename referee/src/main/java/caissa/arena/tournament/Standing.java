package caissa.arena.tournament;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Map;

/**
 * One bot's line in the standings.
 *
 * @param irregularByCause irregular losses by termination word (every irregular cause, zeros included)
 * @param elo maximum-likelihood Elo relative to the mean of the bots that played, from the games played (none
 *     lost by start failure); null for a bot that has played no rated game
 * @param eloError the 95% error margin of {@code elo}; null with it
 * @param headToHead points against the bots tied with it on points and irregular losses
 * @param sonnebornBerger the sum over its games of its score (1, 1/2, 0) times the opponent's points
 * @param byes Swiss rounds it sat out with a bye, each worth {@value SwissPairing#BYE_POINTS} points
 *     (included in {@code points}); null outside a Swiss
 * @param buchholz the sum of the points of the opponents it met in the Swiss; null outside a Swiss
 */
@JsonPropertyOrder({
    "rank",
    "name",
    "points",
    "games",
    "wins",
    "draws",
    "losses",
    "irregularLosses",
    "irregularByCause",
    "elo",
    "eloError",
    "headToHead",
    "sonnebornBerger",
    "byes",
    "buchholz"
})
public record Standing(
        int rank,
        String name,
        int points,
        int games,
        int wins,
        int draws,
        int losses,
        int irregularLosses,
        Map<String, Integer> irregularByCause,
        Double elo,
        Double eloError,
        int headToHead,
        double sonnebornBerger,
        Integer byes,
        Integer buchholz) {}
