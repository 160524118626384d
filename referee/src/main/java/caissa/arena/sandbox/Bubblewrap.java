package caissa.arena.sandbox;

import caissa.arena.linux.Namespaces;
import caissa.arena.linux.Portable;
import caissa.arena.program.ProgramLookup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The bubblewrap command line that puts one bot in a sandbox of its own (see {@link Containment}
 * for what the sandbox holds). Everything is mounted at its own path, so the bot's command runs
 * unchanged inside.
 */
public final class Bubblewrap {

    /** The system, read-only: programs, libraries, configuration. Nothing under /home, /root, /work, /srv, /var. */
    private static final List<String> SYSTEM =
            List.of("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc");
    /** The uid and gid a bot runs as when the arena is root: nobody, who owns nothing. */
    public static final int NOBODY = 65534;

    /**
     * Where a bot writes: {@code /scratch} and {@code /tmp} either as memory file systems of its
     * own (made by bubblewrap, gone with the sandbox: nothing to create, chown or delete, and
     * their contents count against the bot's memory cgroup) or as folders on disk bound there
     * (kept for the organiser, or when no cgroup would count a tmpfs against the bot's memory).
     */
    public record Scratch(Path scratch, Path tmp) {
        /** Memory file systems, gone with the sandbox. */
        public static final Scratch IN_MEMORY = new Scratch(null, null);

        boolean inMemory() {
            return scratch == null;
        }
    }

    private Bubblewrap() {}

    /**
     * The programs the sandbox is built with, by absolute path, found once on the arena's own
     * PATH and in the system's folders: never by name where the bot's environment or folders
     * could choose them. bubblewrap and setpriv run with the arena's privileges (as root, every
     * capability), so a program of the bot's by that name would run as root outside its sandbox.
     */
    static final Path BWRAP = trusted("bwrap");

    static final Path SETPRIV = trusted("setpriv");
    static final Path ENV = trusted("env");

