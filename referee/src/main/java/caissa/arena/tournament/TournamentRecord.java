package caissa.arena.tournament;

import caissa.arena.game.ClockKind;
import caissa.arena.game.Durations;
import caissa.arena.game.TimeControl;
import caissa.arena.openings.BookRecord;
import caissa.arena.records.Json;
import caissa.arena.rules.Variant;
import caissa.arena.runner.BrokenBots;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.ResourceLimits;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code tournament.json} ({@value #SCHEMA}): the tournament as run, written when it starts.
 * {@code --resume} compares the stored definition with the file's.
 *
 * @param broken the bots of the file that could not play when the run started (none: an empty
 *     list), and what the run did with them: {@code forfeit} (in the schedule, losing each game by
 *     start-failure) or {@code exclude} (left out of the definition and the schedule)
 */
@JsonPropertyOrder({"schema", "arenaVersion", "startedAt", "file", "definition", "games", "shard", "broken", "isolation"
})
public record TournamentRecord(
        String schema,
        String arenaVersion,
        String startedAt,
        String file,
        Definition definition,
        int games,
        ShardRecord shard,
        List<BrokenBot> broken,
        IsolationRecord isolation) {

    /**
     * What held the bots, for the report's header: the sandbox asked for ({@code auto}, {@code bwrap}
     * or {@code none}; each game log says what each bot got) and the resource limits, for all and by
     * bot. Null in runs of older arenas; not compared on resume, as it does not change results.
     */
    @JsonPropertyOrder({"sandbox", "limits", "botLimits"})
    public record IsolationRecord(String sandbox, ResourceLimits limits, Map<String, ResourceLimits> botLimits) {
        static IsolationRecord of(Isolation isolation) {
            return new IsolationRecord(
                    isolation.sandbox().word(), isolation.limits(), new TreeMap<>(isolation.botLimits()));
        }
    }

    public TournamentRecord {
        // Runs started before the field existed had no broken bots in them.
        broken = broken == null ? List.of() : List.copyOf(broken);
    }

    /** A bot that could not play, its problem in one line, and {@code forfeit} or {@code exclude}. */
    @JsonPropertyOrder({"name", "problem", "handling"})
    public record BrokenBot(String name, String problem, String handling) {
        static BrokenBot of(BrokenBots.Broken broken) {
            return new BrokenBot(
                    broken.name(), broken.problem(), broken.handling().word());
        }
    }

    /**
     * A shard's folder holds one share of one batch: share {@code index} of {@code count} (from 1)
     * of batch {@code batch} (a Swiss round, the final, or the whole schedule of a round robin or
     * gauntlet); null for a run of the whole tournament.
     */
    @JsonPropertyOrder({"index", "count", "batch", "stage", "round"})
    public record ShardRecord(int index, int count, int batch, StageName stage, int round) {}

    public static final String SCHEMA = "caissa-arena/tournament/2";

    /** The tournament file with defaults filled in and paths resolved; what a run's results depend on. */
    @JsonPropertyOrder({
        "name",
        "bots",
        "gamesPerPair",
        "timePerGame",
        "timePerMove",
        "increment",
        "firstMoveAllowance",
        "timeMargin",
        "clock",
        "suspendIdle",
        "openingPlies",
        "seed",
        "concurrency",
        "format",
        "engines",
        "rounds",
        "final",
        "variant",
        "openings"
    })
    public record Definition(
            String name,
            List<Bot> bots,
            int gamesPerPair,
            String timePerGame,
            String timePerMove,
            String increment,
            String firstMoveAllowance,
            String timeMargin,
            String clock,
            Boolean suspendIdle,
            int openingPlies,
            long seed,
            Integer concurrency,
            String format,
            List<String> engines,
            Integer rounds,
            @JsonProperty("final") Final finalStage,
            Variant variant,
            @JsonInclude(JsonInclude.Include.NON_NULL) BookRecord openings) {

        public Definition {
            // tournament/1 records had no variant: every such tournament played square Caïssa.
            variant = variant == null ? Variant.CAISSA : variant;
        }

        static Definition of(TournamentDefinition d) {
            Format f = d.format();
            return new Definition(
                    d.name(),
                    d.bots().stream().map(Bot::of).toList(),
                    d.gamesPerPair(),
                    Durations.format(d.timeControl().perGame()),
                    d.timeControl().perMove().map(Durations::format).orElse(null),
                    Durations.format(d.timeControl().increment()),
                    Durations.format(d.timeControl().firstMoveAllowance()),
                    Durations.format(d.timeControl().margin()),
                    d.timeControl().clock().word(),
                    d.timeControl().suspendIdle(),
                    d.openingPlies(),
                    d.seed(),
                    d.concurrency().orElse(null),
                    f.word(),
                    f.recordedEngines(),
                    f.recordedRounds(),
                    f.recordedFinal()
                            .map(x -> new Final(x.top(), x.gamesPerPair()))
                            .orElse(null),
                    d.variant(),
                    d.book().map(BookRecord::of).orElse(null));
        }

        /** The fields that differ from another definition, as {@code field (old → new)}; concurrency does not count. */
        public List<String> differences(Definition other) {
            List<String> changes = new ArrayList<>();
            compare(changes, "name", name, other.name);
            compare(changes, "bots", bots, other.bots);
            compare(changes, "gamesPerPair", gamesPerPair, other.gamesPerPair);
            compare(changes, "timePerGame", timePerGame, other.timePerGame);
            compare(changes, "timePerMove", timePerMove, other.timePerMove);
            compare(changes, "increment", increment, other.increment);
            compare(changes, "firstMoveAllowance", firstMoveAllowance, other.firstMoveAllowance);
            // Runs started before these fields existed ran with their defaults.
            compare(changes, "timeMargin", orElse(timeMargin, "0s"), orElse(other.timeMargin, "0s"));
            compare(changes, "clock", orElse(clock, "wall"), orElse(other.clock, "wall"));
            compare(changes, "suspendIdle", orElse(suspendIdle, true), orElse(other.suspendIdle, true));
            compare(changes, "openingPlies", openingPlies, other.openingPlies);
            compare(changes, "seed", seed, other.seed);
            compare(changes, "format", formatWord(), other.formatWord());
            compare(changes, "engines", engines, other.engines);
            compare(changes, "rounds", rounds, other.rounds);
            compare(changes, "final", finalStage, other.finalStage);
            compare(changes, "variant", variant, other.variant);
            // Every other field a run's results may depend on (fields added later included) counts
            // too: resume and merge must never mix runs of different settings.
            JsonNode mine = Json.mapper().valueToTree(this);
            JsonNode theirs = Json.mapper().valueToTree(other);
            Set<String> compared = Set.of(
                    "name",
                    "bots",
                    "gamesPerPair",
                    "timePerGame",
                    "timePerMove",
                    "increment",
                    "firstMoveAllowance",
                    "openingPlies",
                    "seed",
                    "format",
                    "engines",
                    "rounds",
                    "final",
                    "variant",
                    "concurrency");
            Set<String> fields = new TreeSet<>();
            mine.fieldNames().forEachRemaining(fields::add);
            theirs.fieldNames().forEachRemaining(fields::add);
            for (String field : fields) {
                if (!compared.contains(field) && !Objects.equals(mine.get(field), theirs.get(field))) {
                    changes.add(field);
                }
            }
            return changes;
        }

        private static <T> T orElse(T value, T fallback) {
            return value == null ? fallback : value;
        }

        /** The definition this record was made from (bot programs are not checked again). */
        TournamentDefinition toDefinition() {
            List<BotEntry> entries = bots.stream()
                    .map(b -> new BotEntry(
                            b.name(),
                            b.command(),
                            Optional.ofNullable(b.workingDir()).map(Path::of),
                            b.env() == null ? Map.of() : b.env()))
                    .toList();
            TimeControl timeControl = new TimeControl(
                    Durations.parse(timePerGame),
                    Optional.ofNullable(timePerMove).map(Durations::parse),
                    Durations.parse(increment),
                    Durations.parse(firstMoveAllowance),
                    Durations.parse(orElse(timeMargin, "0s")),
                    ClockKind.fromWord(orElse(clock, "wall")),
                    orElse(suspendIdle, true));
            Format f = Format.recorded(
                    format,
                    engines,
                    rounds,
                    Optional.ofNullable(finalStage).map(x -> new Format.Final(x.top(), x.gamesPerPair())));
            return new TournamentDefinition(
                    name,
                    entries,
                    gamesPerPair,
                    timeControl,
                    openingPlies,
                    seed,
                    Optional.ofNullable(concurrency),
                    f,
                    variant,
                    // The record does not keep sandbox settings: a merge writes records, it runs no bot.
                    Isolation.defaults(),
                    Optional.ofNullable(openings).map(o -> o.toBook(variant)));
        }

        /** Records written before formats existed are round robins. */
        String formatWord() {
            return format == null ? "round-robin" : format;
        }

        private static void compare(List<String> changes, String field, Object before, Object after) {
            if (!Objects.equals(before, after)) {
                boolean shortForm = !(before instanceof List);
                changes.add(shortForm ? field + " (" + before + " → " + after + ")" : field);
            }
        }
    }

    /** The final of a Swiss. */
    public record Final(int top, int gamesPerPair) {
        @Override
        public String toString() {
            return "{top " + top + ", gamesPerPair " + gamesPerPair + "}";
        }
    }

    @JsonPropertyOrder({"name", "command", "workingDir", "env"})
    public record Bot(String name, List<String> command, String workingDir, Map<String, String> env) {
        static Bot of(BotEntry entry) {
            return new Bot(
                    entry.name(),
                    entry.command(),
                    entry.workingDir().map(Object::toString).orElse(null),
                    new TreeMap<>(entry.env()));
        }
    }
}
