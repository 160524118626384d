package caissa.arena.match;

import caissa.arena.diagnostics.IrregularLossTally;
import caissa.arena.game.GameRecord;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The summary of a match ({@value #SCHEMA}, reports/schemas/match.schema.json), from the engine's
 * point of view: its wins, draws and losses, the pentanomial counts of its game pairs (pairs in
 * which it scored 0, 1/2, 1, 3/2, 2 out of 2), the statistics, and what it was run with.
 *
 * @param interrupted whether the match was stopped (Ctrl-C, SIGTERM) before it ended: the figures are those so far
 * @param gamesDir the folder of the game logs
 * @param elo the engine's Elo difference to the baseline (from the pairs); null before any pair
 * @param eloError its 95% margin; null when unbounded
 * @param los likelihood of superiority
 * @param llr the SPRT's log-likelihood ratio after all finished pairs
 * @param bounds the SPRT's lower and upper bounds
 * @param decidedAtGames the games finished when the test crossed a bound; null when it did not
 * @param eloCorrected for a sequential match, the Elo corrected for the stopping rule (see SprtAnalysis), with
 *     its 95% interval; for a fixed-length match, which has no stopping rule, the same as elo
 * @param normalizedElo normalized Elo with its 95% interval, as fishtest shows it beside logistic Elo
 * @param stoppingBounds the bounds a sequential match stops at: Wald's {@code bounds}, each moved
 *     inward by the overshoot expected from the LLR's path so far, as fishtest does; for a
 *     fixed-length match the same as {@code bounds}
 */
@JsonPropertyOrder({
    "schema",
    "arenaVersion",
    "engine",
    "baseline",
    "settings",
    "gamesDir",
    "sprt",
    "decision",
    "interrupted",
    "games",
    "wins",
    "draws",
    "losses",
    "pentanomial",
    "elo",
    "eloError",
    "los",
    "llr",
    "bounds",
    "decidedAtGames",
    "irregularLosses",
    "eloCorrected",
    "normalizedElo",
    "stoppingBounds"
})
public record MatchReport(
        String schema,
        String arenaVersion,
        Player engine,
        Player baseline,
        Settings settings,
        String gamesDir,
        SprtRecord sprt,
        Decision decision,
        boolean interrupted,
        int games,
        int wins,
        int draws,
        int losses,
        List<Long> pentanomial,
        Double elo,
        Double eloError,
        double los,
        double llr,
        List<Double> bounds,
        Integer decidedAtGames,
        IrregularLosses irregularLosses,
        EloInterval eloCorrected,
        EloInterval normalizedElo,
        List<Double> stoppingBounds) {

    public static final String SCHEMA = "caissa-arena/match/1";

    /** A bot of the match: its name and its command as given. */
    @JsonPropertyOrder({"name", "command"})
    public record Player(String name, List<String> command) {
        public Player {
            command = List.copyOf(command);
        }
    }

    /** How the match was played: enough to run it again. */
    @JsonPropertyOrder({"timeControl", "openingPlies", "seed", "sequential", "maxGames", "concurrency", "openings"})
    public record Settings(
            GameRecord.TimeControlRecord timeControl,
            int openingPlies,
            long seed,
            boolean sequential,
            int maxGames,
            int concurrency,
            @JsonInclude(JsonInclude.Include.NON_NULL) String openings) {}

    /** The hypotheses, in plain Elo, and the error rates. */
    @JsonPropertyOrder({"elo0", "elo1", "alpha", "beta"})
    public record SprtRecord(double elo0, double elo1, double alpha, double beta) {}

    /**
     * An Elo estimate and its 95% interval; null stands for an infinite value (every pair won,
     * or an interval with no finite end), as JSON has no infinity.
     */
    @JsonPropertyOrder({"elo", "low", "high"})
    public record EloInterval(Double elo, Double low, Double high) {
        public static EloInterval of(double elo, double low, double high) {
            return new EloInterval(finite(elo), finite(low), finite(high));
        }

        private static Double finite(double value) {
            return Double.isFinite(value) ? Math.round(value * 10) / 10.0 : null;
        }
    }

    /** Irregular losses of each side: a regression match should also catch an engine that breaks. */
    @JsonPropertyOrder({"engine", "baseline"})
    public record IrregularLosses(SideLosses engine, SideLosses baseline) {}

    /** One side's irregular losses in all and by cause, each cause with an example game explained. */
    @JsonPropertyOrder({"games", "byCause"})
    public record SideLosses(int games, List<IrregularLossTally.Entry> byCause) {
        public SideLosses {
            byCause = List.copyOf(byCause);
        }
    }

    /** The same figures, marked as cut short: no decision was reached, whatever the figures so far say. */
    public MatchReport interruptedNow() {
        return new MatchReport(
                schema,
                arenaVersion,
                engine,
                baseline,
                settings,
                gamesDir,
                sprt,
                Decision.INTERRUPTED,
                true,
                games,
                wins,
                draws,
                losses,
                pentanomial,
                elo,
                eloError,
                los,
                llr,
                bounds,
                decidedAtGames,
                irregularLosses,
                eloCorrected,
                normalizedElo,
                stoppingBounds);
    }
}