    private static Path trusted(String name) {
        for (String dir : List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin")) {
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return ProgramLookup.onPath(name)
                .map(p -> p.toAbsolutePath().normalize())
                .orElse(Path.of("/usr/bin", name));
    }

    /**
     * The last step of a launch: marks descriptor 5 (see {@link PreparedLaunch#programReached}) and
     * closes it, so that the bot's program, executed next, neither inherits nor can write it.
     */
    static final String REACHED_SCRIPT = "echo reached >&5; exec 5>&-";
    /**
     * Inside the sandbox, after the change of user and before the bot's environment is set: a
     * failure before it (bubblewrap's, setpriv's) is the arena's, one after it the bot's.
     */
    static final List<String> REACHED = List.of("/bin/sh", "-c", REACHED_SCRIPT + "; exec \"$@\"", "caissa-reached");

    /**
     * The same last step for a bot in a user namespace of its own on a kernel that counts
     * processes per namespace ({@link #limitsProcessesInItsNamespace}): it first sets the bot's
     * process limit ({@code RLIMIT_NPROC}), so that the kernel refuses a fork burst once the
     * namespace holds {@code processes} tasks, whatever the organiser's own user runs meanwhile.
     * Set inside, after the namespace was made: the user's count outside is held by the limit the
     * namespace was made with, the organiser's own. A limit that cannot be set is the arena's failure.
     */
    static List<String> reached(long processes) {
        return List.of(
                "/bin/sh",
                "-c",
                // bash and busybox call RLIMIT_NPROC -u, dash -p.
                "{ ulimit -u " + processes + " 2>/dev/null || ulimit -p " + processes + "; } || exit 125; "
                        + REACHED_SCRIPT + "; exec \"$@\"",
                "caissa-reached");
    }

    /**
     * Whether an ordinary user's bot in this bubblewrap has a user namespace of its own whose
     * process count the kernel keeps apart (Linux 5.14 and later): bubblewrap makes one where it
     * is not set-user-ID root, as every current distribution ships it.
     */
    static boolean limitsProcessesInItsNamespace() {
        return Namespaces.countsProcessesPerUserNamespace() && !setUserId(BWRAP);
    }

    private static boolean setUserId(Path program) {
        try {
            return (((Integer) Files.getAttribute(program, "unix:mode")) & 04000) != 0;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * What makes a root arena's bot its own unprivileged user ({@link BotUsers}), sandboxed or
     * not: its user and group, no supplementary groups, no capability in any set (the bounding
     * set too, so that no program it runs gets one back) and {@code no_new_privs}, so that no
     * set-user-ID program makes it root again.
     */
    static List<String> asUser(BotUsers.User user) {
        return List.of(
                SETPRIV.toString(),
                "--reuid=" + user.uid(),
                "--regid=" + user.gid(),
                "--clear-groups",
                "--inh-caps=-all",
                "--bounding-set=-all",
                "--no-new-privs",
                "--");
    }

    /** Whether this bubblewrap takes --size for a memory file system (0.7 and later; tried once per {@link Machine}). */
    static boolean sizedTmpfs() {
        return Machine.current().sizedTmpfs();
    }

    /** Tries whether this bubblewrap takes --size: null when the trial was interrupted. */
    static Boolean triesSizedTmpfs() {
        try {
            Process p = new ProcessBuilder(
                            BWRAP.toString(), "--ro-bind", "/", "/", "--size", "1048576", "--tmpfs", "/tmp", "true")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            p.getOutputStream().close();
            boolean known = p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
            if (p.isAlive()) {
                p.destroyForcibly();
            }
            return known;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Whether bubblewrap can build a sandbox on this machine (tried once per {@link Machine}, with a real run). */
    public static boolean available() {
        return unavailableReason().isEmpty();
    }

    /** Why {@code auto} runs bots without a sandbox here, in a few words; empty when bubblewrap works. */
    public static Optional<String> unavailableReason() {
        return unavailableReason(Machine.current());
    }

    /** The same, as {@code machine} tried it. */
    static Optional<String> unavailableReason(Machine machine) {
        if (Portable.on()) {
            return Optional.of("portable mode (" + Portable.VARIABLE + ", or not Linux): " + Portable.NOT_ENFORCED);
        }
        return machine.bubblewrapProblem();
    }

    /** Runs bubblewrap once for a trial: why it does not work here, or empty. */
    static Optional<String> probe() {
        try {
            Process p = new ProcessBuilder(
                            BWRAP.toString(),
                            "--ro-bind",
                            "/",
                            "/",
                            "--unshare-pid",
                            "--unshare-net",
                            "--die-with-parent",
                            "--new-session",
                            "--proc",
                            "/proc",
                            "--dev",
                            "/dev",
                            "true")
                    .redirectErrorStream(true)
                    .start();
            p.getOutputStream().close();
            String output = new String(p.getInputStream().readNBytes(4096)).strip();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.of("bubblewrap (bwrap) did not finish a trial run");
            }
            return p.exitValue() == 0
                    ? Optional.empty()
                    : Optional.of("bubblewrap (bwrap) does not work here: "
                            + output.lines().findFirst().orElse("exit " + p.exitValue()));
        } catch (IOException e) {
            // Installed but not runnable (no execute permission, a broken file) is not "not installed".
            if (Files.exists(BWRAP)) {
                return Optional.of("bubblewrap is installed (" + BWRAP + ") but cannot run: " + e.getMessage());
            }
            return Optional.of("bubblewrap (bwrap) is not installed (Debian package bubblewrap)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while trying bubblewrap");
        }
    }

    /**
     * The argument list that runs {@code argv} in a sandbox.
     *
     * @param visible the bot's own paths, read-only (its program, its working folder, files named on its command line)
     * @param writable those of the visible paths it may write (a build's output folder); none for a bot
     * @param hidden paths the bot must not see even where they lie inside a visible one
     * @param scratch the bot's writable /scratch (also its HOME) and private /tmp for this game
     * @param cwd where the bot starts, one of the visible folders
     * @param user the user the bot runs as where the arena runs as root; null otherwise
     * @param namespaceProcesses the process limit set inside the bot's own user namespace
     *     ({@link #reached(long)}), or 0 where none is (a root arena's bot: its user's limit holds it)
     */
    static List<String> command(
            List<String> argv,
            Map<String, String> environment,
            Collection<Path> visible,
            Collection<Path> writable,
            Collection<Path> hidden,
            Scratch scratch,
            long scratchBytes,
            Path cwd,
            BotUsers.User user,
            long namespaceProcesses,
            List<String> extraOptions) {
        List<String> cmd = new ArrayList<>(List.of(
                BWRAP.toString(),
                "--die-with-parent",
                "--new-session",
                "--unshare-pid",
                "--unshare-net",
                "--unshare-ipc",
                "--unshare-uts",
                "--unshare-cgroup-try",
                "--hostname",
                "caissa-bot"));
        cmd.addAll(Machine.current().systemMounts());
        cmd.addAll(List.of("--proc", "/proc", "--dev", "/dev"));
        // Each writable place is a memory file system of the scratch limit's size: what a bot writes
        // can neither fill the host's disk nor outgrow its limit (a cgroup counts it as memory too).
        // Writable by the bot whatever user it runs as; sticky as everywhere. /dev/shm is its own.
        // A bubblewrap before 0.7 has no --size: its file systems are then bounded by the watchdog alone.
        List<String> size = sizedTmpfs() ? List.of("--size", Long.toString(scratchBytes)) : List.of();
        cmd.addAll(List.of("--perms", "1777"));
        cmd.addAll(size);
        cmd.addAll(List.of("--tmpfs", "/dev/shm"));
        if (scratch.inMemory()) {
            cmd.addAll(List.of("--perms", "1777"));
            cmd.addAll(size);
            cmd.addAll(List.of("--tmpfs", "/tmp", "--perms", "0777"));
            cmd.addAll(size);
            cmd.addAll(List.of("--tmpfs", "/scratch"));
        } else {
            cmd.addAll(List.of(
                    "--bind",
                    scratch.tmp().toString(),
                    "/tmp",
                    "--bind",
                    scratch.scratch().toString(),
                    "/scratch"));
        }
        Set<Path> made = new HashSet<>();
        for (Path path : visible) {
            // bubblewrap makes missing parent folders readable by their owner only: nobody could not reach the path.
            for (Path parent = path.getParent();
                    parent != null && parent.getParent() != null;
                    parent = parent.getParent()) {
                made.add(parent);
            }
        }
        made.stream()
                .sorted(Comparator.comparingInt(Path::getNameCount))
                .forEach(dir -> cmd.addAll(List.of("--perms", "0755", "--dir", dir.toString())));
        for (Path path : visible) {
            cmd.addAll(List.of(writable.contains(path) ? "--bind" : "--ro-bind", path.toString(), path.toString()));
        }
        // Mounted last, so that the hidden part wins where it overlaps a visible one.
        for (Path path : hidden) {
            if (Files.isDirectory(path)) {
                cmd.addAll(List.of("--tmpfs", path.toString(), "--remount-ro", path.toString()));
            } else if (Files.exists(path)) {
                cmd.addAll(List.of("--ro-bind", "/dev/null", path.toString()));
            }
        }
        // A working folder not shown whole (/tmp, a home folder) is still where the bot starts.
        if (visible.stream().noneMatch(cwd::startsWith)) {
            cmd.addAll(List.of("--perms", "0755", "--dir", cwd.toString()));
        }
        // The launcher opens the keyring filter as file descriptor 3 (see LaunchScript).
        KeyringFilter.file().ifPresent(filter -> cmd.addAll(List.of("--seccomp", "3")));
        cmd.addAll(extraOptions);
        cmd.addAll(List.of("--remount-ro", "/", "--chdir", cwd.toString(), "--"));
        if (user != null) {
            cmd.addAll(asUser(user));
        }
        cmd.addAll(namespaceProcesses > 0 ? reached(namespaceProcesses) : REACHED);
        // The bot's environment is set last, by env after the change of user: bubblewrap and
        // setpriv run with the arena's own (an LD_PRELOAD of the bot's would run as root there).
        Map<String, String> own = new TreeMap<>(environment);
        own.putAll(Map.of("HOME", "/scratch", "TMPDIR", "/tmp", "CAISSA_SCRATCH", "/scratch"));
        cmd.addAll(List.of(ENV.toString(), "-i"));
        own.forEach((name, value) -> cmd.add(name + "=" + value));
        cmd.addAll(argv);
        return cmd;
    }

    /** The system part of every sandbox's command line, the same for every bot. */
    static List<String> lookUpSystemMounts() {
        List<String> cmd = new ArrayList<>();
        for (String dir : SYSTEM) {
            Path path = Path.of(dir);
            if (Files.isSymbolicLink(path)) {
                try {
                    cmd.addAll(List.of("--symlink", Files.readSymbolicLink(path).toString(), dir));
                } catch (IOException e) {
                    // Unreadable link: leave it out.
                }
            } else if (Files.isDirectory(path)) {
                cmd.addAll(List.of("--ro-bind", dir, dir));
            }
        }
        return List.copyOf(cmd);
    }
}
