package caissa.arena.sandbox;

import caissa.arena.program.BotCommand;
import caissa.arena.program.ProgramLookup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Everything that holds one bot in one game, from before its start to after its end.
 *
 * <p>With {@code bwrap}, its process tree gets its own PID namespace (it sees and signals only
 * its own processes, and all of them die with the namespace), its own network namespace (no
 * network, not even the other bot over loopback), a new session (no terminal to inject keys
 * into), the system read-only, its own program, working folder and the files its command names
 * read-only, a private writable {@code /scratch} and {@code /tmp} for this game, and no view of
 * the hidden paths (the arena's output, the other bot's files) even inside its own folders. When
 * the arena runs as root, the bot runs as nobody.
 *
 * <p>Always (with or without the sandbox), its limits: a cgroup where the machine offers one
 * (memory and processes for the whole tree), a {@link LimitWatchdog} otherwise; open files and
 * file size are rlimits in both cases.
 */
public final class Containment {

    private static final Set<String> SYSTEM_PREFIXES = Set.of("/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/etc/");

    private final List<String> argv;
    private final Optional<BotCgroup> cgroup;
    /** Set by {@link #close}, when the cgroup is given back (guarded by this). */
    private boolean closed;
    private final Path scratchRoot;
    private final boolean sandboxed;
    private final Isolation isolation;
    /** bubblewrap's options, handed to it as a file (see {@link #prepare}); null outside a sandbox. Deleted at {@link #close}. */
    private Path optionsFile;
    /**
     * Written by the launch's last step just before it executes the bot's own program (see {@link
     * #launcher}); null where nothing launches the bot but the program itself. Deleted at {@link #close}.
     */
    private Path reachedFile;
    /** Where no cgroup holds the bot: what watches its limits once it runs (see {@link #watch}); null before. */
    private LimitWatchdog watchdog;

    private Containment(List<String> argv, Optional<BotCgroup> cgroup, Path scratchRoot, boolean sandboxed,
            Isolation isolation) {
        this.argv = List.copyOf(argv);
        this.cgroup = cgroup;
        this.scratchRoot = scratchRoot;
        this.sandboxed = sandboxed;
        this.isolation = isolation;
    }

    /**
     * Prepares the containment of {@code command} (already resolved) for one game.
     *
     * @param opponent the other bot's command: its own files are hidden from this one
     * @throws IOException when the scratch folder cannot be made
     */
    public static Containment prepare(BotCommand command, BotCommand opponent, Isolation isolation, String bot)
            throws IOException {
        return prepare(command, opponent, isolation, bot, java.util.Map.of(), List.of());
    }

    /**
     * Prepares the containment of {@code command} for one game, with the run's variables for the
     * bot ({@code environment}: the clock, the variant) on top of its clean base and its own.
     */
    public static Containment prepare(BotCommand command, BotCommand opponent, Isolation isolation, String bot,
            java.util.Map<String, String> environment) throws IOException {
        return prepare(command, opponent, isolation, bot, environment, List.of());
    }

    /**
     * Prepares the containment of a one-shot command that runs on a submission, such as its
     * build: the same sandbox and limits as a bot, with {@code writable} (its output folder) the
     * only place it may write besides its scratch folders.
     */
    public static Containment prepareTool(BotCommand command, Path writable, Isolation isolation, String name)
            throws IOException {
        Path folder = writable.toAbsolutePath().normalize();
        if (isolation.resolved().sandbox() == SandboxMode.BWRAP && isRoot()) {
            Files.setAttribute(folder, "unix:uid", Bubblewrap.NOBODY);
            Files.setAttribute(folder, "unix:gid", Bubblewrap.NOBODY);
        }
        return prepare(command, command, isolation, name, java.util.Map.of(), List.of(folder));
    }

