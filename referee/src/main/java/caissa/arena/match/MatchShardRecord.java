package caissa.arena.match;

import caissa.arena.game.Durations;
import caissa.arena.game.Entrant;
import caissa.arena.game.TimeControl;
import caissa.arena.openings.BookRecord;
import caissa.arena.program.BotCommand;
import caissa.arena.rules.Variant;
import caissa.arena.stats.Sprt;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code match.json} in a shard's folder ({@value #SCHEMA}): the settings of a fixed-length
 * match ({@code match --games N --shard I/N}) and which share of its game pairs the folder holds,
 * so that {@code caissa merge} can check the shards belong together.
 */
@JsonPropertyOrder({
    "schema",
    "arenaVersion",
    "engine",
    "baseline",
    "timePerGame",
    "timePerMove",
    "increment",
    "firstMoveAllowance",
    "openingPlies",
    "seed",
    "sprt",
    "games",
    "shard",
    "variant",
    "openings"
})
public record MatchShardRecord(
        String schema,
        String arenaVersion,
        Player engine,
        Player baseline,
        String timePerGame,
        String timePerMove,
        String increment,
        String firstMoveAllowance,
        int openingPlies,
        long seed,
        Hypotheses sprt,
        int games,
        ShardOf shard,
        Variant variant,
        @JsonInclude(JsonInclude.Include.NON_NULL) BookRecord openings) {

    public static final String SCHEMA = "caissa-arena/match-shard/2";

    public MatchShardRecord {
        // Version 1 had no variant: its matches were square Caïssa.
        variant = variant == null ? Variant.CAISSA : variant;
    }

    /** A bot as the match ran it. */
    @JsonPropertyOrder({"name", "command", "workingDir", "env"})
    public record Player(String name, List<String> command, String workingDir, Map<String, String> env) {
        static Player of(Entrant entrant) {
            BotCommand c = entrant.command();
            return new Player(
                    entrant.name(), c.argv(), c.workingDir().map(Path::toString).orElse(null), new TreeMap<>(c.env()));
        }

        Entrant entrant() {
            return new Entrant(
                    name,
                    new BotCommand(
                            command, Optional.ofNullable(workingDir).map(Path::of), env == null ? Map.of() : env));
        }
    }

    @JsonPropertyOrder({"elo0", "elo1", "alpha", "beta"})
    public record Hypotheses(double elo0, double elo1, double alpha, double beta) {}

    @JsonPropertyOrder({"index", "count"})
    public record ShardOf(int index, int count) {}

    static MatchShardRecord of(String arenaVersion, MatchSettings s, int index, int count) {
        TimeControl t = s.timeControl();
        return new MatchShardRecord(
                SCHEMA,
                arenaVersion,
                Player.of(s.engine()),
                Player.of(s.baseline()),
                Durations.format(t.perGame()),
                t.perMove().map(Durations::format).orElse(null),
                Durations.format(t.increment()),
                Durations.format(t.firstMoveAllowance()),
                s.openingPlies(),
                s.seed(),
                new Hypotheses(
                        s.sprt().elo0(),
                        s.sprt().elo1(),
                        s.sprt().alpha(),
                        s.sprt().beta()),
                s.maxGames(),
                new ShardOf(index, count),
                s.variant(),
                s.book().map(BookRecord::of).orElse(null));
    }

    MatchSettings settings() {
        TimeControl t = new TimeControl(
                Durations.parse(timePerGame),
                Optional.ofNullable(timePerMove).map(Durations::parse),
                Durations.parse(increment),
                Durations.parse(firstMoveAllowance));
        return new MatchSettings(
                engine.entrant(),
                baseline.entrant(),
                t,
                openingPlies,
                seed,
                new Sprt(sprt.elo0(), sprt.elo1(), sprt.alpha(), sprt.beta()),
                false,
                games,
                variant,
                Optional.ofNullable(openings).map(o -> o.toBook(variant)));
    }

    /** The same match, whatever the share: everything but the shard index and the arena's version. */
    boolean sameMatchAs(MatchShardRecord other) {
        return engine.equals(other.engine)
                && baseline.equals(other.baseline)
                && timePerGame.equals(other.timePerGame)
                && Objects.equals(timePerMove, other.timePerMove)
                && increment.equals(other.increment)
                && firstMoveAllowance.equals(other.firstMoveAllowance)
                && openingPlies == other.openingPlies
                && seed == other.seed
                && sprt.equals(other.sprt)
                && games == other.games
                && shard.count() == other.shard.count()
                && variant == other.variant
                && Objects.equals(openings, other.openings);
    }
}
