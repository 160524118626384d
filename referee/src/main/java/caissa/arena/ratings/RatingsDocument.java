package caissa.arena.ratings;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code caissa ratings --json FILE} ({@value #SCHEMA}, reports/schemas/ratings.schema.json): the
 * rating list, per bot its rating, 95% interval, games, score, group and LOS over the next bot,
 * and its games lost by start failure, which are not rated. Version 2: the interval is
 * parametric (no longer a bootstrap), a perfect or zero score has a one-sided {@code bound} and a
 * null rating, {@code prior} gives the virtual draws a bot, and a bot that played no game (it
 * never started) is listed last with no rating: its rank, rating, interval, score and group are null.
 */
@JsonPropertyOrder({"schema", "arenaVersion", "folders", "games", "unrated", "anchor", "prior", "groups", "bots"})
public record RatingsDocument(
        String schema,
        String arenaVersion,
        List<String> folders,
        long games,
        long unrated,
        RatingList.Anchor anchor,
        double prior,
        List<List<String>> groups,
        List<Bot> bots) {

    public static final String SCHEMA = "caissa-arena/ratings/2";

    /**
     * A bot's line; {@code los} is null for the last bot of a group and beside a bound; for a
     * perfect (zero) score {@code bound} is "lower" ("upper"), {@code elo} and the open end null;
     * the rating's fields are null for a bot that played no game.
     */
    @JsonPropertyOrder({"rank", "name", "elo", "low", "high", "bound", "games", "score", "group", "los", "startFailures"
    })
    public record Bot(
            Integer rank,
            String name,
            Double elo,
            Double low,
            Double high,
            String bound,
            long games,
            Double score,
            Integer group,
            Double los,
            long startFailures) {

        /** Whether it has a rating or a bound: it played at least one game. */
        public boolean rated() {
            return rank != null;
        }
    }

    public static RatingsDocument of(String version, List<String> folders, RatingList list) {
        return new RatingsDocument(
                SCHEMA,
                version,
                List.copyOf(folders),
                list.games(),
                list.unrated(),
                list.anchor().orElse(null),
                list.prior(),
                list.groups(),
                Stream.concat(
                                list.bots().stream()
                                        .map(b -> new Bot(
                                                b.rank(),
                                                b.name(),
                                                round(b.elo()),
                                                round(b.low()),
                                                round(b.high()),
                                                b.bound()
                                                        .map(x -> x == RatingList.Bound.LOWER ? "lower" : "upper")
                                                        .orElse(null),
                                                b.games(),
                                                Math.round(b.score() * 10_000) / 10_000.0,
                                                b.group(),
                                                b.los()
                                                        .map(l -> Math.round(l * 10_000) / 10_000.0)
                                                        .orElse(null),
                                                b.startFailures())),
                                list.notRated().stream()
                                        .map(n -> new Bot(
                                                null,
                                                n.name(),
                                                null,
                                                null,
                                                null,
                                                null,
                                                0,
                                                null,
                                                null,
                                                null,
                                                n.startFailures())))
                        .toList());
    }

    private static Double round(double elo) {
        return Double.isFinite(elo) ? Math.round(elo * 10) / 10.0 : null;
    }
}
