package caissa.arena.game;

import caissa.arena.bot.ShutdownReport;
import caissa.arena.bot.StderrExcerpt;
import caissa.arena.rules.Move;
import caissa.arena.rules.Side;
import caissa.arena.rules.Variant;
import caissa.arena.sandbox.SandboxRecord;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The log of one game, written as one JSON document ({@value #SCHEMA}, described in
 * reports/README.md and reports/schemas/game.schema.json). Replaying {@code moves} from
 * {@code start} gives {@code final}.
 */
@JsonPropertyOrder({
    "schema",
    "arenaVersion",
    "variant",
    "tournament",
    "white",
    "black",
    "timeControl",
    "opening",
    "start",
    "moves",
    "result",
    "termination",
    "loser",
    "reason",
    "final",
    "startedAt",
    "durationMillis",
    "book"
})
public record GameRecord(
        String schema,
        String arenaVersion,
        Variant variant,
        TournamentGame tournament,
        PlayerRecord white,
        PlayerRecord black,
        TimeControlRecord timeControl,
        List<Move> opening,
        String start,
        List<PlayedMove> moves,
        Result result,
        Termination termination,
        String loser,
        String reason,
        @JsonProperty("final") String finalPosition,
        String startedAt,
        long durationMillis,
        @JsonInclude(JsonInclude.Include.NON_NULL) BookLineRecord book) {

    public static final String SCHEMA = "caissa-arena/game/3";

    /** Earlier logs: limits held without a cgroup were {@code rlimit}, and the sandbox had no {@code suspendBy}, {@code endBy}, {@code output}. */
    public static final String SCHEMA_2 = "caissa-arena/game/2";

    /** Earlier logs: the same fields without {@code variant}; all of them are square Caïssa games. */
    public static final String SCHEMA_1 = "caissa-arena/game/1";

    public GameRecord {
        // A log without the field is a square Caïssa game (HEXCAISSA.md 8).
        variant = variant == null ? Variant.CAISSA : variant;
        // In JSON a move is only text: the record's variant says which board it is on.
        Variant board = variant;
        opening = opening.stream()
                .map(m -> m.variant() == board ? m : board.move(m.toString()))
                .toList();
        moves = moves.stream()
                .map(m -> m.move().variant() == board
                        ? m
                        : new PlayedMove(m.ply(), m.side(), board.move(m.move().toString()), m.micros(), m.raw()))
                .toList();
    }

    /** A log of a game whose opening came from no book (and every log written before books existed). */
    public GameRecord(
            String schema,
            String arenaVersion,
            Variant variant,
            TournamentGame tournament,
            PlayerRecord white,
            PlayerRecord black,
            TimeControlRecord timeControl,
            List<Move> opening,
            String start,
            List<PlayedMove> moves,
            Result result,
            Termination termination,
            String loser,
            String reason,
            String finalPosition,
            String startedAt,
            long durationMillis) {
        this(
                schema,
                arenaVersion,
                variant,
                tournament,
                white,
                black,
                timeControl,
                opening,
                start,
                moves,
                result,
                termination,
                loser,
                reason,
                finalPosition,
                startedAt,
                durationMillis,
                null);
    }

    /**
     * The book line a game's opening came from: its 1-based line number in the book file and its
     * text. Absent when the opening was drawn at random or there was none.
     */
    @JsonPropertyOrder({"line", "text"})
    public record BookLineRecord(int line, String text) {}

    public PlayerRecord player(Side side) {
        return side == Side.WHITE ? white : black;
    }

    /** The same log with another place in its run. */
    public GameRecord withTournament(TournamentGame game) {
        return new GameRecord(
                schema,
                arenaVersion,
                variant,
                game,
                white,
                black,
                timeControl,
                opening,
                start,
                moves,
                result,
                termination,
                loser,
                reason,
                finalPosition,
                startedAt,
                durationMillis,
                book);
    }

    /** Where a game stands in a tournament or match; absent for a single {@code caissa play}. */
    @JsonPropertyOrder({"name", "game", "games", "pair"})
    public record TournamentGame(String name, int game, int games, int pair) {}

    /**
     * One bot in one game.
     *
     * @param command the command as given (for example {@code ["sample:random"]})
     * @param timeUsedMillis the time charged to its clock (not the first-move allowance)
     * @param thinkingMillis the time its replies took in all, less the machine's time (as for each
     *     move's time; see Game's excused time): the first reply's whole (which its clock
     *     charges only beyond the first-move allowance) and, when it lost on time, the wait it was allowed
     * @param exit how its processes ended; null when it never started
     * @param sandbox what held it (sandbox, limits and how they were enforced); null when it was not started
     */
    @JsonPropertyOrder({"name", "command", "timeUsedMillis", "thinkingMillis", "stderr", "exit", "sandbox"})
    public record PlayerRecord(
            String name,
            List<String> command,
            long timeUsedMillis,
            long thinkingMillis,
            StderrExcerpt stderr,
            ExitRecord exit,
            SandboxRecord sandbox) {
        public PlayerRecord {
            command = List.copyOf(command);
        }
    }

    /** The shutdown of a bot's processes after the game (see {@link ShutdownReport}). */
    @JsonPropertyOrder({"exitedByItself", "exitCode", "leftoverProcesses", "killed"})
    public record ExitRecord(boolean exitedByItself, Integer exitCode, int leftoverProcesses, boolean killed) {
        static ExitRecord of(ShutdownReport report) {
            return new ExitRecord(
                    report.exitedByItself(),
                    report.exitCode().orElse(null),
                    report.leftoverProcesses(),
                    report.killed());
        }
    }

    /**
     * The clocks, written as in tournament files: {@code "30s"}, {@code null} for no cap. The last
     * three are absent from logs written before they existed (then: 0s, wall, true).
     */
    @JsonPropertyOrder({
        "timePerGame",
        "timePerMove",
        "increment",
        "firstMoveAllowance",
        "timeMargin",
        "clock",
        "suspendIdle"
    })
    public record TimeControlRecord(
            String timePerGame,
            String timePerMove,
            String increment,
            String firstMoveAllowance,
            String timeMargin,
            String clock,
            Boolean suspendIdle) {
        public static TimeControlRecord of(TimeControl control) {
            return new TimeControlRecord(
                    Durations.format(control.perGame()),
                    control.perMove().map(Durations::format).orElse(null),
                    Durations.format(control.increment()),
                    Durations.format(control.firstMoveAllowance()),
                    Durations.format(control.margin()),
                    control.clock().word(),
                    control.suspendIdle());
        }
    }
}
