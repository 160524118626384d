package caissa.arena.linux;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Sends SIGSTOP and SIGCONT to a bot's process group, for suspending idle bots where no freezer
 * cgroup does it. Java has no call for either signal, and starting {@code kill} for each would
 * cost the arena a process start twice a ply; instead one small shell, started once, runs its
 * built-in {@code kill} for each request. It answers when it has sent SIGCONT, so the arena knows
 * that a bot it continues can run before its clock starts. A stop is not waited for: the bot it
 * stops has replied and its clock is stopped, and waiting would only cost the game's thread two
 * more wake-ups a ply (a third of its CPU on a machine without cgroups). The shell takes the
 * requests in order, so a stop is sent before the continue that follows it.
 */
public final class Signals implements AutoCloseable {

    private static final Path SH = Path.of("/bin/sh");
    /** Each request: the signal, whether to answer once it is sent (1) or not (0), then the targets, all numbers the arena wrote. */
    private static final String LOOP =
            "while read -r sig ack targets; do kill -s \"$sig\" -- $targets 2>/dev/null; [ \"$ack\" = 0 ] || echo; done";

    private final Process shell;
    private final OutputStream requests;
    private final BufferedReader acks;

    private Signals(Process shell) {
        this.shell = shell;
        this.requests = shell.getOutputStream();
        this.acks = new BufferedReader(new InputStreamReader(shell.getInputStream(), StandardCharsets.US_ASCII));
    }

    /**
     * Starts a signaller, which the command's machine shares between its bots (started on first
     * use, again if its shell died); empty where there is no POSIX shell.
     */
    public static Optional<Signals> start() {
        if (Portable.on() || !Files.isExecutable(SH)) {
            return Optional.empty();
        }
        try {
            ProcessBuilder builder = new ProcessBuilder(SH.toString(), "-c", LOOP);
            builder.redirectError(ProcessBuilder.Redirect.DISCARD);
            return Optional.of(new Signals(builder.start()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Whether its shell still takes requests. */
    public boolean alive() {
        return shell.isAlive();
    }

    /** The command is done with it: its shell reads the end of its requests and exits. */
    @Override
    public synchronized void close() {
        try {
            requests.close();
        } catch (IOException e) {
            shell.destroy();
        }
    }

    /** Stops every process of the group; returns once the request is with the shell, which sends it next. */
    public boolean stop(long group) {
        return send("STOP", group, List.of(), false);
    }

    /**
     * Stops the processes {@code pids}, which left the bot's group (a new session of their own);
     * returns once the signal is sent, so that what they started meanwhile can be looked for.
     */
    public boolean stopEach(Collection<Long> pids) {
        return pids.isEmpty() || send("STOP", 0, pids, true);
    }

    /** Continues every process of the group and the processes {@code pids} outside it; returns once the signals are sent. */
    public boolean resume(long group, Collection<Long> pids) {
        return send("CONT", group, pids, true);
    }

    private synchronized boolean send(String signal, long group, Collection<Long> pids, boolean awaitSent) {
        if (group == 1 || group < 0 || (group == 0 && pids.isEmpty())) {
            throw new IllegalArgumentException("refusing to signal process group " + group);
        }
        long self = ProcessHandle.current().pid();
        StringBuilder targets = new StringBuilder(group > 0 ? "-" + group : "");
        for (long pid : pids) {
            // Never the arena, init, or a number that would name a group or every process.
            if (pid > 1 && pid != self) {
                targets.append(targets.length() == 0 ? "" : " ").append(pid);
            }
        }
        if (targets.length() == 0) {
            return true;
        }
        try {
            requests.write(
                    (signal + " " + (awaitSent ? 1 : 0) + " " + targets + "\n").getBytes(StandardCharsets.US_ASCII));
            requests.flush();
            return !awaitSent || acks.readLine() != null;
        } catch (IOException e) {
            return false;
        }
    }
}
