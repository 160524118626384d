package caissa.arena.sandbox;

import caissa.arena.program.BotCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The bot's program and nothing before it: no shell, no limits, no sandbox, no reached mark. The
 * launch of portable mode (see {@link Portable}), where there may be no {@code /bin/sh}.
 */
public record DirectLaunching() implements Launching {

    @Override
    public PreparedLaunch prepare(
            BotCommand command,
            BotCommand opponent,
            Isolation isolation,
            Map<String, String> environment,
            List<Path> writable,
            List<Path> procsFiles) {
        return PreparedLaunch.direct(command.argv());
    }

    /** Portable mode has no setsid: the program is started alone. */
    @Override
    public boolean wantsSession(List<Path> procsFiles) {
        return false;
    }

    @Override
    public Host.Launcher kind() {
        return Host.Launcher.NONE;
    }
}
