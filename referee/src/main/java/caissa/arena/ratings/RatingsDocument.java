package caissa.arena.ratings;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * {@code caissa ratings --json FILE} ({@value #SCHEMA}, reports/schemas/ratings.schema.json): the
 * rating list, per bot its rating, 95% interval, games, score, group and LOS over the next bot,
 * and its games lost by start failure, which are not rated. A bot that played no game (it never
 * started) is listed last with no rating: its rank, rating, interval, score and group are null.
 */
@JsonPropertyOrder({"schema", "arenaVersion", "folders", "games", "unrated", "anchor", "groups", "bots"})
public record RatingsDocument(String schema, String arenaVersion, List<String> folders, long games, long unrated,
        RatingList.Anchor anchor, List<List<String>> groups, List<Bot> bots) {

    public static final String SCHEMA = "caissa-arena/ratings/1";

    /** A bot's line; {@code los} is null for the last bot of a group, the rating's fields for a bot that played no game. */
    @JsonPropertyOrder({"rank", "name", "elo", "low", "high", "games", "score", "group", "los", "startFailures"})
    public record Bot(Integer rank, String name, Double elo, Double low, Double high, long games, Double score, Integer group,
            Double los, long startFailures) {

        /** Whether it has a rating: it played at least one game. */
        public boolean rated() {
            return elo != null;
        }
    }

    public static RatingsDocument of(String version, List<String> folders, RatingList list) {
        return new RatingsDocument(SCHEMA, version, List.copyOf(folders), list.games(), list.unrated(),
                list.anchor().orElse(null), list.groups(), java.util.stream.Stream.concat(list.bots().stream().map(b -> new Bot(
                        b.rank(), b.name(), round(b.elo()), round(b.low()), round(b.high()), b.games(),
                        Math.round(b.score() * 10_000) / 10_000.0, b.group(),
                        b.los().map(l -> Math.round(l * 10_000) / 10_000.0).orElse(null), b.startFailures())),
                        list.notRated().stream().map(n -> new Bot(null, n.name(), null, null, null, 0, null, null, null,
                                n.startFailures()))).toList());
    }

    private static double round(double elo) {
        return Math.round(elo * 10) / 10.0;
    }
}
