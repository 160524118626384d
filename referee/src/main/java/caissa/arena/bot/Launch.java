package caissa.arena.bot;

import caissa.arena.linux.ProcessTree;
import caissa.arena.program.BotCommand;
import caissa.arena.program.ProgramLookup;
import caissa.arena.sandbox.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a bot's process, and every program run on a submission (its build), is started: its containment's command (bubblewrap's, or the bot's own
 * behind its limits), a session of its own where the containment does not give it one, the few
 * variables every program needs and none of the arena's others, and its output on a pipe that
 * can be polled where its parts say so (and one can be had).
 */
final class Launch {

    private static final Path SETSID = Path.of("/usr/bin/setsid");

    /** A process started, with the pipe its output comes through when that is polled. */
    record Started(Process process, Optional<SelectablePipe> pipe) {}

    private Launch() {}

    /**
     * Starts {@code command} as its holder says (in its containment, or as a plain process) with
     * the run's variables, marked with {@code marker}; the reason the operating system gives when
     * it cannot.
     */
    static Started start(BotCommand command, Map<String, String> environment, Holder holder, String marker)
            throws IOException {
        ProcessBuilder builder = builder(command, environment, holder, marker);
        Optional<SelectablePipe> pipe =
                holder.output() == Host.Output.POLLED ? SelectablePipe.open() : Optional.empty();
        pipe.ifPresent(p -> builder.redirectOutput(p.childEnd()));
        try {
            return new Started(builder.start(), pipe);
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            pipe.ifPresent(SelectablePipe::close);
            throw new IOException(failureReason(e), e);
        } finally {
            // The child has its copy: the end of output comes when its copies close.
            pipe.ifPresent(SelectablePipe::closeWritingEnd);
        }
    }

    /**
     * Starts a one-shot program on a submission (its build, see {@link ToolProcess}) inside its
     * containment, exactly as a bot: the same command line, session and environment, marked with
     * {@code marker}. Its output and error come on one pipe, in the order written: nobody waits
     * for a reply from it, so nothing is polled.
     */
    static Process startTool(BotCommand command, Holder holder, String marker) throws IOException {
        ProcessBuilder builder = builder(command, Map.of(), holder, marker).redirectErrorStream(true);
        try {
            return builder.start();
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            throw new IOException(failureReason(e), e);
        }
    }

    private static ProcessBuilder builder(
            BotCommand command, Map<String, String> environment, Holder holder, String marker) {
        ProcessBuilder builder = new ProcessBuilder(holder.argv(command));
        command.workingDir().ifPresent(dir -> builder.directory(dir.toFile()));
        // Nothing of the arena's environment but what its wrapping needs: it holds secrets.
        builder.environment().clear();
        builder.environment().putAll(holder.wrapping().base(System.getenv()));
        holder.wrapping().addVariables(builder.environment(), environment, command.env());
        builder.environment().put(ProcessTree.MARKER_VARIABLE, marker);
        return builder;
    }

    /**
     * The command run through {@code setsid}, so that the bot leads a session and process group of
     * its own: a Ctrl-C on the arena's terminal reaches the arena, which stops the games, and not
     * the bots; and the bot with everything it started can be stopped and continued as a group.
     * A child of the arena is never a group leader, so setsid executes the bot in place and the
     * process started is the bot itself.
     */
    static List<String> inOwnSession(BotCommand command) {
        List<String> argv = command.argv();
        // A program that cannot be run is left to Java, whose error names it (setsid would start and fail).
        if (!Files.isExecutable(SETSID)
                || !(ProgramLookup.find(argv.get(0), command.workingDir()) instanceof ProgramLookup.Found.Startable)) {
            return argv;
        }
        List<String> wrapped = new ArrayList<>(argv.size() + 1);
        wrapped.add(SETSID.toString());
        wrapped.addAll(argv);
        return wrapped;
    }

    /** Java says {@code Cannot run program "x": error=2, No such file or directory}: keep the OS's part. */
    private static String failureReason(Exception e) {
        String message = String.valueOf(e.getMessage());
        Throwable cause = e.getCause();
        if (cause != null && cause.getMessage() != null) {
            String os = cause.getMessage().replaceFirst("^error=\\d+, ", "");
            return message.replaceFirst(":.*$", "") + ": " + os;
        }
        return message;
    }
}
