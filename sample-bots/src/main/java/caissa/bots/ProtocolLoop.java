package caissa.bots;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The referee protocol of RULES.md section 8, from the bot's side: read a line, answer with a
 * move, flush; stop at {@code end} or at the end of input. Also the arena's {@code opening}
 * line: moves played from the initial position before the game goes on, answered by nothing.
 *
 * <p>It keeps the bot's own clock: the game budget, plus an increment after each reply, minus the
 * time from reading each line to writing the answer (the referee's clock of RULES.md 9 runs from
 * its write to its read, so ours under-counts a little; players keep a margin for that). The
 * first-move allowance is not handed to the player: it pays for the JVM's start-up, which this
 * clock cannot see.
 *
 * <p>A player that throws or answers an illegal move would lose the game at once; the loop then
 * reports the fault on standard error and plays the first legal move instead.
 */
public final class ProtocolLoop {

    private final Variant variant;
    private final Player player;
    private final TimeControl timeControl;
    private final PrintStream diagnostics;
    private final LongSupplier nanoClock;

    public ProtocolLoop(Player player, TimeControl timeControl, PrintStream diagnostics) {
        this(Variant.CAISSA, player, timeControl, diagnostics);
    }

    /** A loop for a game of the given variant (HEXCAISSA.md 8: the referee says which in {@code CAISSA_VARIANT}). */
    public ProtocolLoop(Variant variant, Player player, TimeControl timeControl, PrintStream diagnostics) {
        this(variant, player, timeControl, diagnostics, System::nanoTime);
    }

    /** With a clock of our own choosing, so that tests can tell exactly how much time passed. */
    ProtocolLoop(Player player, TimeControl timeControl, PrintStream diagnostics, LongSupplier nanoClock) {
        this(Variant.CAISSA, player, timeControl, diagnostics, nanoClock);
    }

    ProtocolLoop(
            Variant variant, Player player, TimeControl timeControl, PrintStream diagnostics, LongSupplier nanoClock) {
        this.variant = variant;
        this.player = player;
        this.timeControl = timeControl;
        this.diagnostics = diagnostics;
        this.nanoClock = nanoClock;
    }

    public void run(BufferedReader in, PrintStream out) throws IOException {
        Position position = variant.initial();
        Duration left = timeControl.perGame();
        String line;
        while ((line = in.readLine()) != null) {
            // The referee's clock runs from its write to our reply: start ours as soon as we can.
            long received = nanoClock.getAsLong();
            String text = line.strip().toLowerCase(Locale.ROOT);
            if (text.isEmpty()) {
                continue;
            }
            if (text.equals("end")) {
                return;
            }
            if (text.startsWith("opening ")) {
                // The arena's extension: moves already played from the initial position; no reply.
                for (String move : text.substring("opening ".length()).trim().split("\\s+")) {
                    position = position.play(opponentMove(position, move));
                }
                continue;
            }
            if (!text.equals("start")) {
                position = position.play(opponentMove(position, text));
            }
            Move ours = choose(position, left);
            out.println(ours);
            out.flush();
            position = position.play(ours);
            left = left.minusNanos(nanoClock.getAsLong() - received).plus(timeControl.increment());
        }
    }

    private static Move opponentMove(Position position, String text) throws IOException {
        Move move = position.variant().parseMove(text).orElseThrow(() -> new IOException("not a move: '" + text + "'"));
        if (!position.isLegal(move)) {
            throw new IOException("illegal move from the referee: " + move + " in " + position.toCfn());
        }
        return move;
    }

    private Move choose(Position position, Duration left) {
        try {
            Move move = player.choose(position, left);
            if (move != null && position.isLegal(move)) {
                return move;
            }
            diagnostics.println(
                    "player chose " + move + ", not legal in " + position.toCfn() + "; playing the first legal move");
        } catch (RuntimeException | StackOverflowError e) {
            diagnostics.println("player failed in " + position.toCfn() + ": " + e + "; playing the first legal move");
        }
        List<Move> moves = position.legalMoves();
        return moves.get(0);
    }
}
