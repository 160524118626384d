package caissa.arena.testbots;

import java.util.ArrayList;
import java.util.List;

/**
 * Starts a command that a test interrupts with SIGINT as a user's Ctrl-C would. A build run as a
 * background job of a non-interactive shell ({@code mvn verify &} in a script, some CI runners)
 * inherits SIGINT as ignored, every process it starts inherits that too, and a JVM keeps an
 * ignored SIGINT ignored: the arena would never see the signal the test sends. A command typed in
 * a terminal gets SIGINT with its default action, so the test gives its child that, through
 * coreutils' {@code env --default-signal=INT}, which resets it and then runs the command in its
 * place (same process id).
 */
public final class Interruptible {

    private Interruptible() {
    }

    /** {@code argv}, run with SIGINT at its default action however the build was started. */
    public static List<String> command(List<String> argv) {
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT"));
        command.addAll(argv);
        return command;
    }
}
