package caissa.arena.sandbox;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What runs before the bot (or its sandbox) to put it under its limits: one shell that joins
 * the bot's cgroup, if it has one, before anything else runs (so that no child starts
 * outside it), sets the open-file and file-size rlimits with its built-in {@code ulimit}
 * (soft and hard: the bot cannot raise them; both count only the process itself, never the
 * user's other processes), then executes the rest in place: one program start where {@code
 * prlimit} would be a second. Memory and processes are the cgroup's, or else the {@link
 * LimitWatchdog}'s: never an address-space or process-count rlimit, which would stop a JVM
 * before it starts and count every process of the user.
 *
 * <p>A sandbox leads a session of its own ({@code --new-session}) but bubblewrap's outer
 * process does not: with a cgroup, the shell makes it ignore SIGINT, SIGQUIT, SIGTERM and SIGHUP
 * (ignored signals stay ignored across exec), so that Ctrl-C, a signal to the arena's process
 * group or a closed terminal stops the arena, which then ends the games, and never the bots
 * first (a bot killed first would be recorded as crashed). The arena ends bots with SIGKILL. A
 * plain process, or a sandbox without a cgroup, gets a session of its own instead (see {@link
 * Containment#wantsSession()}).
 *
 * <p>It opens {@code reached} as descriptor 5 for the last step before the bot's program,
 * which writes a mark there, closes it and executes the program (see {@link
 * PreparedLaunch#programReached}): the script itself for a plain process, {@link
 * Bubblewrap#REACHED} inside a sandbox.
 */
final class LaunchScript {

    private LaunchScript() {}

    /**
     * The script's command line, up to the {@code --} after which the bot's (or bubblewrap's)
     * command follows.
     *
     * @param procsFiles the files of the bot's cgroup it joins; none without one
     * @param options bubblewrap's options file, read on descriptor 4; null for a plain process
     */
    static List<String> argv(
            ResourceLimits limits, List<Path> procsFiles, boolean sandbox, Path options, Path reached) {
        return argv(limits, procsFiles, sandbox, options, reached, !sandbox, false);
    }

    /**
     * The same, with the mark of the reached program left to a later step ({@code markHere}
     * false) where something of the arena's still runs after the script: the sandbox, or the
     * change of user of a root arena's plain bot ({@link PlainLaunching}).
     *
     * @param ownUser whether the bot's processes are counted apart: it runs as a user of its own
     *     ({@link BotUsers}), or in a user namespace of its own ({@link OwnUserNamespace}). Then its
     *     process limit is also its {@code RLIMIT_NPROC}, one above the limit, so that the kernel
     *     itself stops a fork burst where the watchdog sees the bot over its limit (root, which
     *     runs the script and bubblewrap, is not held by it; the bot is, from its change of user on)
     */
    static List<String> argv(
            ResourceLimits limits,
            List<Path> procsFiles,
            boolean sandbox,
            Path options,
            Path reached,
            boolean markHere,
            boolean ownUser) {
        return argv(
                limits,
                procsFiles,
                sandbox,
                options,
                reached,
                markHere,
                ownUser,
                sandbox ? KeyringFilter.file().orElse(null) : null);
    }

    /**
     * The same, with the seccomp filter's file opened as descriptor 3 for a later step that loads
     * it: bubblewrap, or a plain bot's loader ({@link PlainFilter}); null for none.
     */
    static List<String> argv(
            ResourceLimits limits,
            List<Path> procsFiles,
            boolean sandbox,
            Path options,
            Path reached,
            boolean markHere,
            boolean ownUser,
            Path filterFile) {
        // ulimit -f counts 512-byte blocks: the limit is rounded up to the next block.
        long bytes = limits.fileSizeBytes();
        String blocks = bytes > Long.MAX_VALUE - 511 ? "unlimited" : Long.toString((bytes + 511) / 512);
        // bubblewrap (or a plain bot's loader) reads the seccomp filter (see KeyringFilter), and
        // bubblewrap its options (see BubblewrapLaunching), from descriptors 3 and 4: the files'
        // paths come as the first two arguments, never inside the script, whatever characters the
        // temporary folder's name holds.
        String filter = filterFile == null ? "" : filterFile.toString();
        List<String> argv = new ArrayList<>(List.of(
                "/bin/sh",
                "-c",
                (sandbox && !procsFiles.isEmpty() ? "trap '' INT QUIT TERM HUP; " : "")
                        + "if [ -n \"$1\" ]; then exec 3<\"$1\" || exit 125; fi; "
                        + "if [ -n \"$2\" ]; then exec 4<\"$2\" || exit 125; fi; exec 5>>\"$3\" || exit 125; shift 3; "
                        + "while [ \"$1\" != -- ]; do echo $$ > \"$1\" || exit 125; shift; done; shift; "
                        + "ulimit -n " + limits.openFiles() + " && ulimit -f " + blocks + " || exit 125; "
                        // bash and busybox call RLIMIT_NPROC -u, dash -p.
                        + (ownUser
                                ? "{ ulimit -u " + nproc(limits) + " 2>/dev/null || ulimit -p " + nproc(limits)
                                        + "; } || exit 125; "
                                : "")
                        + (markHere ? Bubblewrap.REACHED_SCRIPT + "; " : "") + "exec \"$@\"",
                "caissa-launcher",
                filter,
                options == null ? "" : options.toString(),
                reached.toString()));
        procsFiles.forEach(f -> argv.add(f.toString()));
        argv.add("--");
        return argv;
    }

    /** The bot's user's process limit: one past its own, where it is over it. */
    static long nproc(ResourceLimits limits) {
        return limits.processes() + 1L;
    }
}
