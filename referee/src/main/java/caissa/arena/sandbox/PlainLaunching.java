package caissa.arena.sandbox;

import caissa.arena.program.BotCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The bot as a plain process behind the {@link LaunchScript}. Where the arena runs as root (a
 * container without bubblewrap), the bot runs as an unprivileged user of its own ({@link
 * BotUsers}), as in a sandbox: no capabilities, no way back to root ({@link Bubblewrap#asUser});
 * it can then read only what is open to every user, write only where every user may, and signal
 * no process but its own. The mark that the launch reached the bot's program comes after that
 * change of user, so that a failed change is the arena's, not the bot's.
 *
 * <p>An ordinary user's bot, where no cgroup counts its processes, runs in a user namespace of its
 * own ({@code ownNamespace}, see {@link OwnUserNamespace}) with its process limit set inside, so that
 * the kernel refuses a fork burst at the limit; a namespace that cannot be made fails the launch
 * before its mark, as the arena's failure.
 *
 *
 * <p>Where the system's Python can load it ({@code filterLoader}, see {@link PlainFilter}), the bot
 * gets the sandbox's seccomp filter too: no keyrings, no inotify, no System V shared memory, no
 * space past a file's size, no file locks that reach past it.
 *
 * @param ownNamespace where {@code unshare} is, when each bot gets a user namespace of its own
 * @param filterLoader the Python that loads each bot's seccomp filter; empty for none
 */
public record PlainLaunching(Optional<Path> ownNamespace, Optional<Path> filterLoader) implements Launching {

    public PlainLaunching {
        Objects.requireNonNull(ownNamespace, "ownNamespace");
        Objects.requireNonNull(filterLoader, "filterLoader");
    }

    /** Bots as plain processes of the arena's user, or of a user of their own as root: no namespace, no filter. */
    public PlainLaunching() {
        this(Optional.empty(), Optional.empty());
    }

    @Override
    public PreparedLaunch prepare(
            BotCommand command,
            BotCommand opponent,
            Isolation isolation,
            Map<String, String> environment,
            List<Path> writable,
            List<Path> procsFiles)
            throws IOException {
        Path reached = SandboxFiles.write("reached", new byte[0]);
        boolean root = Containment.isRoot();
        BotUsers.User user = root ? Machine.current().botUsers().claim() : null;
        try {
            for (Path folder : writable) {
                user(folder, user);
            }
            boolean ownNamespace = !root && this.ownNamespace.isPresent();
            List<String> argv = new ArrayList<>();
            if (ownNamespace) {
                argv.addAll(OwnUserNamespace.argv(this.ownNamespace.get()));
            }
            // The filter's file, where a loader can load it (it is written again if its folder went).
            Optional<Path> filter = filterLoader.isPresent() ? KeyringFilter.file() : Optional.empty();
            // The mark comes after the change of user and the loader, where there are any: their
            // failure is the arena's.
            boolean markHere = !root && filter.isEmpty();
            argv.addAll(LaunchScript.argv(
                    isolation.limits(),
                    procsFiles,
                    false,
                    null,
                    reached,
                    markHere,
                    root || ownNamespace,
                    filter.orElse(null)));
            if (root) {
                argv.addAll(Bubblewrap.asUser(user));
            }
            if (filter.isPresent()) {
                argv.addAll(PlainFilter.argv(filterLoader.get()));
            }
            if (!markHere) {
                argv.addAll(Bubblewrap.REACHED);
            }
            argv.addAll(command.argv());
            return new PreparedLaunch(argv, List.of(), null, false, reached, List.of(), user);
        } catch (IOException | RuntimeException e) {
            if (user != null) {
                user.close();
            }
            throw e;
        }
    }

    /** Gives {@code folder} to the bot's user, who must be able to write there (a build's output); nothing without one. */
    static void user(Path folder, BotUsers.User user) throws IOException {
        if (user != null) {
            Files.setAttribute(folder, "unix:uid", user.uid());
            Files.setAttribute(folder, "unix:gid", user.gid());
        }
    }

    /** A plain process leads a session of its own, whether a cgroup holds it or not. */
    @Override
    public boolean wantsSession(List<Path> procsFiles) {
        return true;
    }

    @Override
    public Host.Launcher kind() {
        return Host.Launcher.NONE;
    }

    /**
     * As root the bot runs as a user of its own that owns nothing, who must be able to enter its working folder, reach and run
     * its program, and read the files it names that others can reach: found before the games,
     * with the {@code chmod} that fixes it, rather than as a crash in each game. A named file
     * behind a folder closed to others (a library in root's Maven repository) is left to the
     * program, which may not need it (a JVM skips a class path entry it cannot open); its program
     * and its argument files ({@code java @bot.args}) it cannot do without.
     */
    @Override
    public Optional<String> visibilityProblem(BotCommand command, List<Path> hidden) {
        if (!Containment.isRoot()) {
            return Optional.empty();
        }
        Path cwd = BubblewrapLaunching.workingDir(command);
        if (lacksForOthers(cwd, Set.of(PosixFilePermission.OTHERS_EXECUTE))) {
            return Optional.of("its working folder " + cwd
                    + " cannot be entered by the user bots run as (a user of its own, since the"
                    + " arena runs as root): chmod o+x " + cwd + ", or move the bot to a folder open to all");
        }
        String program = command.argv().get(0);
        Path programFile = program.contains("/") ? cwd.resolve(program).normalize() : null;
        Set<Path> argumentFiles = BubblewrapLaunching.argumentFiles(command, cwd);
        for (Path file : BubblewrapLaunching.namedFiles(command, cwd)) {
            boolean run = file.equals(programFile);
            Optional<Path> closed = closedFolderAbove(file, cwd);
            if (closed.isPresent()) {
                // A JVM skips a class path entry it cannot open, but not its argument file.
                if (!run && !argumentFiles.contains(file)) {
                    continue;
                }
                return Optional.of((run ? "its program " : "its argument file ") + file
                        + " cannot be reached by the user bots run as (a user of its own, since the"
                        + " arena runs as root): " + closed.get() + " is closed to others (chmod o+x " + closed.get()
                        + ", or move the bot to a folder open to all)");
            }
            if (lacksForOthers(
                    file,
                    run
                            ? Set.of(PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_EXECUTE)
                            : Set.of(PosixFilePermission.OTHERS_READ))) {
                return Optional.of("its file " + file + " cannot be " + (run ? "run" : "read")
                        + " by the user bots run as" + " (a user of its own, since the arena runs as root): chmod "
                        + (run ? "o+rx " : "o+r ") + file);
            }
        }
        return Optional.empty();
    }

    /**
     * The first folder above {@code file} that others cannot enter, up to the working folder where
     * the file lies in it (the bot starts there and reaches it from there), else up to the root.
     */
    private static Optional<Path> closedFolderAbove(Path file, Path cwd) {
        for (Path step = file.getParent(); step != null; step = step.getParent()) {
            if (lacksForOthers(step, Set.of(PosixFilePermission.OTHERS_EXECUTE))) {
                return Optional.of(step);
            }
            if (step.equals(cwd)) {
                break;
            }
        }
        return Optional.empty();
    }

    private static boolean lacksForOthers(Path path, Set<PosixFilePermission> needed) {
        try {
            return !Files.getPosixFilePermissions(path).containsAll(needed);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
