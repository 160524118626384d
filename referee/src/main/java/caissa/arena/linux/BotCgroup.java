package caissa.arena.linux;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The control group of one bot in one game at a time: every process the bot starts is counted
 * against its memory and process limits, can be frozen and thawed at once, has its CPU time
 * added up, and is found and killed at the end however it forked or detached. {@link CgroupV1}
 * (one hierarchy per controller: memory, pids, freezer, cpuacct) or {@link CgroupV2} (one
 * unified hierarchy): the version the machine offers the arena, chosen once for a command by
 * the sandbox's parts, which hold the bots otherwise (a watchdog) where the machine offers neither.
 * The group knows the kernel's files, not what its bot is: the limits it writes ({@link
 * GroupLimits}) and the limit the kernel reports hit ({@link LimitHit}) are figures, and the
 * caller words them.
 *
 * <p>The group is made under the arena's own group, so the arena's own limits still cover it.
 * Processes are put in by the launcher script before the bot's program runs ({@link
 * #procsFiles()}), so that no child can be started outside it.
 */
public abstract sealed class BotCgroup permits CgroupV1, CgroupV2 {

    static final Path ROOT = Path.of("/sys/fs/cgroup");
    static final String PREFIX = "caissa-";
    /** This arena's process id, in the name of every group it makes (see {@link #sweepStale}). */
    static final long ARENA_PID = ProcessHandle.current().pid();
    /**
     * The PID namespace that process id belongs to, in the name too: an arena in another
     * container that shares the cgroup folders must never take a live arena's pid for a dead one.
     */
    static final long PID_NAMESPACE = Namespaces.pid();
    /** Whether this arena has swept the groups of dead arenas yet (once, before its first group). */
    private static final AtomicBoolean SWEPT = new AtomicBoolean();

    private static final AtomicLong MADE = new AtomicLong();

    /**
     * The system property that turns cgroups off ({@code -Dcaissa.cgroups=off}): bots then get
     * the watchdog, as on a machine without cgroups. For the tests of that path, and for a
     * machine whose cgroups misbehave.
     */
    public static final String SWITCH = "caissa.cgroups";

    /** The two kinds of hierarchy a bot's group is made in. */
    public enum Version {
        /** One hierarchy per controller: memory, pids, freezer, cpuacct ({@link CgroupV1}). */
        V1,
        /** One unified hierarchy ({@link CgroupV2}). */
        V2
    }

    /** Limits for a group made only to be looked at or killed: a probe, a dead arena's group. */
    static final GroupLimits ANY = new GroupLimits(1L << 30, 64);

    /**
     * Whether a group given back may be kept for a later bot: set by the caller while some of
     * its bots run (see {@link #keepGroups}), so that nothing is kept after the last of them.
     */
    private static volatile boolean keeping;

    private final GroupLimits limits;
    /** The freezer's state file, opened at the first freeze (see {@link #writeState}). */
    private FileChannel stateFile;
    /** The CPU time's file and a buffer for it, opened at the first reading (see {@link #cpuTimeNanos}). */
    private FileChannel cpuChannel;
    // Direct: a read into a heap buffer goes through a temporary direct one, twice a move.
    private final ByteBuffer cpuRead = ByteBuffer.allocateDirect(1024);
    private final byte[] cpuText = new byte[1024];
    /** The freezer's two values, made once, for the same reason: written twice a move. */
    private ByteBuffer frozenValue;

    private ByteBuffer thawedValue;
    /** Set by {@link #remove}: no file of the group is opened again. */
    private boolean removed;
    /**
     * The kernel's counts of memory kills and refused processes when this bot got the group:
     * they only ever grow, and a group used again must not report its last bot's limit.
     */
    private long oomKillsBefore;

    private long refusedBefore;

    BotCgroup(GroupLimits limits) {
        this.limits = limits;
    }

    /** A new group with the limits set, or empty when this machine offers no usable cgroups (or they are switched off). */
    public static Optional<BotCgroup> create(String name, GroupLimits limits) {
        if ("off".equals(System.getProperty(SWITCH))) {
            return Optional.empty();
        }
        if (SWEPT.compareAndSet(false, true)) {
            sweepStale();
        }
        return create(ARENA_PID, name, limits);
    }

    /**
     * A group for a bot of the version chosen for this machine: on v1
     * an idle one of this arena with the same limits whose last processes are all gone, or else a
     * new one (named {@code bot-N}, as it may serve many bots). Give it back with {@link #release}.
     *
     * @throws IOException when the group cannot be made: why, in the kernel's words with the file
     */
    public static BotCgroup take(Version version, GroupLimits limits) throws IOException {
        if (SWEPT.compareAndSet(false, true)) {
            sweepStale();
        }
        if (version == Version.V1) {
            Optional<BotCgroup> idle = CgroupV1.idle(limits);
            return idle.isPresent() ? idle.get() : CgroupV1.make(newLeaf(), limits);
        }
        return CgroupV2.make(newLeaf(), limits);
    }

