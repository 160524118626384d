package caissa.arena.game;

import caissa.arena.program.BotCommand;
import java.util.Objects;

/** A bot taking part in a game: the name it is known by and the command that starts it. */
public record Entrant(String name, BotCommand command) {

    public Entrant {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(command, "command");
    }
}
