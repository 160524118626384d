package caissa.arena.sandbox;

import caissa.arena.program.BotCommand;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a command's bots are launched, chosen once for the command (see {@link Parts}): the
 * program alone ({@link DirectLaunching}, portable mode), behind the {@link LaunchScript} that
 * puts it under its limits ({@link PlainLaunching}), or in a bubblewrap sandbox of its own
 * behind that script ({@link BubblewrapLaunching}).
 */
public sealed interface Launching permits DirectLaunching, PlainLaunching, BubblewrapLaunching {

    /**
     * One bot's launch for one game.
     *
     * @param command the bot's command, resolved
     * @param opponent the other bot's command: its own files are hidden from this one
     * @param isolation the game's, with this bot's limits
     * @param environment the run's variables for the bot, on top of its clean base and under its own
     * @param writable folders the command may write besides its scratch folders (a build's output); a root
     *     arena gives them to the bot's own user
     * @param procsFiles the files of the bot's cgroup, which the launch joins first; none without one
     * @throws IOException when a file or folder for the launch cannot be made
     */
    PreparedLaunch prepare(
            BotCommand command,
            BotCommand opponent,
            Isolation isolation,
            Map<String, String> environment,
            List<Path> writable,
            List<Path> procsFiles)
            throws IOException;

    /**
     * Whether a bot launched this way is to be given a session of its own (see {@link
     * LaunchScript}): a plain process is; a sandbox is where no cgroup holds it, since its launch
     * script keeps the terminal's signals from it only where it joins one; a program started alone
     * is not (portable mode has no setsid).
     *
     * @param procsFiles the files of the bot's cgroup, which the launch joins first; none without one
     */
    boolean wantsSession(List<Path> procsFiles);

    /** The kind, as {@code caissa doctor} names it. */
    Host.Launcher kind();

    /** {@code bwrap} or {@code none}, as the game log records it and {@code caissa doctor} prints it. */
    default String word() {
        return kind().word();
    }

    /**
     * Why the bot cannot be given its own files at launch, in one line with the fix; empty when
     * it can (always, outside a sandbox).
     *
     * @param hidden the paths no bot may see (the run's output)
     */
    default Optional<String> visibilityProblem(BotCommand command, List<Path> hidden) {
        return Optional.empty();
    }
}
