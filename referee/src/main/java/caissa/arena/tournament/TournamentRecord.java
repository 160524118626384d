package caissa.arena.tournament;

import caissa.arena.game.Durations;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * {@code tournament.json} ({@value #SCHEMA}): the tournament as run, written when it starts.
 * {@code --resume} compares the stored definition with the file's.
 */
@JsonPropertyOrder({"schema", "arenaVersion", "startedAt", "file", "definition", "games"})
public record TournamentRecord(String schema, String arenaVersion, String startedAt, String file, Definition definition,
        int games) {

    public static final String SCHEMA = "caissa-arena/tournament/1";

    /** The tournament file with defaults filled in and paths resolved; what a run's results depend on. */
    @JsonPropertyOrder({"name", "bots", "gamesPerPair", "timePerGame", "timePerMove", "increment", "firstMoveAllowance",
        "timeMargin", "clock", "suspendIdle", "openingPlies", "seed", "concurrency"})
    public record Definition(String name, List<Bot> bots, int gamesPerPair, String timePerGame, String timePerMove,
            String increment, String firstMoveAllowance, String timeMargin, String clock, Boolean suspendIdle,
            int openingPlies, long seed, Integer concurrency) {

        static Definition of(TournamentDefinition d) {
            return new Definition(d.name(), d.bots().stream().map(Bot::of).toList(), d.gamesPerPair(),
                    Durations.format(d.timeControl().perGame()),
                    d.timeControl().perMove().map(Durations::format).orElse(null),
                    Durations.format(d.timeControl().increment()),
                    Durations.format(d.timeControl().firstMoveAllowance()),
                    Durations.format(d.timeControl().margin()), d.timeControl().clock().word(),
                    d.timeControl().suspendIdle(), d.openingPlies(), d.seed(),
                    d.concurrency().orElse(null));
        }

        /** The fields that differ from another definition, as {@code field (old → new)}; concurrency does not count. */
        List<String> differences(Definition other) {
            List<String> changes = new java.util.ArrayList<>();
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
            return changes;
        }

        private static <T> T orElse(T value, T fallback) {
            return value == null ? fallback : value;
        }

        private static void compare(List<String> changes, String field, Object before, Object after) {
            if (!java.util.Objects.equals(before, after)) {
                boolean shortForm = !(before instanceof List);
                changes.add(shortForm ? field + " (" + before + " → " + after + ")" : field);
            }
        }
    }

    @JsonPropertyOrder({"name", "command", "workingDir", "env"})
    public record Bot(String name, List<String> command, String workingDir, Map<String, String> env) {
        static Bot of(BotEntry entry) {
            return new Bot(entry.name(), entry.command(), entry.workingDir().map(Object::toString).orElse(null),
                    new java.util.TreeMap<>(entry.env()));
        }
    }
}
