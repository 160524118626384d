package caissa.arena.sandbox;

import caissa.arena.program.BotCommand;
import caissa.arena.program.BotEnvironment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The bot in a bubblewrap sandbox of its own, behind the {@link LaunchScript}. Its process tree
 * gets its own PID namespace (it sees and signals only its own processes, and all of them die
 * with the namespace), its own network namespace (no network, not even the other bot over
 * loopback), a new session (no terminal to inject keys into), the system read-only, its own
 * program, working folder and the files its command names read-only, a private writable {@code
 * /scratch} and {@code /tmp} for this game, and no view of the hidden paths (the arena's output,
 * the other bot's files) even inside its own folders. When the arena runs as root, the bot runs
 * as nobody.
 *
 * @param extraOptions bubblewrap options added after the arena's own, before the bot's command:
 *     none for a command's bots; a test's part adds a bind of a path that does not exist, to see
 *     bubblewrap itself fail as it would on a broken machine
 */
public record BubblewrapLaunching(List<String> extraOptions) implements Launching {

    /** The sandbox as every command's bots get it. */
    public BubblewrapLaunching() {
        this(List.of());
    }

    public BubblewrapLaunching {
        extraOptions = List.copyOf(extraOptions);
    }

    private static final Set<String> SYSTEM_PREFIXES = Set.of("/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/etc/");

    @Override
    public Host.Launcher kind() {
        return Host.Launcher.BWRAP;
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
        Path cwd = workingDir(command);
        Set<Path> visible = visiblePaths(command, cwd);
        visible.removeIf(v -> writable.stream().anyMatch(w -> v.startsWith(w) && !v.equals(w)));
        visible.addAll(writable);
        Set<Path> hidden = new LinkedHashSet<>();
        for (Path path : outermost(isolation.hidden())) {
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
            if (insideAny(path, visible)
                    && !visible.contains(path)
                    && !ours.contains(path)
                    && visible.stream().noneMatch(v -> v.startsWith(path))
                    && ours.stream().noneMatch(o -> o.startsWith(path))) {
                hidden.add(path);
            }
        }
        boolean root = Containment.isRoot();
        BotUsers.User user = root ? Machine.current().botUsers().claim() : null;
        try {
            return prepare(command, isolation, environment, writable, procsFiles, cwd, visible, hidden, user);
        } catch (IOException | RuntimeException e) {
            if (user != null) {
                user.close();
            }
            throw e;
        }
    }

    private PreparedLaunch prepare(
            BotCommand command,
            Isolation isolation,
            Map<String, String> environment,
            List<Path> writable,
            List<Path> procsFiles,
            Path cwd,
            Set<Path> visible,
            Set<Path> hidden,
            BotUsers.User user)
            throws IOException {
        for (Path folder : writable) {
            PlainLaunching.user(folder, user);
        }
        Path scratchRoot = null;
        Bubblewrap.Scratch scratch = Bubblewrap.Scratch.IN_MEMORY;
        // In memory (of a bounded size, see Bubblewrap) unless the organiser keeps the folders.
        if (isolation.keepScratch()) {
            scratchRoot = Files.createTempDirectory("caissa-sandbox-");
            scratch = new Bubblewrap.Scratch(
                    Files.createDirectory(scratchRoot.resolve("scratch")),
                    Files.createDirectory(scratchRoot.resolve("tmp")));
            Files.setPosixFilePermissions(scratchRoot, PosixFilePermissions.fromString("rwx------"));
            for (Path dir : List.of(scratch.scratch(), scratch.tmp())) {
                PlainLaunching.user(dir, user);
            }
        }
        Map<String, String> botEnvironment = new LinkedHashMap<>(BotEnvironment.base(System.getenv()));
        botEnvironment.putAll(environment);
        botEnvironment.putAll(command.env());
        List<String> sandboxed = Bubblewrap.command(
                command.argv(),
                botEnvironment,
                visible,
                writable,
                outermost(List.copyOf(hidden)),
                scratch,
                isolation.limits().scratchBytes(),
                cwd,
                user,
                user == null && Bubblewrap.limitsProcessesInItsNamespace()
                        // Its namespace's init (bubblewrap's, as the bot's user) counts there too.
                        ? LaunchScript.nproc(isolation.limits()) + 1
                        : 0,
                extraOptions);
        // The sandbox's options reach bubblewrap through a file, not its command line: its command
        // line is the sandbox's /proc/1/cmdline, where the bot would read the hidden paths and the
        // other bot's files. Only the bot's own command stays there.
        int end = sandboxed.indexOf("--");
        Path options = SandboxFiles.write(
                "bwrap-options",
                String.join("\0", sandboxed.subList(1, end)).concat("\0").getBytes(StandardCharsets.UTF_8));
        Path reached = SandboxFiles.write("reached", new byte[0]);
        List<String> argv = new ArrayList<>(
                LaunchScript.argv(isolation.limits(), procsFiles, true, options, reached, false, user != null));
        argv.addAll(List.of(sandboxed.get(0), "--args", "4"));
        argv.addAll(sandboxed.subList(end, sandboxed.size()));
        return new PreparedLaunch(
                argv,
                scratchInMemory(scratchRoot),
                scratchRoot,
                isolation.keepScratch(),
                reached,
                List.of(options),
                user);
    }

    /**
     * The sandbox's memory file systems: {@code /scratch}, {@code /tmp} and {@code /dev/shm}, or
     * {@code /dev/shm} alone where the scratch folders are kept on disk (under {@code scratchRoot}).
     */
    static List<String> scratchInMemory(Path scratchRoot) {
        return scratchRoot == null ? List.of("/scratch", "/tmp", "/dev/shm") : List.of("/dev/shm");
    }

    /** Without a cgroup: the launch script keeps the terminal's signals from a sandbox only when it joins one. */
    @Override
    public boolean wantsSession(List<Path> procsFiles) {
        return procsFiles.isEmpty();
    }

    static Path workingDir(BotCommand command) {
        return command.workingDir()
                .map(p -> p.toAbsolutePath().normalize())
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
        ownPaths(command, cwd).stream()
                .filter(p -> p.getParent() != null && !system(p))
                .sorted(Comparator.comparingInt(Path::getNameCount))
                .forEach(p -> {
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
        for (String arg : arguments(command, cwd)) {
            if (arg.startsWith("-") || arg.isEmpty()) {
                continue;
            }
            Optional<Path> argumentFile = argumentFile(arg, cwd);
            if (argumentFile.isPresent()) {
                candidates.add(folderOf(argumentFile.get()));
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
                } catch (InvalidPathException e) {
                    // Not a path.
                }
            }
        }
        return candidates;
    }

    /**
     * The existing files (not folders) that the bot's command line names: its program and its
     * scripts, jars, data, and its argument files ({@code @PATH}, see {@link #argumentFile}).
     */
    static Set<Path> namedFiles(BotCommand command, Path cwd) {
        Set<Path> files = new LinkedHashSet<>();
        String program = command.argv().get(0);
        if (program.contains("/")) {
            Path path = cwd.resolve(program).normalize();
            if (Files.isRegularFile(path) && !system(path)) {
                files.add(path);
            }
        }
        for (String arg : arguments(command, cwd)) {
            if (arg.startsWith("-") || arg.isEmpty()) {
                continue;
            }
            Optional<Path> argumentFile = argumentFile(arg, cwd);
            if (argumentFile.isPresent()) {
                if (!system(argumentFile.get())) {
                    files.add(argumentFile.get());
                }
                continue;
            }
            for (String part : arg.split(":")) {
                try {
                    Path path = cwd.resolve(part).normalize();
                    if (!part.isEmpty() && Files.isRegularFile(path) && !system(path)) {
                        files.add(path);
                    }
                } catch (InvalidPathException e) {
                    // Not a path.
                }
            }
        }
        return files;
    }

    /** The argument files ({@code @PATH}) the bot's command line names: a program cannot start without them. */
    static Set<Path> argumentFiles(BotCommand command, Path cwd) {
        Set<Path> files = new LinkedHashSet<>();
        for (String arg : command.argv().subList(1, command.argv().size())) {
            argumentFile(arg, cwd).filter(path -> !system(path)).ifPresent(files::add);
        }
        return files;
    }

    /**
     * The bot's arguments after its program, each argument file's words (see {@link
     * #argumentFileWords}) after its {@code @PATH} where the file lies outside the bot's working
     * folder (or where that folder is one never shown whole, such as {@code /} or {@code /tmp}).
     * Such a file is the organiser's, who wrote the command (a contest's house bot, whose
     * class path is too long for a command line). A file inside the working folder may be the bot's
     * own: in a contest it is a participant's upload (a language whose run command is {@code java
     * @{main}}, run in the submission's build folder), and the paths it named would be shown on the
     * participant's word alone (another participant's build folder). Where it lies is taken from the
     * path as named, not from where a link leads.
     */
    private static List<String> arguments(BotCommand command, Path cwd) {
        List<String> arguments = new ArrayList<>();
        for (String arg : command.argv().subList(1, command.argv().size())) {
            arguments.add(arg);
            Optional<Path> file = argumentFile(arg, cwd);
            if (file.isPresent() && (neverWhole(cwd) || !file.get().startsWith(cwd))) {
                arguments.addAll(argumentFileWords(file.get()));
            }
        }
        return arguments;
    }

    /** An argument file larger than this is no JVM's options: its words are not read. */
    private static final long ARGUMENT_FILE_BYTES = 1 << 20;

    /**
     * The words of a JVM argument file, as its launcher splits them: separated by white space,
     * grouped by single or double quotes, a {@code #} at a word's start a comment to the line's end.
     * (Backslash escapes inside quotes, which a path seldom needs, are kept as written.) None where
     * the file cannot be read or is too large.
     */
    static List<String> argumentFileWords(Path file) {
        String text;
        try {
            if (Files.size(file) > ARGUMENT_FILE_BYTES) {
                return List.of();
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if (c == '#' && word == null) {
                while (i + 1 < text.length() && text.charAt(i + 1) != '\n') {
                    i++;
                }
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    /**
     * The file an argument {@code @PATH} names, where PATH is an existing regular file: a JVM
     * reads its options from it ({@code java @bot.args}), as javac, gcc and clang read their
     * response files. Any program's, not only a JVM's: the file is named on the command line,
     * like any other path argument that is shown, and a program that does not read it is not
     * harmed by seeing it. Which paths written inside it are shown: see {@link #arguments}.
     */
    private static Optional<Path> argumentFile(String arg, Path cwd) {
        if (!arg.startsWith("@") || arg.length() == 1) {
            return Optional.empty();
        }
        try {
            Path path = cwd.resolve(arg.substring(1)).normalize();
            return Files.isRegularFile(path) ? Optional.of(path) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    /** Folders a bot never sees whole for one file in them: the sandbox's own mount points and the home folder. */
    private static final Set<Path> NEVER_WHOLE = Set.of(
            Path.of("/"),
            Path.of("/tmp"),
            Path.of("/scratch"),
            Path.of("/proc"),
            Path.of("/dev"),
            Path.of("/root"),
            Path.of("/home"));

    /**
     * The folder of a bot's file, or the file alone where that folder must not be shown whole, or
     * cannot be: a root arena runs bots as users of their own, who could not enter a folder closed to others
     * (a Maven repository's), while a file bound alone is reached through folders the sandbox makes.
     */
    private static Path folderOf(Path file) {
        Path folder = file.getParent();
        if (folder == null || neverWhole(folder) || (Containment.isRoot() && lacks(folder, "r-x"))) {
            return file;
        }
        return folder;
    }

    /** A folder a sandbox never shows whole: one of its own mount points, or a home folder (keys, tokens, histories). */
    private static boolean neverWhole(Path folder) {
        return NEVER_WHOLE.contains(folder)
                || folder.equals(home())
                || folder.getParent() != null && folder.getParent().equals(Path.of("/home"));
    }

    private static Path home() {
        String home = System.getProperty("user.home");
        return home == null || home.isBlank()
                ? Path.of("/")
                : Path.of(home).toAbsolutePath().normalize();
    }

    /**
     * Why the bot cannot be given its own files in its sandbox, in one line with the fix; empty
     * when it can. A file or folder of the bot's that lies inside a folder no bot may see (the
     * run's output) would be hidden from it, and it would fail in every game for no reason it
     * could tell. As root, the bot runs as a user of its own: each of its files must be open to all.
     */
    @Override
    public Optional<String> visibilityProblem(BotCommand command, List<Path> hidden) {
        Path cwd = workingDir(command);
        Set<Path> visible = visiblePaths(command, cwd);
        for (Path own : visible) {
            for (Path folder : hidden) {
                if (own.startsWith(folder) && !own.equals(cwd)) {
                    return Optional.of(
                            "its file " + own + " lies inside " + folder + ", which no bot may see (the run's"
                                    + " output): move the bot out of it, or write the output elsewhere (--out)");
                }
            }
        }
        if (!Containment.isRoot()) {
            return Optional.empty();
        }
        // As root the bot runs as a user of its own that owns nothing (after bubblewrap, still root, has entered its
        // working
        // folder): every file it names must be open to others (a file whose folder is closed to
        // them is shown alone, see folderOf).
        String program = command.argv().get(0);
        for (Path file : namedFiles(command, cwd)) {
            boolean run =
                    program.contains("/") && file.equals(cwd.resolve(program).normalize());
            if (lacks(file, run ? "r-x" : "r--")) {
                return Optional.of("its file " + file + " cannot be " + (run ? "run" : "read")
                        + " by the user bots run as" + " (a user of its own, since the arena runs as root): chmod "
                        + (run ? "o+rx " : "o+r ") + file);
            }
        }
        return Optional.empty();
    }

    /** Whether others lack one of the permissions in {@code needed} ({@code rwx} letters, {@code -} for any). */
    private static boolean lacks(Path path, String needed) {
        Set<PosixFilePermission> perms;
        try {
            perms = Files.getPosixFilePermissions(path);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
        return needed.charAt(0) == 'r' && !perms.contains(PosixFilePermission.OTHERS_READ)
                || needed.charAt(2) == 'x' && !perms.contains(PosixFilePermission.OTHERS_EXECUTE);
    }

    /**
     * The paths that lie inside none of the others: hiding a folder hides all in it, and
     * bubblewrap cannot make a mount point inside one it has already made read-only.
     */
    private static List<Path> outermost(List<Path> paths) {
        return paths.stream()
                .filter(p -> paths.stream().noneMatch(q -> !q.equals(p) && p.startsWith(q)))
                .distinct()
                .toList();
    }

    private static boolean system(Path path) {
        String s = path.toString() + "/";
        return SYSTEM_PREFIXES.stream().anyMatch(s::startsWith);
    }

    private static boolean insideAny(Path path, Set<Path> folders) {
        return folders.stream().anyMatch(path::startsWith);
    }
}
