package caissa.bots;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;

/**
 * The referee protocol of RULES.md section 8, from the bot's side: read a line, answer with a
 * move, flush; stop at {@code end} or at the end of input.
 */
public final class ProtocolLoop {

    private final Player player;
    private final Duration timePerGame;

    public ProtocolLoop(Player player, Duration timePerGame) {
        this.player = player;
        this.timePerGame = timePerGame;
    }

    public void run(BufferedReader in, PrintStream out) throws IOException {
        Position position = Position.initial();
        Duration used = Duration.ZERO;
        String line;
        while ((line = in.readLine()) != null) {
            // The clock of RULES.md 9 runs from the referee's write to our reply: start it now.
            long received = System.nanoTime();
            String text = line.strip();
            if (text.equals("end")) {
                return;
            }
            if (!text.equals("start")) {
                Move theirs = Move.parse(text).orElseThrow(() -> new IOException("not a move: " + text));
                position = position.play(theirs);
            }
            Move ours = player.choose(position, timePerGame.minus(used));
            out.println(ours);
            out.flush();
            position = position.play(ours);
            used = used.plusNanos(System.nanoTime() - received);
        }
    }
}