    private static Containment prepare(BotCommand command, BotCommand opponent, Isolation isolation, String bot,
            java.util.Map<String, String> environment, List<Path> writable) throws IOException {
        Isolation resolved = isolation.resolved();
        resolved = resolved.withLimits(resolved.limitsFor(bot));
        if (Portable.on()) {
            // Nothing but the program itself: no shell, no cgroup, no sandbox (see Portable).
            return new Containment(command.argv(), Optional.empty(), null, false, resolved);
        }
        Optional<BotCgroup> cgroup = BotCgroup.acquire(resolved.limits());
        boolean sandbox = resolved.sandbox() == SandboxMode.BWRAP;
        if (!sandbox) {
            Path reached = SandboxFiles.write("reached", new byte[0]);
            List<String> argv = new ArrayList<>(launcher(resolved.limits(), cgroup, false, null, reached));
            argv.addAll(command.argv());
            Containment plain = new Containment(argv, cgroup, null, false, resolved);
            plain.reachedFile = reached;
            return plain;
        }
        Path cwd = workingDir(command);
        Set<Path> visible = visiblePaths(command, cwd);
        visible.removeIf(v -> writable.stream().anyMatch(w -> v.startsWith(w) && !v.equals(w)));
        visible.addAll(writable);
        Set<Path> hidden = new LinkedHashSet<>();
        for (Path path : outermost(resolved.hidden())) {
            // Inside a visible folder, or around one: the hidden part wins where they overlap.
            if (insideAny(path, visible) || visible.stream().anyMatch(v -> v.startsWith(path))) {
                hidden.add(path);
            }
        }
        Set<Path> theirs = new LinkedHashSet<>(visiblePaths(opponent, workingDir(opponent)));
        // Their own files too: where both bots live in one folder, the folder is shown and their files are not.
        theirs.addAll(namedFiles(opponent, workingDir(opponent)));
        // Ours as the command names them, before folders inside others were left to those: a class
        // path or a library both bots name is theirs and ours, and stays visible to both.
        Set<Path> ours = new LinkedHashSet<>(namedFiles(command, cwd));
        ours.addAll(ownPaths(command, cwd));
        for (Path path : theirs) {
            // Inside ours, unless they are ours too (the same program in self-play) or hold ours.
            if (insideAny(path, visible) && !visible.contains(path) && !ours.contains(path)
                    && visible.stream().noneMatch(v -> v.startsWith(path)) && ours.stream().noneMatch(o -> o.startsWith(path))) {
                hidden.add(path);
            }
        }
        boolean root = isRoot();
        Path scratchRoot = null;
        Bubblewrap.Scratch scratch = Bubblewrap.Scratch.IN_MEMORY;
        // In memory (of a bounded size, see Bubblewrap) unless the organiser keeps the folders.
        if (resolved.keepScratch()) {
            scratchRoot = Files.createTempDirectory("caissa-sandbox-");
            scratch = new Bubblewrap.Scratch(Files.createDirectory(scratchRoot.resolve("scratch")),
                    Files.createDirectory(scratchRoot.resolve("tmp")));
            Files.setPosixFilePermissions(scratchRoot, PosixFilePermissions.fromString("rwx------"));
            if (root) {
                for (Path dir : List.of(scratch.scratch(), scratch.tmp())) {
                    Files.setAttribute(dir, "unix:uid", Bubblewrap.NOBODY);
                    Files.setAttribute(dir, "unix:gid", Bubblewrap.NOBODY);
                }
            }
        }
        java.util.Map<String, String> botEnvironment = new java.util.LinkedHashMap<>(
                caissa.arena.program.BotEnvironment.base(System.getenv()));
        botEnvironment.putAll(environment);
        botEnvironment.putAll(command.env());
        List<String> sandboxed = Bubblewrap.command(command.argv(), botEnvironment, visible, writable,
                outermost(List.copyOf(hidden)), scratch,
                resolved.limits().scratchBytes(), cwd, root);
        // The sandbox's options reach bubblewrap through a file, not its command line: its command
        // line is the sandbox's /proc/1/cmdline, where the bot would read the hidden paths and the
        // other bot's files. Only the bot's own command stays there.
        int end = sandboxed.indexOf("--");
        Path options = SandboxFiles.write("bwrap-options", String.join("\0", sandboxed.subList(1, end)).concat("\0")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Path reached = SandboxFiles.write("reached", new byte[0]);
        List<String> argv = new ArrayList<>(launcher(resolved.limits(), cgroup, true, options, reached));
        argv.addAll(List.of(sandboxed.get(0), "--args", "4"));
        argv.addAll(sandboxed.subList(end, sandboxed.size()));
        Containment containment = new Containment(argv, cgroup, scratchRoot, true, resolved);
        containment.optionsFile = options;
        containment.reachedFile = reached;
        return containment;
    }

    /**
     * Why the program cannot be started, in the words the operating system would use, found
     * before the launcher and the sandbox run it (they would start, and the bot would only
     * seem to crash). Empty when it can be started, as far as a check can tell.
     */
    public static Optional<String> startProblem(BotCommand command) {
        String program = command.argv().get(0);
        String prefix = "Cannot run program \"" + program + "\"" + (command.workingDir().isPresent()
                ? " (in directory \"" + workingDir(command) + "\")" : "") + ": ";
        ProgramLookup.Found found = ProgramLookup.find(program, command.workingDir());
        if (found instanceof ProgramLookup.Found.Startable) {
            return Optional.empty();
        }
        // A script whose interpreter is missing cannot be started either (the kernel says ENOENT).
        return Optional.of(prefix + (found instanceof ProgramLookup.Found.NotExecutable ? "Permission denied"
                : "No such file or directory"));
    }

    /** The command that starts the bot inside all of this. */
    public List<String> argv() {
        return argv;
    }

    /**
     * Whether the launch got as far as the bot's own program: its last step marks a file just
     * before it executes the program (see {@link #launcher}), on a descriptor it closes first, so
     * the bot does not inherit it; in a sandbox it cannot see the file either (without one it runs
     * as the arena's user, who could). A launch that ended without the mark failed
     * in the arena's own layer (the launcher, bubblewrap, setpriv): the bot never ran. True where
     * nothing but the program is started (portable mode), and once the file is gone.
     */
    public boolean programReached() {
        if (reachedFile == null) {
            return true;
        }
        try {
            return Files.size(reachedFile) > 0;
        } catch (IOException e) {
            return true;
        }
    }

    /** Whether the bot runs in a bubblewrap sandbox (rather than as a plain process with limits). */
    public boolean sandboxed() {
        return sandboxed;
    }

    /**
     * The bot's cgroup, when the machine offers cgroups: freeze, thaw and CPU time for the arena's
     * clocks. Empty once {@link #close}d: the group may then be another bot's.
     */
    public synchronized Optional<BotCgroup> cgroup() {
        return closed ? Optional.empty() : cgroup;
    }

    /**
     * Starts watching the bot from the process the arena started ({@link LimitWatchdog}): its
     * memory and processes where no cgroup holds them, and its sandbox's writable places.
     */
    public synchronized void watch(ProcessHandle started) {
        // A sandbox's memory file systems are watched for a full one, with or without a cgroup.
        List<String> scratch = sandboxed && scratchRoot == null ? List.of("/scratch", "/tmp", "/dev/shm")
                : sandboxed ? List.of("/dev/shm") : List.of();
        // Kept scratch folders are on disk: their contents are added up against the same limit.
        java.util.Map<String, Path> kept = sandboxed && scratchRoot != null
                ? java.util.Map.of("/scratch", scratchRoot.resolve("scratch"), "/tmp", scratchRoot.resolve("tmp")) : java.util.Map.of();
        if ((cgroup.isEmpty() || !scratch.isEmpty()) && watchdog == null && !closed && Portable.procAvailable()) {
            watchdog = LimitWatchdog.watch(started.pid(), isolation.limits(), cgroup.isEmpty(), scratch, kept);
        }
    }

    /** The limit the bot went over during the game, in words with its figure; empty when none. */
    public Optional<String> limitHit(Optional<Integer> exitCode) {
        Optional<String> hit = cgroup().flatMap(BotCgroup::limitHit);
        if (hit.isPresent()) {
            return hit;
        }
        LimitWatchdog watching;
        synchronized (this) {
            watching = watchdog;
        }
        if (watching != null && (hit = watching.lookNow()).isPresent()) {
            return hit;
        }
        // SIGXFSZ: a write past the file size limit kills the writer unless it handles the signal.
        if (exitCode.isPresent() && exitCode.get() == 128 + 25) {
            return Optional.of("file size limit of " + ResourceLimits.bytes(isolation.limits().fileSizeBytes()));
        }
        return Optional.empty();
    }

    /**
     * Kills whatever is still in the bot's cgroup; returns how many processes that was. Nothing
     * once {@link #close}d, and never at the same time as the close: a late kill (of a write
     * that was stuck, or at the arena's exit) must not reach the next bot given the group.
     */
    public synchronized int killAll() {
        return closed ? 0 : cgroup.map(BotCgroup::killAll).orElse(0);
    }

    /**
     * After a bot that exited by itself: what of it is still running a moment later, killed. The
     * moment lets the sandbox's own init finish exiting, so that it is not counted as left behind.
     */
    public int killLeftovers() {
        cgroup().ifPresent(group -> group.awaitEmpty(100));
        return killAll();
    }

    /**
     * After the game: no process left, the cgroup given back (from then on this containment
     * does nothing to it), the scratch folder deleted unless it is to be kept.
     */
    public void close() {
        synchronized (this) {
            if (!closed) {
                closed = true;
                if (watchdog != null) {
                    watchdog.close();
                }
                cgroup.ifPresent(group -> {
                    group.killAll();
                    group.release();
                });
            }
        }
        if (scratchRoot != null && !isolation.keepScratch()) {
            deleteTree(scratchRoot);
        }
        for (Path file : java.util.Arrays.asList(optionsFile, reachedFile)) {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    // Removed with its folder when the arena exits.
                }
            }
        }
    }

    /**
     * What holds the bot, for its game log; how it is suspended, ended and read are filled in by
     * its process ({@link SandboxRecord#with}).
     */
    public SandboxRecord record() {
        if (Portable.on()) {
            return new SandboxRecord("none", "none", isolation.limits(), null, "none", "process-tree", null);
        }
        return new SandboxRecord(sandboxed ? "bwrap" : "none", cgroup.map(BotCgroup::kind).orElse(Portable.procAvailable() ? "watchdog" : "none"),
                isolation.limits(), scratchRoot != null && isolation.keepScratch() ? scratchRoot.toString() : null,
                cgroup.isPresent() ? "freezer" : "signals", cgroup.isPresent() ? "cgroup" : sandboxed ? "pid-namespace"
                        : "process-tree", null);
    }

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
     * process does not: the shell makes it ignore SIGINT, SIGQUIT, SIGTERM and SIGHUP (ignored
     * signals stay ignored across exec), so that Ctrl-C, a signal to the arena's process group
     * or a closed terminal stops the arena, which then ends the games, and never the bots first
     * (a bot killed first would be recorded as crashed). The arena ends bots with SIGKILL. A
     * plain process, or a sandbox without a cgroup, gets a session of its own instead (see
     * {@link #ownSession()}).
     *
     * <p>It opens {@code reached} as descriptor 5 for the last step before the bot's program,
     * which writes a mark there, closes it and executes the program (see {@link #programReached}):
     * the launcher itself for a plain process, {@link Bubblewrap#REACHED} inside a sandbox.
     */
    private static List<String> launcher(ResourceLimits limits, Optional<BotCgroup> cgroup, boolean sandbox, Path options,
            Path reached) {
        // ulimit -f counts 512-byte blocks: the limit is rounded up to the next block.
        long bytes = limits.fileSizeBytes();
        String blocks = bytes > Long.MAX_VALUE - 511 ? "unlimited" : Long.toString((bytes + 511) / 512);
        // bubblewrap reads a sandbox's seccomp filter (see KeyringFilter) and its options (see
        // prepare) from descriptors 3 and 4: the files' paths come as the first two arguments,
        // never inside the script, whatever characters the temporary folder's name holds.
        String filter = sandbox ? KeyringFilter.file().map(Path::toString).orElse("") : "";
        List<String> argv = new ArrayList<>(List.of("/bin/sh", "-c",
                (sandbox && cgroup.isPresent() ? "trap '' INT QUIT TERM HUP; " : "")
                        + "if [ -n \"$1\" ]; then exec 3<\"$1\" || exit 125; fi; "
                        + "if [ -n \"$2\" ]; then exec 4<\"$2\" || exit 125; fi; exec 5>>\"$3\" || exit 125; shift 3; "
                        + "while [ \"$1\" != -- ]; do echo $$ > \"$1\" || exit 125; shift; done; shift; "
                        + "ulimit -n " + limits.openFiles() + " && ulimit -f " + blocks + " || exit 125; "
                        + (sandbox ? "" : Bubblewrap.REACHED_SCRIPT + "; ") + "exec \"$@\"",
                "caissa-launcher", filter, options == null ? "" : options.toString(), reached.toString()));
        cgroup.ifPresent(group -> group.procsFiles().forEach(f -> argv.add(f.toString())));
        argv.add("--");
        return argv;
    }

    /**
     * Whether the launcher already keeps the terminal's signals from the bot, so that it needs
     * no session of its own around it: a sandbox with a cgroup (see {@link #launcher}).
     */
    public boolean ownSession() {
        return sandboxed && cgroup.isPresent();
    }

    private static Path workingDir(BotCommand command) {
        return command.workingDir().map(p -> p.toAbsolutePath().normalize())
                .orElse(Path.of("").toAbsolutePath().normalize());
    }

    /**
     * What the bot may read: its working folder, its program's folder, and the folder of every
     * existing file its command line names (a script and the modules beside it, a jar and its
     * data files, each entry of a class path), outside the system folders that are mounted
     * anyway. A named folder is visible itself. A file whose folder must not be shown whole (the
     * file system's root, {@code /tmp}, the home folder) is visible alone. Folders inside another
     * visible folder are left to it.
     */
    static Set<Path> visiblePaths(BotCommand command, Path cwd) {
        Set<Path> visible = new LinkedHashSet<>();
        ownPaths(command, cwd).stream().filter(p -> p.getParent() != null && !system(p))
                .sorted(Comparator.comparingInt(Path::getNameCount)).forEach(p -> {
                    if (visible.stream().noneMatch(p::startsWith)) {
                        visible.add(p);
                    }
                });
        return visible;
    }

    /**
     * Every path the bot's command makes its own, before the folders inside others are left to
     * them: its working folder, its program's folder, each folder it names and the folder of each
     * file it names (or the file, see {@link #folderOf}).
     */
    private static List<Path> ownPaths(BotCommand command, Path cwd) {
        List<Path> candidates = new ArrayList<>();
        // A bot started in /, /tmp or a home folder starts there, but sees only what it names in it.
        if (!neverWhole(cwd)) {
            candidates.add(cwd);
        }
        String program = command.argv().get(0);
        if (program.contains("/")) {
            candidates.add(folderOf(cwd.resolve(program).normalize()));
        }
        for (String arg : command.argv().subList(1, command.argv().size())) {
            if (arg.startsWith("-") || arg.isEmpty()) {
                continue;
            }
            for (String part : arg.split(":")) {
                if (part.isEmpty()) {
                    continue;
                }
                try {
                    Path path = cwd.resolve(part).normalize();
                    if (Files.isDirectory(path)) {
                        if (!neverWhole(path)) {
                            candidates.add(path);
                        }
                    } else if (Files.exists(path)) {
                        candidates.add(folderOf(path));
                    }
                } catch (java.nio.file.InvalidPathException e) {
                    // Not a path.
                }
            }
        }
        return candidates;
    }

    /** The existing files (not folders) that the bot's command line names: its program and its scripts, jars, data. */
    static Set<Path> namedFiles(BotCommand command, Path cwd) {
        Set<Path> files = new LinkedHashSet<>();
        List<String> argv = command.argv();
        for (int i = 0; i < argv.size(); i++) {
            String arg = argv.get(i);
            if ((i == 0 && !arg.contains("/")) || arg.startsWith("-") || arg.isEmpty()) {
                continue;
            }
            for (String part : arg.split(":")) {
                try {
                    Path path = cwd.resolve(part).normalize();
                    if (!part.isEmpty() && Files.isRegularFile(path) && !system(path)) {
                        files.add(path);
                    }
                } catch (java.nio.file.InvalidPathException e) {
                    // Not a path.
                }
            }
        }
        return files;
    }

    /** Folders a bot never sees whole for one file in them: the sandbox's own mount points and the home folder. */
    private static final Set<Path> NEVER_WHOLE = Set.of(Path.of("/"), Path.of("/tmp"), Path.of("/scratch"), Path.of("/proc"),
            Path.of("/dev"), Path.of("/root"), Path.of("/home"));

    /**
     * The folder of a bot's file, or the file alone where that folder must not be shown whole, or
     * cannot be: a root arena runs bots as nobody, who could not enter a folder closed to others
     * (a Maven repository's), while a file bound alone is reached through folders the sandbox makes.
     */
    private static Path folderOf(Path file) {
        Path folder = file.getParent();
        if (folder == null || neverWhole(folder) || (isRoot() && lacks(folder, "r-x"))) {
            return file;
        }
        return folder;
    }

    /** A folder a sandbox never shows whole: one of its own mount points, or a home folder (keys, tokens, histories). */
    private static boolean neverWhole(Path folder) {
        return NEVER_WHOLE.contains(folder) || folder.equals(home())
                || folder.getParent() != null && folder.getParent().equals(Path.of("/home"));
    }

    private static Path home() {
        String home = System.getProperty("user.home");
        return home == null || home.isBlank() ? Path.of("/") : Path.of(home).toAbsolutePath().normalize();
    }

    /**
     * Why the bot cannot be given its own files in its sandbox, in one line with the fix; empty
     * when it can. A file or folder of the bot's that lies inside a folder no bot may see (the
     * run's output) would be hidden from it, and it would fail in every game for no reason it
     * could tell. As root, the bot runs as nobody: each of its files must be open to all.
     */
    public static Optional<String> visibilityProblem(BotCommand command, Isolation isolation) {
        Isolation resolved = isolation.resolved();
        if (resolved.sandbox() != SandboxMode.BWRAP) {
            return Optional.empty();
        }
        Path cwd = workingDir(command);
        Set<Path> visible = visiblePaths(command, cwd);
        for (Path own : visible) {
            for (Path hidden : resolved.hidden()) {
                if (own.startsWith(hidden) && !own.equals(cwd)) {
                    return Optional.of("its file " + own + " lies inside " + hidden + ", which no bot may see (the run's"
                            + " output): move the bot out of it, or write the output elsewhere (--out)");
                }
            }
        }
        if (!isRoot()) {
            return Optional.empty();
        }
        // As root the bot runs as nobody (after bubblewrap, still root, has entered its working
        // folder): every file it names must be open to others (a file whose folder is closed to
        // them is shown alone, see folderOf).
        String program = command.argv().get(0);
        for (Path file : namedFiles(command, cwd)) {
            boolean run = program.contains("/") && file.equals(cwd.resolve(program).normalize());
            if (lacks(file, run ? "r-x" : "r--")) {
                return Optional.of("its file " + file + " cannot be " + (run ? "run" : "read") + " by the user bots run as"
                        + " (nobody, since the arena runs as root): chmod " + (run ? "o+rx " : "o+r ") + file);
            }
        }
        return Optional.empty();
    }

    /** Whether others lack one of the permissions in {@code needed} ({@code rwx} letters, {@code -} for any). */
    private static boolean lacks(Path path, String needed) {
        Set<java.nio.file.attribute.PosixFilePermission> perms;
        try {
            perms = Files.getPosixFilePermissions(path);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
        return needed.charAt(0) == 'r' && !perms.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ)
                || needed.charAt(2) == 'x' && !perms.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE);
    }

    /**
     * The paths that lie inside none of the others: hiding a folder hides all in it, and
     * bubblewrap cannot make a mount point inside one it has already made read-only.
     */
    private static List<Path> outermost(List<Path> paths) {
        return paths.stream().filter(p -> paths.stream().noneMatch(q -> !q.equals(p) && p.startsWith(q))).distinct().toList();
    }

    private static boolean system(Path path) {
        String s = path.toString() + "/";
        return SYSTEM_PREFIXES.stream().anyMatch(s::startsWith);
    }

    private static boolean insideAny(Path path, Set<Path> folders) {
        return folders.stream().anyMatch(path::startsWith);
    }

    private static volatile Boolean root;

    static boolean isRoot() {
        Boolean known = root;
        if (known == null) {
            try {
                known = Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
            } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
                known = false;
            }
            root = known;
        }
        return known;
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // Left for the system's /tmp cleaning.
                }
            });
        } catch (IOException e) {
            // Already gone.
        }
    }
}
