package caissa.arena.sandbox;

import caissa.arena.program.BotCommand;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The bot as a plain process behind the {@link LaunchScript}, which marks the launch reached itself. */
public record PlainLaunching() implements Launching {

    @Override
    public PreparedLaunch prepare(BotCommand command, BotCommand opponent, Isolation isolation,
            Map<String, String> environment, List<Path> writable, List<Path> procsFiles) throws IOException {
        Path reached = SandboxFiles.write("reached", new byte[0]);
        List<String> argv = new ArrayList<>(LaunchScript.argv(isolation.limits(), procsFiles, false, null, reached));
        argv.addAll(command.argv());
        return new PreparedLaunch(argv, false, null, false, reached, List.of());
    }

    @Override
    public Host.Launcher kind() {
        return Host.Launcher.PLAIN;
    }
}
