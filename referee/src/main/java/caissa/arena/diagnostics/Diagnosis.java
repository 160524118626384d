package caissa.arena.diagnostics;

import caissa.arena.game.GameRecord;
import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.rules.Side;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Why a bot lost a game irregularly, in its own words: the referee's reason, the last lines of
 * its standard error, the position it was asked to move in (CFN), a hint when the loss looks
 * like a common mistake, and the saved game log to reproduce it with.
 *
 * @param game the game's number in its run, when it has one
 * @param stderr the last lines of its standard error, escaped
 * @param position the position (CFN) in which it failed: {@code caissa moves --position} lists the legal moves
 * @param log the game log's path, when it was saved
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"bot", "side", "game", "cause", "reason", "stderr", "position", "hint", "log"})
public record Diagnosis(
        String bot,
        String side,
        Integer game,
        Termination cause,
        String reason,
        List<String> stderr,
        String position,
        String hint,
        String log) {

    public Diagnosis {
        stderr = List.copyOf(stderr);
    }

    /** Why {@code side} lost the game; the game must be an irregular loss for that side. */
    public static Diagnosis of(GameRecord game, Side side, Path log) {
        GameRecord.PlayerRecord player = game.player(side);
        return new Diagnosis(
                player.name(),
                side.word(),
                game.tournament() == null ? null : game.tournament().game(),
                game.termination(),
                TerminalText.escape(game.reason()),
                StderrLines.last(player.stderr()),
                game.finalPosition(),
                Hints.of(game, side).orElse(null),
                log == null ? null : log.toString());
    }

    /** The sides that lost the game irregularly (none, one, or both). */
    public static List<Side> irregularLosers(GameRecord game) {
        if (!game.termination().isIrregular()) {
            return List.of();
        }
        if (game.result() == Result.BOTH_LOSE) {
            return List.of(Side.WHITE, Side.BLACK);
        }
        return List.of(game.result() == Result.WHITE_WINS ? Side.BLACK : Side.WHITE);
    }

    /** The diagnoses of every irregular loser of the game. */
    public static List<Diagnosis> ofLosers(GameRecord game, Path log) {
        return irregularLosers(game).stream().map(side -> of(game, side, log)).toList();
    }

    /** The diagnosis as lines for a terminal, without the reason (which callers print their own way). */
    public List<String> details() {
        List<String> lines = new ArrayList<>();
        if (stderr.isEmpty()) {
            lines.add("its stderr: (nothing)");
        } else {
            lines.add("its stderr, last lines:");
            stderr.forEach(line -> lines.add("  | " + line));
        }
        if (cause == Termination.ILLEGAL_MOVE) {
            lines.add("position: " + position + "  (its legal moves: caissa moves --position '" + position + "')");
        } else if (cause != Termination.START_FAILURE) {
            lines.add("position: " + position);
        }
        Optional.ofNullable(hint).ifPresent(h -> lines.add("hint: " + h));
        Optional.ofNullable(log).ifPresent(l -> lines.add("game log: " + l));
        return lines;
    }

    /** The reason and the details, as lines. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(reason);
        lines.addAll(details());
        return lines;
    }

    /** The last stderr line, the one that usually says why; empty when there is none. */
    public String lastStderrLine() {
        return stderr.isEmpty() ? "" : stderr.get(stderr.size() - 1);
    }
}
