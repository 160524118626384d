package caissa.arena.sandbox;

import caissa.arena.linux.BotCgroup;
import caissa.arena.program.BotCommand;
import caissa.arena.program.ProgramLookup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything that holds one bot in one game, from before its start to after its end: its launch
 * ({@link PreparedLaunch}, made by the command's {@link Launching}: plain, or in a bubblewrap
 * sandbox) and its limits ({@link LimitHold}, taken by the command's {@link Limiting}: a cgroup,
 * a watchdog, or nothing), both chosen once for the command ({@link Parts}). Open files and file
 * size are rlimits wherever a launch script runs (see {@link LaunchScript}).
 */
public final class Containment {

    private final Parts parts;
    private final PreparedLaunch launch;
    private final LimitHold hold;
    private final ResourceLimits limits;

    private Containment(Parts parts, PreparedLaunch launch, LimitHold hold, ResourceLimits limits) {
        this.parts = parts;
        this.launch = launch;
        this.hold = hold;
        this.limits = limits;
    }

    /** What preparing a bot's containment came to: it is ready, or the arena's own layer refused it. */
    public sealed interface Prepared {
        /** The containment, for a caller that cannot go on without one (a benchmark): refused is a bug there. */
        default Containment orElseThrow() {
            if (this instanceof Ready ready) {
                return ready.containment();
            }
            throw new IllegalStateException(((Refused) this).reason());
        }

        record Ready(Containment containment) implements Prepared {}

        /** The bot cannot start: the arena could not take hold of its limits (see {@link Limiting.ByCgroup}). */
        record Refused(String reason) implements Prepared {}
    }

    /**
     * Prepares the containment of {@code command} (already resolved) for one game, with its
     * command's {@code parts}.
     *
     * @param opponent the other bot's command: its own files are hidden from this one
     * @throws IOException when the scratch folder or a file for the launch cannot be made
     */
    public static Prepared prepare(
            Parts parts, BotCommand command, BotCommand opponent, Isolation isolation, String bot) throws IOException {
        return prepare(parts, command, opponent, isolation, bot, Map.of(), List.of());
    }

    /**
     * Prepares the containment of {@code command} for one game, with the run's variables for the
     * bot ({@code environment}: the clock, the variant) on top of its clean base and its own.
     */
    public static Prepared prepare(
            Parts parts,
            BotCommand command,
            BotCommand opponent,
            Isolation isolation,
            String bot,
            Map<String, String> environment)
            throws IOException {
        return prepare(parts, command, opponent, isolation, bot, environment, List.of());
    }

    /**
     * Prepares the containment of a one-shot command that runs on a submission, such as its
     * build: the same sandbox and limits as a bot, with {@code writable} (its output folder) the
     * only place it may write besides its scratch folders.
     */
    public static Prepared prepareTool(Parts parts, BotCommand command, Path writable, Isolation isolation, String name)
            throws IOException {
        Path folder = writable.toAbsolutePath().normalize();
        return prepare(parts, command, command, isolation, name, Map.of(), List.of(folder));
    }

    private static Prepared prepare(
            Parts parts,
            BotCommand command,
            BotCommand opponent,
            Isolation isolation,
            String bot,
            Map<String, String> environment,
            List<Path> writable)
            throws IOException {
        Isolation own = isolation.withLimits(isolation.limitsFor(bot));
        Limiting.Holding holding = parts.limiting().hold(own.limits());
        if (holding instanceof Limiting.Holding.Refused refused) {
            return new Prepared.Refused(refused.reason());
        }
        LimitHold hold = ((Limiting.Holding.Held) holding).hold();
        PreparedLaunch launch;
        try {
            launch = parts.launching().prepare(command, opponent, own, environment, writable, hold.procsFiles());
        } catch (IOException | RuntimeException e) {
            hold.close();
            throw e;
        }
        return new Prepared.Ready(new Containment(parts, launch, hold, own.limits()));
    }

