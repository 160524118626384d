package caissa.arena.report;

import caissa.arena.game.GameRecord;
import caissa.arena.game.PlayedMove;
import caissa.arena.rules.InvalidPositionException;
import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One game as the HTML report embeds it: the game log without what the page does not show, and
 * with the moves and their times as flat arrays, because a thousand games of
 * {@code {"ply":..,"side":..,"move":..,"micros":..,"raw":..}} objects would triple the file.
 * Absolute paths in the reason and the stderr are shown by their file names ({@link PublishedPaths}):
 * the page is published, and the game logs keep them whole.
 *
 * @param number the game's number in the tournament (from the log, else from its file name)
 * @param file the log's path relative to the tournament folder, for the reader who wants all of it
 * @param variant {@code caissa} or {@code hexcaissa}: which board the page draws
 * @param moves the bots' moves from {@code start}, as {@code b2-c4}
 * @param micros each move's reply time, parallel to {@code moves}
 * @param raw the reply lines that differ from the move (case, white space), by index in {@code moves}
 */
@JsonPropertyOrder({
    "number",
    "file",
    "variant",
    "result",
    "termination",
    "loser",
    "reason",
    "white",
    "black",
    "opening",
    "start",
    "moves",
    "micros",
    "raw",
    "final",
    "startedAt",
    "durationMillis"
})
public record ReportGame(
        int number,
        String file,
        String variant,
        String result,
        String termination,
        String loser,
        String reason,
        ReportPlayer white,
        ReportPlayer black,
        List<String> opening,
        String start,
        List<String> moves,
        List<Long> micros,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> raw,
        @JsonProperty("final") String finalPosition,
        String startedAt,
        long durationMillis) {

    public ReportGame {
        opening = List.copyOf(opening);
        moves = List.copyOf(moves);
        micros = List.copyOf(micros);
        raw = Map.copyOf(raw);
    }

    /** A bot in one game: its name, its clock, its stderr and how its processes ended. */
    @JsonPropertyOrder({"name", "timeUsedMillis", "thinkingMillis", "stderr", "exit"})
    public record ReportPlayer(
            String name, long timeUsedMillis, long thinkingMillis, ReportStderr stderr, GameRecord.ExitRecord exit) {

        static ReportPlayer of(GameRecord.PlayerRecord player) {
            ReportStderr stderr = ReportStderr.of(player.stderr());
            // A bot without a sandbox sees the organiser's folders, and its tracebacks name them.
            PublishedPaths paths = PublishedPaths.NAMES_ONLY;
            return new ReportPlayer(
                    player.name(),
                    player.timeUsedMillis(),
                    player.thinkingMillis(),
                    new ReportStderr(
                            stderr.bytes(),
                            paths.text(stderr.head()),
                            paths.text(stderr.tail()),
                            stderr.omitted(),
                            stderr.shortened()),
                    player.exit());
        }
    }

    /**
     * The report's view of a game log. The page replays the moves itself, with rules that trust
     * them to be legal, so a log whose moves do not replay from {@code start} to {@code final} is
     * refused here rather than drawn wrong.
     *
     * @throws IllegalArgumentException saying which move does not replay, or that the final
     *     position differs
     */
    public static ReportGame of(int number, String file, GameRecord record) {
        Position position;
        try {
            position = record.variant().fromCfn(record.start());
        } catch (InvalidPositionException e) {
            throw new IllegalArgumentException("its start position is not valid: " + e.getMessage(), e);
        }
        List<String> moves = new ArrayList<>(record.moves().size());
        List<Long> micros = new ArrayList<>(record.moves().size());
        Map<String, String> raw = new LinkedHashMap<>();
        for (PlayedMove played : record.moves()) {
            Move move = played.move();
            var illegal = position.illegalReason(move);
            if (illegal.isPresent()) {
                throw new IllegalArgumentException("its move " + move + " at ply " + (position.plies() + 1)
                        + " does not replay: " + illegal.get());
            }
            position = position.play(move);
            if (!move.toString().equals(played.raw())) {
                raw.put(Integer.toString(moves.size()), played.raw());
            }
            moves.add(move.toString());
            micros.add(played.micros());
        }
        if (!position.toCfn().equals(record.finalPosition())) {
            throw new IllegalArgumentException(
                    "its moves lead to " + position.toCfn() + ", not to its final position " + record.finalPosition());
        }
        return new ReportGame(
                number,
                file,
                record.variant().id(),
                record.result().text(),
                record.termination().word(),
                record.loser(),
                PublishedPaths.NAMES_ONLY.text(record.reason()),
                ReportPlayer.of(record.white()),
                ReportPlayer.of(record.black()),
                record.opening().stream().map(Move::toString).toList(),
                record.start(),
                moves,
                micros,
                raw,
                record.finalPosition(),
                record.startedAt(),
                record.durationMillis());
    }
}
