package caissa.arena.program;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How to start a bot: the argument list (never split on spaces), an optional working directory
 * and extra environment variables. The first argument may name a bundled sample bot
 * ({@code sample:random}, {@code sample:greedy}, {@code sample:alphabeta}), which
 * {@code caissa.arena.program.SampleBots} turns into a real {@code java} command.
 */
public record BotCommand(List<String> argv, Optional<Path> workingDir, Map<String, String> env) {

    public BotCommand {
        argv = List.copyOf(argv);
        Objects.requireNonNull(workingDir, "workingDir");
        env = Map.copyOf(env);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("a bot command needs at least the program to run");
        }
    }

    public static BotCommand of(List<String> argv) {
        return new BotCommand(argv, Optional.empty(), Map.of());
    }

    public static BotCommand of(String... argv) {
        return of(List.of(argv));
    }

    /** A command typed as one string, split with shell quoting rules (no shell is run). */
    public static BotCommand parse(String commandLine) {
        return of(CommandLineSplitter.split(commandLine));
    }

    /** A short display form: the arguments joined with spaces, quoted where needed. */
    public String display() {
        StringBuilder sb = new StringBuilder();
        for (String arg : argv) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(
                    arg.isEmpty() || arg.chars().anyMatch(c -> Character.isWhitespace(c) || "'\"\\$`".indexOf(c) >= 0)
                            ? "'" + arg.replace("'", "'\\''") + "'"
                            : arg);
        }
        return sb.toString();
    }
}
