package caissa.arena.command;

import caissa.arena.game.Entrant;
import caissa.arena.input.Names;
import caissa.arena.input.Texts;
import caissa.arena.program.BotCommand;
import caissa.arena.program.CommandCheck;

/** Turns a {@code --white CMD} style option into an entrant, refusing commands that cannot start. */
public final class BotOption {

    private BotOption() {}

    public static Entrant entrant(String option, String commandLine, String name) {
        BotCommand command;
        try {
            command = BotCommand.parse(commandLine);
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
        CommandCheck.problem(command).ifPresent(problem -> {
            throw new UsageException(option + ": " + problem);
        });
        return new Entrant(name(option, command, name), command);
    }

    /**
     * The bot's name: the one given (checked like every name, see {@link Names}), else the one
     * taken from its command, which must be a name too.
     */
    public static String name(String option, BotCommand command, String given) {
        return name(option, given, CommandCheck.defaultName(command));
    }

    public static String name(String option, String given, String fromCommand) {
        String nameOption = option.startsWith("--") ? option + "-name" : "--name";
        if (given != null) {
            Names.problem(given).ifPresent(problem -> {
                throw new UsageException(nameOption + ": the name " + problem);
            });
            return given;
        }
        Names.problem(fromCommand).ifPresent(problem -> {
            throw new UsageException(
                    option + ": the name taken from the command, '" + shown(fromCommand) + "', " + problem);
        });
        return fromCommand;
    }

    private static String shown(String text) {
        StringBuilder sb = new StringBuilder();
        text.codePoints()
                .limit(40)
                .forEach(cp -> sb.append(Texts.unprintable(Character.toString(cp))
                        .map(u -> "<" + u + ">")
                        .orElse(Character.toString(cp))));
        return text.codePointCount(0, text.length()) > 40 ? sb + "…" : sb.toString();
    }
}