    /**
     * The name of a new group for bots: asked for only when one is made, since its random part
     * costs more than taking an idle group.
     */
    private static String newLeaf() {
        return leaf(ARENA_PID, "bot-" + MADE.incrementAndGet());
    }

    /** A group named as {@code owner}'s: the arena's own, or in tests one of a dead arena. */
    static Optional<BotCgroup> create(long owner, String name, GroupLimits limits) {
        String leaf = leaf(owner, name);
        try {
            return Optional.of(CgroupV1.make(leaf, limits));
        } catch (IOException v1) {
            try {
                return Optional.of(CgroupV2.make(leaf, limits));
            } catch (IOException v2) {
                return Optional.empty();
            }
        }
    }

    private static String leaf(long owner, String name) {
        return PREFIX + owner + "." + PID_NAMESPACE + "-" + name.replaceAll("[^A-Za-z0-9_.-]", "_") + "-"
                + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Whether cgroups can be used here at all (made and removed once to find out). */
    public static boolean available() {
        Optional<BotCgroup> probe = create("probe", ANY);
        probe.ifPresent(BotCgroup::remove);
        return probe.isPresent();
    }

    /**
     * Why this arena cannot use cgroup v2, in one line; empty when it can. Where the machine
     * offers complete v1 hierarchies, those are used instead and this says so.
     */
    public static Optional<String> v2Problem() {
        if (CgroupV1.complete()) {
            return Optional.of("this machine offers cgroup v1, which the arena uses");
        }
        return Optional.ofNullable(CgroupV2.place().problem());
    }

    /**
     * Removes the groups of arenas that are gone, with whatever still runs in them, and returns
     * how many there were. An arena killed with SIGKILL (which it cannot catch) leaves its bots'
     * groups behind, and a bot that a cgroup v1 freezer held at that moment never sees its input
     * close: it would stay frozen for ever, since a frozen process does not even die of SIGKILL
     * until it is thawed. Each group is named after its arena's process id and PID namespace; a
     * group whose arena no longer runs is killed (freeze, SIGKILL, thaw) and removed by the next
     * arena's first bot.
     */
    public static int sweepStale() {
        return CgroupV1.complete() ? CgroupV1.sweepStaleGroups() : CgroupV2.sweepStaleGroups();
    }

    /** The groups in {@code parent} made by an arena of this PID namespace that no longer runs. */
    static List<Path> staleIn(Path parent) {
        List<Path> stale = new ArrayList<>();
        try (DirectoryStream<Path> groups = Files.newDirectoryStream(parent, PREFIX + "*")) {
            for (Path group : groups) {
                OptionalLong owner = owner(group.getFileName().toString());
                if (owner.isPresent() && ProcessHandle.of(owner.getAsLong()).isEmpty()) {
                    stale.add(group);
                }
            }
        } catch (IOException | SecurityException e) {
            // Not ours to read: nothing to sweep there.
        }
        return stale;
    }

    /**
     * The arena's process id in a group's name ({@code caissa-PID.NAMESPACE-...}), when the group
     * was made in this arena's PID namespace; empty for any other name.
     */
    private static OptionalLong owner(String leaf) {
        int end = leaf.indexOf('-', PREFIX.length());
        int dot = leaf.indexOf('.', PREFIX.length());
        if (PID_NAMESPACE == 0 || end <= PREFIX.length() || dot <= PREFIX.length() || dot > end) {
            return OptionalLong.empty();
        }
        try {
            if (Long.parseLong(leaf.substring(dot + 1, end)) != PID_NAMESPACE) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(Long.parseLong(leaf.substring(PREFIX.length(), dot)));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** The arena's own groups: they do not change while it runs, and every bot's start needs them. */
    private static volatile Map<String, String> ownGroups;

    /** This process's group per v1 controller (and "" for v2), from /proc/self/cgroup. */
    static Map<String, String> ownGroups() {
        Map<String, String> known = ownGroups;
        if (known == null) {
            known = Map.copyOf(readOwnGroups());
            ownGroups = known;
        }
        return known;
    }

    private static Map<String, String> readOwnGroups() {
        Map<String, String> groups = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
                String[] parts = line.split(":", 3);
                if (parts.length == 3) {
                    for (String controller : parts[1].split(",")) {
                        groups.put(controller, parts[2]);
                    }
                }
            }
        } catch (IOException | SecurityException e) {
            // Not Linux: no cgroups either.
        }
        return groups;
    }

    /** {@code cgroup-v1} or {@code cgroup-v2}, as the game log records it. */
    public abstract String kind();

    /** The files a process writes its own pid into to join this group (every v1 hierarchy, or the one v2 file). */
    public abstract List<Path> procsFiles();

    /** The file that holds the group's CPU time, and its figure in nanoseconds from its text. */
    abstract Path cpuFile();

    /** The CPU time in the file's first {@code length} bytes, read without making a String (it is read at every move). */
    abstract OptionalLong cpuNanos(byte[] text, int length);

    /** The number that starts at {@code from} in ASCII text, or -1 when there is none. */
    static long numberAt(byte[] text, int from, int length) {
        long value = 0;
        int i = from;
        while (i < length && text[i] >= '0' && text[i] <= '9') {
            value = value * 10 + (text[i] - '0');
            i++;
        }
        return i == from ? -1 : value;
    }

    /** The file of the most memory the group held at once. */
    abstract Path memoryPeakFile();

    /** The file that counts the group's memory kills ({@code oom_kill}). */
    abstract Path memoryEventsFile();

    /** The folder of the group's process count, refusals ({@code pids.events}) and members ({@code cgroup.procs}). */
    abstract Path processesDir();

    /** The freezer's file, the value that freezes or thaws, and whether every process has stopped. */
    abstract Path freezeFile();

    abstract byte[] freezeValue(boolean frozen);

    abstract boolean frozenNow() throws IOException;

    /** Before the first freeze. */
    void beforeFreeze() {}

    /** Kills the given members of the group at once; returns how many. */
    abstract int killOnce(List<Long> pids);

    /** Kills the processes one by one with the group frozen, so that no fork outruns the kills. */
    final int killFrozen(List<Long> pids) {
        freeze();
        int killed = 0;
        for (long pid : pids) {
            if (ProcessHandle.of(pid).map(ProcessHandle::destroyForcibly).orElse(false)) {
                killed++;
            }
        }
        thaw();
        return killed;
    }

    /** Kept for a later bot rather than removed (see {@link #release}); true when kept. */
    boolean keep() {
        return false;
    }

    /** Removes the group's folders. */
    abstract void removeFolders();

    GroupLimits limits() {
        return limits;
    }

    /** The limit counters as they are now, for a group used again: what its last bot ran into is not this one's. */
    void countersNow(long oomKills, long refused) {
        oomKillsBefore = oomKills;
        refusedBefore = refused;
    }

    /**
     * Gives back a group whose processes were killed ({@link #killAll}): kept for the next bot
     * when nothing is left in it and it could be reset (cgroup v1, while some command's bots run,
     * see {@link #keepGroups}), removed otherwise.
     */
    public void release() {
        if (!keep()) {
            remove();
        }
    }

    /**
     * Whether groups given back are kept for later bots ({@code true} while bots run); the
     * caller removes what was kept ({@link #removeKept}) once it turns this off.
     */
    public static void keepGroups(boolean keep) {
        keeping = keep;
    }

    static boolean keeping() {
        return keeping;
    }

    /** Removes every group kept for later bots, and the freezer's keeper: no command's bots run any more. */
    public static void removeKept() {
        CgroupV1.removeKept();
    }

    /**
     * Stops every process of the bot at once (they get no CPU until {@link #thaw}). Returns false
     * when the group is already gone or the freeze did not take within a second.
     */
    public boolean freeze() {
        return setFrozen(true);
    }

    /**
     * Starts stopping every process of the bot and returns at once, without waiting for the last
     * one: what suspending an idle bot needs. A tree that forks without pause may take long to
     * freeze whole, and the game must not wait for it; {@link #thaw} ends the freeze either way.
     * Returns false when the group is already gone.
     */
    public boolean startFreezing() {
        try {
            writeState(true);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Takes the given processes (a sandbox's own: bubblewrap's outer process and its init) out of
     * the freezer, so that suspending the bot at every move stops and wakes only the bot's
     * processes; they stay in the memory, process and CPU groups, and are killed with the group.
     * cgroup v1 only (v2 has one group for every controller); returns whether they were moved.
     */
    public boolean exemptFromFreezing(List<Long> pids) {
        return false;
    }

    /** Lets the bot's processes run again after {@link #freeze}. */
    public boolean thaw() {
        return setFrozen(false);
    }

    /** CPU time (user and system) used by all the bot's processes so far, in nanoseconds. */
    public synchronized OptionalLong cpuTimeNanos() {
        if (removed) {
            return OptionalLong.empty();
        }
        try {
            // Kept open for the group's life, as the freezer's state: a wall-clock game reads it
            // twice a move (see Game's excused time), and opening it each time cost more.
            if (cpuChannel == null || !cpuChannel.isOpen()) {
                cpuChannel = FileChannel.open(cpuFile(), StandardOpenOption.READ);
            }
            cpuRead.clear();
            int n = Math.max(0, cpuChannel.read(cpuRead, 0));
            cpuRead.flip();
            cpuRead.get(cpuText, 0, n);
            return cpuNanos(cpuText, n);
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    /** The most memory the bot's processes held at once, when the kernel keeps that figure. */
    public OptionalLong memoryPeakBytes() {
        try {
            return OptionalLong.of(Long.parseLong(read(memoryPeakFile())));
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * The limit the bot ran into: the kernel killed a process for memory, or refused it a new
     * process or thread. Empty when it stayed within both.
     */
    public Optional<LimitHit> limitHit() {
        if (counter(memoryEventsFile(), "oom_kill") > oomKillsBefore) {
            return Optional.of(new LimitHit.Memory(memoryPeakBytes()));
        }
        if (counter(processesDir().resolve("pids.events"), "max") > refusedBefore) {
            return Optional.of(new LimitHit.Processes());
        }
        return Optional.empty();
    }

    /** Processes in the group now. */
    public List<Long> pids() {
        return processesIn(processesDir());
    }

    /**
     * Kills every process in the group, however it forked, detached or renamed itself, and waits
     * until the group is empty. Returns how many processes were killed.
     */
    public int killAll() {
        int killed = 0;
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < deadline) {
            List<Long> pids = pids();
            if (pids.isEmpty()) {
                break;
            }
            killed += killOnce(pids);
            sleep(2);
        }
        return killed;
    }

    /** Waits up to {@code millis} for the group to empty by itself (a sandbox's init exiting after the bot). */
    public void awaitEmpty(long millis) {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (!pids().isEmpty() && System.nanoTime() < deadline) {
            sleep(2);
        }
    }

    /**
     * Freezes or thaws through a file kept open for the group's life: idle bots are suspended
     * and continued at every move, and opening the file each time cost more than the write.
     */
    synchronized void writeState(boolean frozen) throws IOException {
        if (removed) {
            throw new IOException("the group was removed");
        }
        if (frozen) {
            beforeFreeze();
        }
        if (stateFile == null || !stateFile.isOpen()) {
            // Opened again if an interrupt closed it under a write.
            stateFile = FileChannel.open(freezeFile(), StandardOpenOption.WRITE);
        }
        if (frozenValue == null) {
            frozenValue = direct(freezeValue(true));
            thawedValue = direct(freezeValue(false));
        }
        ByteBuffer value = frozen ? frozenValue : thawedValue;
        value.rewind();
        stateFile.write(value, 0);
    }

    private static ByteBuffer direct(byte[] bytes) {
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
    }

    /** Removes the group (after {@link #killAll}: a group with processes cannot be removed). */
    public void remove() {
        synchronized (this) {
            removed = true;
            closeQuietly(stateFile);
            closeQuietly(cpuChannel);
            stateFile = null;
            cpuChannel = null;
        }
        removeFolders();
    }

    private boolean setFrozen(boolean frozen) {
        try {
            writeState(frozen);
            long deadline = System.nanoTime() + 1_000_000_000L;
            while (frozen && !frozenNow() && System.nanoTime() < deadline) {
                sleep(1);
            }
            return !frozen || frozenNow();
        } catch (IOException e) {
            return false;
        }
    }

    static List<Long> processesIn(Path dir) {
        return KernelFiles.numbers(dir.resolve("cgroup.procs"));
    }

    private static void closeQuietly(FileChannel file) {
        if (file != null) {
            try {
                file.close();
            } catch (IOException e) {
                // Closed already, or gone with the group.
            }
        }
    }

    static long counter(Path file, String key) {
        try {
            for (String line : KernelFiles.read(file).split("\n")) {
                if (line.startsWith(key + " ")) {
                    return Long.parseLong(line.substring(key.length() + 1).strip());
                }
            }
        } catch (IOException | NumberFormatException e) {
            // An older kernel without the counter: nothing to report.
        }
        return 0;
    }

    static String read(Path file) throws IOException {
        return KernelFiles.read(file).strip();
    }

    /** Writes a group's file; a refusal names the file and the value, which the kernel's word alone does not. */
    static void write(Path file, String value) throws IOException {
        try {
            Files.writeString(file, value, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IOException("writing " + value + " to " + file + ": " + e.getMessage(), e);
        }
    }

    static void writeQuietly(Path file, String value) {
        try {
            write(file, value);
        } catch (IOException e) {
            // Gone already.
        }
    }

    static void rmdir(Path dir) {
        // A just-killed process may still be leaving the group: retry briefly.
        for (int i = 0; i < 100; i++) {
            try {
                Files.deleteIfExists(dir);
                return;
            } catch (IOException e) {
                sleep(5);
            }
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
