package caissa.arena.cli;

import caissa.arena.bot.BotCommand;
import caissa.arena.bot.CommandCheck;
import caissa.arena.game.Entrant;

/** Turns a {@code --white CMD} style option into an entrant, refusing commands that cannot start. */
final class BotOption {

    private BotOption() {
    }

    static Entrant entrant(String option, String commandLine, String name) {
        BotCommand command;
        try {
            command = BotCommand.parse(commandLine);
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
        CommandCheck.problem(command).ifPresent(problem -> {
            throw new UsageException(option + ": " + problem);
        });
        return new Entrant(name != null ? name : CommandCheck.defaultName(command), command);
    }
}
