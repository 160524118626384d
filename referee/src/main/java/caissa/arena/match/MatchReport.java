package caissa.arena.match;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The summary of a match ({@value #SCHEMA}), from the engine's point of view: its wins, draws and
 * losses, the pentanomial counts of its game pairs (pairs in which it scored 0, 1/2, 1, 3/2, 2
 * out of 2), and the statistics.
 *
 * @param elo the engine's Elo difference to the baseline (from the pairs); null before any pair
 * @param eloError its 95% margin; null when unbounded
 * @param los likelihood of superiority
 * @param llr the SPRT's log-likelihood ratio after all finished pairs
 * @param bounds the SPRT's lower and upper bounds
 * @param decidedAtGames the games finished when the test crossed a bound; null when it did not
 */
@JsonPropertyOrder({"schema", "arenaVersion", "engine", "baseline", "sprt", "decision", "games", "wins", "draws",
    "losses", "pentanomial", "elo", "eloError", "los", "llr", "bounds", "decidedAtGames", "irregularLosses"})
public record MatchReport(String schema, String arenaVersion, String engine, String baseline, String sprt,
        Decision decision, int games, int wins, int draws, int losses, List<Long> pentanomial, Double elo, Double eloError,
        double los, double llr, List<Double> bounds, Integer decidedAtGames, IrregularLosses irregularLosses) {

    public static final String SCHEMA = "caissa-arena/match/1";

    /** Irregular losses of each side: a regression match should also catch an engine that breaks. */
    @JsonPropertyOrder({"engine", "baseline"})
    public record IrregularLosses(int engine, int baseline) {
    }
}
