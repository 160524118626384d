package caissa.arena.game;

import caissa.arena.bot.BotCommand;
import caissa.arena.bot.BotProcess;
import caissa.arena.bot.Reply;
import caissa.arena.bot.SampleBots;
import caissa.arena.diagnostics.Hints;
import caissa.arena.diagnostics.StderrLines;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Before the first game of a run, each bot is started once and must answer {@code start} (after
 * the run's {@code opening} line, if it has one) with a legal move. A bot that cannot would lose
 * every game it plays; it is better refused at once, in one line, with its own words.
 */
public final class Preflight {

    private Preflight() {
    }

    /** Why the bot cannot play a game of this run, or empty when it answered with a legal move. */
    public static Optional<String> problem(Variant variant, Entrant entrant, TimeControl control, List<Move> opening) {
        BotCommand command;
        try {
            command = SampleBots.resolve(entrant.command());
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        Map<String, String> environment = new LinkedHashMap<>(control.environment());
        environment.put(Game.VARIANT_VARIABLE, variant.id());
        BotProcess.Start start = BotProcess.start(command, environment, BotProcess.Limits.DEFAULT,
                entrant.name() + "-preflight");
        if (start instanceof BotProcess.Start.Failed failed) {
            return Optional.of("could not be started: " + failed.reason());
        }
        BotProcess bot = ((BotProcess.Start.Started) start).bot();
        Optional<String> problem;
        try {
            problem = answer(variant, bot, control, opening);
        } finally {
            bot.askToEnd();
            bot.awaitEnd(System.nanoTime() + GameSetup.DEFAULT_GRACE.toNanos());
        }
        // A bot that cannot take the opening line fails every game of the run: say how to fix it.
        return problem.map(p -> p + stderr(bot) + (opening.isEmpty() ? "" : "; hint: " + Hints.OPENING));
    }

    private static Optional<String> answer(Variant variant, BotProcess bot, TimeControl control, List<Move> opening) {
        Position position = variant.initial();
        for (Move move : opening) {
            position = position.play(move);
        }
        String asked = "'start'";
        if (!opening.isEmpty()) {
            bot.send("opening " + opening.stream().map(Move::toString).collect(Collectors.joining(" ")),
                    System.nanoTime() + control.firstMoveAllowance().toNanos() + control.perGame().toNanos());
            asked = "'start' after the opening line";
        }
        if (!(bot.send("start", System.nanoTime() + control.firstMoveAllowance().toNanos() + control.perGame().toNanos())
                instanceof caissa.arena.bot.Delivery.Written)) {
            return Optional.of("stopped reading its input before it was asked for a move" + exit(bot));
        }
        long allowed = control.perMove().map(cap -> Math.min(cap.toNanos(), control.perGame().toNanos()))
                .orElse(control.perGame().toNanos()) + control.firstMoveAllowance().toNanos();
        Reply reply = bot.read(System.nanoTime() + allowed);
        if (reply instanceof Reply.Line line) {
            Optional<Move> move = variant.parseMove(line.text());
            if (move.isPresent() && position.isLegal(move.get())) {
                return Optional.empty();
            }
            return Optional.of("answered " + asked + " with '" + TerminalText.escape(shorten(line.text())) + "', which is not "
                    + (move.isPresent() ? "a legal move there" : "a move like " + variant.moveExample()));
        }
        if (reply instanceof Reply.Timeout) {
            return Optional.of(String.format(Locale.ROOT, "did not answer %s within %.3f s (did it flush its output?)",
                    asked, allowed / 1e9));
        }
        if (reply instanceof Reply.TooLong || reply instanceof Reply.Flood) {
            return Optional.of("answered " + asked + " with more output than a move");
        }
        return Optional.of("closed its output before answering " + asked + exit(bot));
    }

    private static String exit(BotProcess bot) {
        return bot.exitStatus(Duration.ofMillis(500)).map(code -> " (exited with status " + code + ")").orElse("");
    }

    private static String stderr(BotProcess bot) {
        List<String> lines = StderrLines.last(bot.stderr(), 1);
        return lines.isEmpty() ? "; nothing on its stderr" : "; its stderr ends: " + lines.get(0);
    }

    private static String shorten(String text) {
        return text.length() > 60 ? text.substring(0, 60) + "…" : text;
    }
}
