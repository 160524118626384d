package caissa.arena.diagnostics;

import caissa.arena.bot.BotHost;
import caissa.arena.bot.Delivery;
import caissa.arena.bot.Reply;
import caissa.arena.game.Entrant;
import caissa.arena.game.Game;
import caissa.arena.game.GameSetup;
import caissa.arena.game.ProcessSeat;
import caissa.arena.game.Seat;
import caissa.arena.game.TimeControl;
import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Before the first game of a run, each bot is started once and must answer {@code start} (after
 * the run's {@code opening} line, if it has one) with a legal move and nothing else. A bot that
 * cannot would lose every game it plays; it is better refused at once, in one line, with its own
 * words.
 *
 * <p>It is started exactly as in a game: through the same {@link ProcessSeat#opener}, with the
 * run's sandbox, limits, hidden folders, user and environment. A bot that cannot start there
 * (a JVM that cannot reserve its heap under the memory limit, a file the sandbox's user cannot
 * read) is refused for that real cause, and no bot ever runs outside its containment.
 */
public final class Preflight {

    private Preflight() {}

    /**
     * Why the bot cannot play a game of this run, or empty when it answered as a game needs.
     *
     * @param setup a game of the run (its variant, time control, opening and isolation); the
     *     bot plays White in it against nobody
     */
    public static Optional<String> problem(GameSetup setup, Entrant entrant) {
        try (BotHost host = BotHost.open()) {
            return problem(setup, entrant, host);
        }
    }

    /** {@link #problem(GameSetup, Entrant)} with the bot started as one of the command's {@code host}. */
    public static Optional<String> problem(GameSetup setup, Entrant entrant, BotHost host) {
        Seat.Opened opened = ProcessSeat.opener(setup.withEntrants(entrant, entrant), host)
                .open(entrant, entrant.name() + "-preflight");
        if (opened instanceof Seat.Opened.Failed failed) {
            return Optional.of("could not be started: " + failed.reason());
        }
        Seat seat = ((Seat.Opened.Ready) opened).seat();
        Optional<String> problem;
        List<String> answers = new ArrayList<>();
        try {
            problem = answer(setup, seat, answers);
            if (problem.isPresent()) {
                // The arena's own launch (its sandbox, its limits) ended before the bot's program ran:
                // the failure and its cause are the arena's, and nothing the bot did explains it.
                Optional<String> launch = seat.launchFailure(Duration.ofMillis(500));
                if (launch.isPresent()) {
                    return Optional.of("could not be started: " + launch.get() + "; hint: " + Hints.ARENA_LAUNCH);
                }
                // A bot killed for going over a limit says so better than by its silence.
                Optional<String> hit = seat.limitHit();
                if (hit.isPresent()) {
                    problem = Optional.of("went over its " + hit.get() + " (" + problem.get() + ")");
                }
            }
        } finally {
            seat.askToEnd();
            seat.awaitEnd(System.nanoTime() + GameSetup.DEFAULT_GRACE.toNanos());
        }
        // A bot that cannot take the opening line fails every game of the run: say how to fix it, when
        // what it did points there.
        boolean misread = Hints.misreadOpening(
                setup.variant(),
                setup.opening().stream().map(Move::toString).toList(),
                answers.stream().findFirst(),
                StderrLines.last(seat.stderr(), 4));
        // Then that hint replaces the one the answer alone suggested (debug output, a missing flush).
        return problem.map(p -> misread
                ? p.replaceFirst("; hint: .*$", "") + stderr(seat) + "; hint: " + Hints.OPENING
                : p + stderr(seat));
    }

    private static Optional<String> answer(GameSetup setup, Seat seat, List<String> answers) {
        Variant variant = setup.variant();
        TimeControl control = setup.timeControl();
        List<Move> opening = setup.opening();
        Position position = variant.initial();
        for (Move move : opening) {
            position = position.play(move);
        }
        String asked = "'start'";
        long firstWait =
                control.firstMoveAllowance().toNanos() + control.perGame().toNanos();
        if (!opening.isEmpty()) {
            seat.send(
                    "opening " + opening.stream().map(Move::toString).collect(Collectors.joining(" ")),
                    System.nanoTime() + firstWait);
            asked = "'start' after the opening line";
        }
        // A bot that exits at once (a missing module) may be gone before 'start' is written, or just
        // after: either way it closed its output before answering, and says so the same way.
        if (!(seat.send("start", System.nanoTime() + firstWait) instanceof Delivery.Written)
                && seat.exitStatus(Duration.ofMillis(500)).isEmpty()) {
            return Optional.of("stopped reading its input before it was asked for a move" + exit(seat));
        }
        long allowed = control.perMove()
                .map(cap -> Math.min(cap.toNanos(), control.perGame().toNanos()))
                .orElse(control.perGame().toNanos());
        Optional<String> first = legalAnswer(
                variant,
                position,
                seat,
                asked,
                allowed + control.firstMoveAllowance().toNanos(),
                answers);
        if (first.isPresent()) {
            return first;
        }
        // Whatever it wrote besides its move is a line it was not asked for (an answer to the
        // opening line, say), which its games would take as a protocol error before its next move.
        Optional<Reply> extra = seat.unasked();
        if (extra.isPresent() && extra.get() instanceof Reply.Line line) {
            return Optional.of("wrote '" + TerminalText.escape(shorten(line.text()))
                    + "' besides its move, before it was" + " asked for another"
                    + (opening.isEmpty() ? "" : " (an answer to the opening line? it needs none)"));
        }
        return Optional.empty();
    }

    /** What is wrong with the bot's answer, or empty when it is a legal move. */
    private static Optional<String> legalAnswer(
            Variant variant, Position position, Seat seat, String asked, long allowedNanos, List<String> answers) {
        Reply reply = seat.read(System.nanoTime() + allowedNanos);
        if (reply instanceof Reply.Line line) {
            answers.add(line.text());
            Optional<Move> move = variant.parseMove(line.text());
            if (move.isPresent() && position.isLegal(move.get())) {
                return Optional.empty();
            }
            return Optional.of(
                    "answered " + asked + " with '" + TerminalText.escape(shorten(line.text())) + "', which is not "
                            + (move.isPresent()
                                    ? "a legal move there"
                                    : "a move like " + variant.moveExample() + "; hint: " + Hints.DEBUG_ON_STDOUT));
        }
        if (reply instanceof Reply.Timeout) {
            return Optional.of(String.format(
                    Locale.ROOT, "did not answer %s within %.3f s; hint: %s", asked, allowedNanos / 1e9, Hints.FLUSH));
        }
        if (reply instanceof Reply.TooLong || reply instanceof Reply.Flood) {
            return Optional.of("answered " + asked + " with more output than a move");
        }
        return Optional.of("closed its output before answering " + asked + exit(seat));
    }

    private static String exit(Seat seat) {
        return seat.exitStatus(Duration.ofMillis(500))
                .map(code -> " (" + Game.exitDescription(code) + ")")
                .orElse("");
    }

    private static String stderr(Seat seat) {
        List<String> lines = StderrLines.last(seat.stderr(), 1);
        return lines.isEmpty() ? "; nothing on its stderr" : "; its stderr ends: " + lines.get(0);
    }

    private static String shorten(String text) {
        return text.length() > 60 ? text.substring(0, 60) + "…" : text;
    }
}
