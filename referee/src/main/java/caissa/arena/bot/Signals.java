package caissa.arena.bot;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

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
final class Signals {

    private static final Path SH = Path.of("/bin/sh");
    private static final String LOOP =
            "while read -r sig group; do kill -s \"$sig\" -- \"-$group\" 2>/dev/null; [ \"$sig\" = STOP ] || echo; done";
    private static Signals instance;

    private final Process shell;
    private final OutputStream requests;
    private final BufferedReader acks;

    private Signals(Process shell) {
        this.shell = shell;
        this.requests = shell.getOutputStream();
        this.acks = new BufferedReader(new InputStreamReader(shell.getInputStream(), StandardCharsets.US_ASCII));
    }

    /** The shared signaller, started on first use; empty where there is no POSIX shell. */
    static synchronized java.util.Optional<Signals> shared() {
        if (instance == null || !instance.shell.isAlive()) {
            if (caissa.arena.sandbox.Portable.on() || !Files.isExecutable(SH)) {
                return java.util.Optional.empty();
            }
            try {
                ProcessBuilder builder = new ProcessBuilder(SH.toString(), "-c", LOOP);
                builder.redirectError(ProcessBuilder.Redirect.DISCARD);
                instance = new Signals(builder.start());
            } catch (IOException e) {
                return java.util.Optional.empty();
            }
        }
        return java.util.Optional.of(instance);
    }

    /** Stops every process of the group; returns once the request is with the shell, which sends it next. */
    boolean stop(long group) {
        return send("STOP", group, false);
    }

    /** Continues every process of the group; returns once the signal is sent. */
    boolean resume(long group) {
        return send("CONT", group, true);
    }

    private synchronized boolean send(String signal, long group, boolean awaitSent) {
        if (group <= 1) {
            throw new IllegalArgumentException("refusing to signal process group " + group);
        }
        try {
            requests.write((signal + " " + group + "\n").getBytes(StandardCharsets.US_ASCII));
            requests.flush();
            return !awaitSent || acks.readLine() != null;
        } catch (IOException e) {
            return false;
        }
    }
}
