package caissa.arena.diagnostics;

import caissa.arena.bot.BotProcess;
import caissa.arena.game.GameRecord;
import caissa.arena.game.Termination;
import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.rules.Variant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Advice for the mistakes bot authors make most, recognised from a lost game: an answer that was
 * never flushed, debug output on standard output, a bot that does not take the opening line, a
 * script that cannot be started.
 */
public final class Hints {

    public static final String FLUSH = "it never answered: a bot must flush its standard output after each move"
            + " (Python: print(move, flush=True); C: fflush(stdout); C++: std::cout << move << std::endl;"
            + " Java: System.out.flush())";
    public static final String DEBUG_ON_STDOUT = "standard output carries only moves: write debug output to standard"
            + " error (Python: print(..., file=sys.stderr); C: fprintf(stderr, ...); C++: std::cerr << ...;"
            + " Java: System.err.println(...); Rust: eprintln!(...); Go: fmt.Fprintln(os.Stderr, ...);"
            + " JavaScript: console.error(...))";
    public static final String OPENING = "the bots get an 'opening m1 m2 ...' line before the first move"
            + " (--opening-plies, openingPlies): the bot must read it (see docs/bot-guide.md), or play with"
            + " 0 opening plies";
    public static final String NOT_EXECUTABLE = "the file is not executable: make it so (chmod +x FILE) or start it"
            + " through its interpreter (for example python3 FILE)";
    public static final String ARENA_LAUNCH = "the arena could not start the bot in its sandbox or limits, so the"
            + " bot's program never ran: the line quoted is the arena's own; caissa doctor shows what this machine"
            + " gives the arena, and --sandbox none runs the bots without a sandbox";
    public static final String BAD_INTERPRETER = "the program or the interpreter named on its first line (#!) does not"
            + " exist: fix that line or start the script through its interpreter (for example python3 FILE)";

    private Hints() {}

    private static final Pattern QUOTED = Pattern.compile("'([^']*)'");

    /** The first text the referee's reason quotes: the bot's offending reply, when there was one. */
    private static Optional<String> quoted(String reason) {
        Matcher m = QUOTED.matcher(reason);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /**
     * Whether a bot that failed before its first move looks like one that misread the opening line,
     * the only case the opening hint is for: its answer or its last words on standard error name the
     * opening (the word, or one of its moves), or its answer is a move that was legal only before the
     * opening was played, as when a bot ignores the line and plays from the initial position.
     */
    public static boolean misreadOpening(
            Variant variant, List<String> opening, Optional<String> answer, List<String> stderr) {
        if (opening.isEmpty()) {
            return false;
        }
        List<String> words = new ArrayList<>(List.of("opening"));
        opening.forEach(m -> words.add(m.toLowerCase(Locale.ROOT)));
        if (stderr.stream()
                .map(l -> l.toLowerCase(Locale.ROOT))
                .anyMatch(l -> words.stream().anyMatch(l::contains))) {
            return true;
        }
        if (answer.isEmpty()) {
            return false;
        }
        String text = answer.get().strip().toLowerCase(Locale.ROOT);
        if (words.stream().anyMatch(text::contains)) {
            return true;
        }
        Optional<Move> move = variant.parseMove(text);
        if (move.isEmpty()) {
            return false;
        }
        Position position = variant.initial();
        for (String played : opening) {
            if (position.isLegal(move.get())) {
                return true;
            }
            Optional<Move> next = variant.parseMove(played);
            if (next.isEmpty()) {
                return false;
            }
            position = position.play(next.get());
        }
        return false;
    }

    /** The hint for why {@code side} lost the game, when its loss looks like a common mistake. */
    public static Optional<String> of(GameRecord game, Side side) {
        long own = game.moves().stream().filter(m -> m.side() == side).count();
        Termination cause = game.termination();
        String reason = game.reason() == null ? "" : game.reason();
        if (cause == Termination.START_FAILURE) {
            if (reason.contains(BotProcess.LAUNCH_FAILED)) {
                return Optional.of(ARENA_LAUNCH);
            }
            if (reason.contains("Permission denied")) {
                return Optional.of(NOT_EXECUTABLE);
            }
            if (reason.contains("No such file") || reason.contains("not found")) {
                return Optional.of(BAD_INTERPRETER);
            }
            return Optional.empty();
        }
        if (own == 0
                && (cause == Termination.CRASH
                        || cause == Termination.PROTOCOL_ERROR
                        || cause == Termination.ILLEGAL_MOVE)
                && misreadOpening(
                        game.variant(),
                        game.opening().stream().map(Move::toString).toList(),
                        quoted(reason),
                        StderrLines.last(game.player(side).stderr()))) {
            return Optional.of(OPENING);
        }
        if (cause == Termination.PROTOCOL_ERROR && reason.contains("which is not a move")) {
            return Optional.of(DEBUG_ON_STDOUT);
        }
        if (cause == Termination.TIME_FORFEIT && own == 0) {
            return Optional.of(FLUSH);
        }
        return Optional.empty();
    }
}