    /**
     * Why the program cannot be started, in the words the operating system would use, found
     * before the launcher and the sandbox run it (they would start, and the bot would only
     * seem to crash). Empty when it can be started, as far as a check can tell.
     */
    public static Optional<String> startProblem(BotCommand command) {
        String program = command.argv().get(0);
        String prefix = "Cannot run program \"" + program + "\""
                + (command.workingDir().isPresent()
                        ? " (in directory \"" + BubblewrapLaunching.workingDir(command) + "\")"
                        : "")
                + ": ";
        ProgramLookup.Found found = ProgramLookup.find(program, command.workingDir());
        if (found instanceof ProgramLookup.Found.Startable) {
            return Optional.empty();
        }
        // A script whose interpreter is missing cannot be started either (the kernel says ENOENT).
        return Optional.of(prefix
                + (found instanceof ProgramLookup.Found.NotExecutable
                        ? "Permission denied"
                        : "No such file or directory"));
    }

    /**
     * Why the bot cannot be given its own files at launch with these parts, in one line with the
     * fix; empty when it can (see {@link BubblewrapLaunching#visibilityProblem}).
     */
    public static Optional<String> visibilityProblem(BotCommand command, Isolation isolation, Parts parts) {
        return parts.launching().visibilityProblem(command, isolation.hidden());
    }

    /** The parts that hold the bot: its command's. */
    public Parts parts() {
        return parts;
    }

    /** The command that starts the bot inside all of this. */
    public List<String> argv() {
        return launch.argv();
    }

    /** Whether the launch got as far as the bot's own program (see {@link PreparedLaunch#programReached}). */
    public boolean programReached() {
        return launch.programReached();
    }

    /**
     * Whether the bot's launch is to be given a session of its own (see {@link LaunchScript}): a
     * plain process, or a sandbox without a cgroup; not a sandbox whose launch script keeps the
     * terminal's signals from it, nor a program started alone (portable mode has no setsid).
     */
    public boolean wantsSession() {
        return parts.launching().wantsSession(hold.procsFiles());
    }

    /**
     * The bot's cgroup, when its limits are held by one: freeze, thaw and CPU time for the
     * arena's clocks. Empty once {@link #close}d: the group may then be another bot's.
     */
    public Optional<BotCgroup> cgroup() {
        return hold.cgroup();
    }

    /**
     * Starts watching the bot from the process the arena started ({@link LimitWatchdog}): its
     * memory and processes where no cgroup holds them, and its sandbox's writable places.
     */
    public void watch(ProcessHandle started) {
        hold.watch(started, launch.scratchInMemory(), launch.scratchOnDisk());
    }

    /** The limit the bot went over during the game, in words with its figure; empty when none. */
    public Optional<String> limitHit(Optional<Integer> exitCode) {
        Optional<String> hit = hold.limitHit();
        if (hit.isPresent()) {
            return hit;
        }
        // SIGXFSZ: a write past the file size limit kills the writer unless it handles the signal.
        // Its status, 153, is also exit(153)'s: charged only where a file of the bot's scratch
        // stopped at the limit, else worded as the status it is (see Game.exitDescription).
        if (exitCode.isPresent() && exitCode.get() == 128 + 25 && hold.fileAtSizeLimit()) {
            return Optional.of(
                    "file size limit of " + ResourceLimits.bytes(limits.fileSizeBytes()) + " (a write went past it)");
        }
        return Optional.empty();
    }

    /** Kills whatever is still in the bot's cgroup; returns how many processes that was (see {@link LimitHold#killAll}). */
    public int killAll() {
        return hold.killAll();
    }

    /** After a bot that exited by itself: what of it is still running a moment later, killed (see {@link LimitHold#killLeftovers}). */
    public int killLeftovers() {
        return hold.killLeftovers();
    }

    /**
     * After the game: no process left, the cgroup given back (from then on this containment
     * does nothing to it), the launch's files deleted, the scratch folder too unless it is kept.
     */
    public void close() {
        close(false);
    }

    /**
     * The same where the bot's ending saw every process of it released (its sandbox's PID
     * namespace gone): its user is given back without a look for what still runs as it.
     */
    public void close(boolean released) {
        hold.close();
        launch.close(released);
    }

    /**
     * What holds the bot, for its game log: its command's parts; how it was suspended, ended and
     * read are filled in by its process ({@link SandboxRecord#with}).
     */
    public SandboxRecord record() {
        return new SandboxRecord(
                parts.launching().word(),
                parts.limiting().kind().word(),
                limits,
                launch.keptScratch(),
                parts.suspend().word(),
                parts.end().word(),
                null);
    }

    /** Whether the arena runs as root (looked at once per {@link Machine}). */
    static boolean isRoot() {
        return Machine.current().root();
    }
}
