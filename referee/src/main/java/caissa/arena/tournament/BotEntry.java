package caissa.arena.tournament;

import caissa.arena.program.BotCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One bot of a tournament file.
 *
 * @param command the argument list as written (a sample bot stays {@code sample:NAME})
 * @param workingDir the directory the bot runs in, resolved against the tournament file's folder
 */
public record BotEntry(String name, List<String> command, Optional<Path> workingDir, Map<String, String> env) {

    public BotEntry {
        Objects.requireNonNull(name, "name");
        command = List.copyOf(command);
        Objects.requireNonNull(workingDir, "workingDir");
        env = Map.copyOf(env);
    }

    public BotCommand botCommand() {
        return new BotCommand(command, workingDir, env);
    }
}
