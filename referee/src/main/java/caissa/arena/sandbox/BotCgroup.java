package caissa.arena.sandbox;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The control group of one bot in one game at a time: every process the bot starts is counted
 * against its memory and process limits, can be frozen and thawed at once, has its CPU time
 * added up, and is found and killed at the end however it forked or detached. cgroup v1 (one
 * hierarchy per controller: memory, pids, freezer, cpuacct) or cgroup v2 (one unified
 * hierarchy), whichever the machine offers with those controllers and lets us write; {@link
 * #acquire} returns nothing otherwise and the bot gets rlimits instead.
 *
 * <p>The group is made under the arena's own group, so the arena's own limits still cover it.
 * Processes are put in by the launcher script before the bot's program runs ({@link
 * #procsFiles()}), so that no child can be started outside it.
 *
 * <p>A cgroup v1 group is used again by a later bot of the same limits ({@link #acquire},
 * {@link #release}) once the last one's processes are all gone and its figures are reset: making
 * and removing four groups for each bot of each game was a tenth of the arena's own CPU time.
 */
public final class BotCgroup {

    private static final Path ROOT = Path.of("/sys/fs/cgroup");
    private static final List<String> V1_CONTROLLERS = List.of("memory", "pids", "freezer", "cpuacct");
    private static final String PREFIX = "caissa-";
    /** This arena's process id, in the name of every group it makes (see {@link #sweepStale}). */
    private static final long ARENA_PID = ProcessHandle.current().pid();
    /**
     * The PID namespace that process id belongs to, in the name too: an arena in another
     * container that shares the cgroup folders must never take a live arena's pid for a dead one.
     */
    private static final long PID_NAMESPACE = pidNamespace();
    /** Whether this arena has swept the groups of dead arenas yet (once, before its first group). */
    private static final java.util.concurrent.atomic.AtomicBoolean SWEPT = new java.util.concurrent.atomic.AtomicBoolean();

    /** One directory per v1 controller (the pids one replaced when reused, see {@link #resetForReuse}), or one entry ("unified") for v2. */
    private final Map<String, Path> dirs;
    private final boolean v2;
    private final ResourceLimits limits;
    /** The freezer's state file, opened at the first freeze (see {@link #writeState}). */
    private FileChannel stateFile;
    /** The CPU time's file and a buffer for it, opened at the first reading (see {@link #cpuTimeNanos}). */
    private FileChannel cpuFile;
    private final ByteBuffer cpuText = ByteBuffer.allocate(1024);
    /** Set by {@link #remove}: no file of the group is opened again. */
    private boolean removed;
    /**
     * The kernel's counts of memory kills and refused processes when this bot got the group:
     * they only ever grow, and a group used again must not report its last bot's limit.
     */
    private long oomKillsBefore;
    private long refusedBefore;

    /** Groups of this arena that are empty and reset, by limits, for the next bot (guarded by itself). */
    private static final Map<ResourceLimits, Deque<BotCgroup>> IDLE = new HashMap<>();
    /** A group that still holds more memory than this once its processes are gone is not used again. */
    private static final long MAX_RESIDUAL_BYTES = 8L << 20;
    /** At most this many idle groups are kept; more are removed. */
    private static final int MAX_IDLE = 64;
    private static final AtomicLong MADE = new AtomicLong();
    /**
     * Process groups taken out of use while the kernel still counted a process of their last
     * bot (see {@link #resetForReuse}), oldest first (guarded by {@link #IDLE}): the count drops
     * to zero a second or so later, and the oldest then serves another group instead of a new
     * one being made and the old one removed at every bot.
     */
    private static final Deque<Path> LINGERING = new ArrayDeque<>();
    /** At most this many such process groups are kept (about two seconds of bots at a fast time control); more are removed. */
    private static final int MAX_LINGERING = 256;

    /**
     * An empty v1 freezer group kept frozen while the arena runs (see {@link #keepFreezerActive});
     * null until the first freeze, or where it could not be made.
     */
    private static volatile Path keeper;
    private static volatile boolean keeperTried;

    private BotCgroup(Map<String, Path> dirs, boolean v2, ResourceLimits limits) {
        this.dirs = dirs;
        this.v2 = v2;
        this.limits = limits;
    }

    /**
     * The system property that turns cgroups off ({@code -Dcaissa.cgroups=off}): bots then get
     * rlimits, as on a machine without cgroups. For the tests of that path, and for a machine
     * whose cgroups misbehave.
     */
    public static final String SWITCH = "caissa.cgroups";

    /** A new group with the limits set, or empty when this machine offers no usable cgroups (or they are switched off). */
    public static Optional<BotCgroup> create(String name, ResourceLimits limits) {
        if ("off".equals(System.getProperty(SWITCH))) {
            return Optional.empty();
        }
        if (SWEPT.compareAndSet(false, true)) {
            sweepStale();
        }
        return create(ARENA_PID, name, limits);
    }

    /**
     * A group for a bot: an idle one of this arena with the same limits whose last processes are
     * all gone, or else a new one (named {@code bot-N}, as it may serve many bots). Empty when
     * this machine offers no usable cgroups. Give it back with {@link #release}.
     */
    public static Optional<BotCgroup> acquire(ResourceLimits limits) {
        if ("off".equals(System.getProperty(SWITCH))) {
            return Optional.empty();
        }
        synchronized (IDLE) {
            Deque<BotCgroup> idle = IDLE.get(limits);
            if (idle != null && !idle.isEmpty()) {
                return Optional.of(idle.pollFirst());
            }
        }
        return create("bot-" + MADE.incrementAndGet(), limits);
    }

    /**
     * Gives back a group whose processes were killed ({@link #killAll}): kept for the next bot
     * when nothing is left in it and it could be reset, removed otherwise.
     */
    public void release() {
        if (!v2 && pids().isEmpty() && resetForReuse()) {
            synchronized (IDLE) {
                int kept = IDLE.values().stream().mapToInt(Deque::size).sum();
                if (SharedSandbox.keeping() && kept < MAX_IDLE) {
                    IDLE.computeIfAbsent(limits, l -> new ArrayDeque<>()).addLast(this);
                    return;
                }
            }
        }
        remove();
    }

    /** Removes every group kept for later bots, and the freezer's keeper: no command's bots run any more. */
    static void removeKept() {
        removeIdle();
        Path held;
        synchronized (IDLE) {
            held = keeper;
            keeper = null;
            keeperTried = false;
        }
        if (held != null) {
            rmdir(held);
        }
    }

    /** Removes every idle group. */
    static void removeIdle() {
        List<BotCgroup> idle = new ArrayList<>();
        synchronized (IDLE) {
            IDLE.values().forEach(idle::addAll);
            IDLE.clear();
        }
        idle.forEach(BotCgroup::remove);
        List<Path> lingering;
        synchronized (IDLE) {
            lingering = new ArrayList<>(LINGERING);
            LINGERING.clear();
        }
        lingering.forEach(BotCgroup::rmdir);
    }

    /**
     * Makes an empty v1 group as good as new for the next bot: thawed, its CPU time set back to
     * zero and its memory peak to what the group still holds (a megabyte or two of the last
     * bot's kernel memory, freed as the kernel needs it; a group that holds more is not used
     * again), the limit counters it cannot reset remembered as they are now. A process group
     * whose count the kernel has not given back yet (a sandbox's PID namespace can hold one for
     * seconds after its last process is gone) is replaced by one whose count is back to zero,
     * so that the next bot gets its whole process limit. False when the group is not to be used again.
     */
    private boolean resetForReuse() {
        try {
            if (Long.parseLong(read(dirs.get("memory").resolve("memory.usage_in_bytes"))) > MAX_RESIDUAL_BYTES) {
                // More than the kernel memory a bot leaves for a while: not to be counted against the next one.
                return false;
            }
            writeState(false);
            write(dirs.get("cpuacct").resolve("cpuacct.usage"), "0");
            write(dirs.get("memory").resolve("memory.max_usage_in_bytes"), "0");
            oomKillsBefore = counter(dirs.get("memory").resolve("memory.oom_control"), "oom_kill");
            Path pids = dirs.get("pids");
            if (Long.parseLong(read(pids.resolve("pids.current"))) != 0) {
                pids = emptyProcessGroupFor(pids);
                dirs.put("pids", pids);
                write(pids.resolve("pids.max"), Integer.toString(limits.processes()));
            }
            refusedBefore = counter(pids.resolve("pids.events"), "max");
            return true;
        } catch (IOException | NumberFormatException e) {
            return false;
        }
    }

    /**
     * A process group whose count is zero to take the place of {@code lingering}, whose count
     * the kernel has not given back yet: the oldest one put aside, if its count is zero now, or
     * else a new one. {@code lingering} is put aside in turn (or removed when enough are).
     */
    private static Path emptyProcessGroupFor(Path lingering) throws IOException {
        Path replacement = null;
        boolean keep;
        synchronized (IDLE) {
            Path oldest = LINGERING.peekFirst();
            if (oldest != null && processCount(oldest) == 0) {
                replacement = LINGERING.pollFirst();
            }
            keep = SharedSandbox.keeping() && LINGERING.size() < MAX_LINGERING;
            if (keep) {
                LINGERING.addLast(lingering);
            }
        }
        if (!keep) {
            rmdir(lingering);
        }
        if (replacement != null) {
            return replacement;
        }
        // The new group takes a name of its own: the lingering one may still be put aside under its name.
        String leaf = lingering.getFileName().toString();
        int tail = leaf.lastIndexOf('-');
        return Files.createDirectory(lingering.resolveSibling(leaf.substring(0, tail + 1)
                + UUID.randomUUID().toString().substring(0, 8)));
    }

    private static long processCount(Path pids) {
        try {
            return Long.parseLong(read(pids.resolve("pids.current")));
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    /** A group named as {@code owner}'s: the arena's own, or in tests one of a dead arena. */
    static Optional<BotCgroup> create(long owner, String name, ResourceLimits limits) {
        String leaf = PREFIX + owner + "." + PID_NAMESPACE + "-" + name.replaceAll("[^A-Za-z0-9_.-]", "_") + "-"
                + UUID.randomUUID().toString().substring(0, 8);
        Optional<BotCgroup> v1 = createV1(leaf, limits);
        return v1.isPresent() ? v1 : createV2(leaf, limits);
    }

    /**
     * Removes the groups of arenas that are gone, with whatever still runs in them, and returns
     * how many there were. An arena killed with SIGKILL (which it cannot catch) leaves its bots'
     * groups behind, and a bot that a cgroup v1 freezer held at that moment never sees its input
     * close: it would stay frozen for ever, since a frozen process does not even die of SIGKILL
     * until it is thawed. Each group is named after its arena's process id and PID namespace; a group whose arena
     * no longer runs is killed (freeze, SIGKILL, thaw) and removed by the next arena's first bot.
     */
    static int sweepStale() {
        Map<String, Map<String, Path>> stale = new LinkedHashMap<>();
        boolean v2 = false;
        Map<String, Path> parents = new LinkedHashMap<>();
        for (String controller : V1_CONTROLLERS) {
            v1Parent(controller).ifPresent(parent -> parents.put(controller, parent));
        }
        if (parents.size() != V1_CONTROLLERS.size()) {
            if (!Files.isRegularFile(ROOT.resolve("cgroup.controllers"))) {
                return 0;
            }
            CgroupV2Tree.Place place = v2Place();
            if (!place.isUsable()) {
                return 0;
            }
            v2 = true;
            parents.clear();
            parents.put("unified", place.parent());
        }
        for (Map.Entry<String, Path> parent : parents.entrySet()) {
            try (java.nio.file.DirectoryStream<Path> groups = Files.newDirectoryStream(parent.getValue(), PREFIX + "*")) {
                for (Path group : groups) {
                    String leaf = group.getFileName().toString();
                    OptionalLong owner = owner(leaf);
                    if (owner.isPresent() && ProcessHandle.of(owner.getAsLong()).isEmpty()) {
                        stale.computeIfAbsent(leaf, l -> new LinkedHashMap<>()).put(parent.getKey(), group);
                    }
                }
            } catch (IOException | SecurityException e) {
                // Not ours to read: nothing to sweep there.
            }
        }
        if (!v2) {
            // A reused group's process group has a name of its own (see emptyProcessGroupFor): the
            // processes are gathered from every stale folder, whatever its name, and killed at once.
            List<Path> all = stale.values().stream().flatMap(dirs -> dirs.values().stream()).toList();
            killEverythingIn(all, stale.values().stream().map(dirs -> dirs.get("freezer"))
                    .filter(java.util.Objects::nonNull).toList());
            all.forEach(BotCgroup::rmdir);
            return stale.size();
        }
        for (Map<String, Path> dirs : stale.values()) {
            BotCgroup group = new BotCgroup(dirs, true, ResourceLimits.DEFAULT);
            if (dirs.containsKey("unified")) {
                group.killAll();
            }
            group.remove();
        }
        return stale.size();
    }

    /**
     * Kills every process in the v1 folders given: the freezer folders are frozen (no fork can
     * outrun the kill), each process gets SIGKILL, and they are thawed (a frozen process dies
     * only then); again until none is left, for five seconds at most.
     */
    private static void killEverythingIn(List<Path> dirs, List<Path> freezers) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < deadline) {
            java.util.Set<Long> pids = new java.util.HashSet<>();
            dirs.forEach(dir -> pids.addAll(processesIn(dir)));
            if (pids.isEmpty()) {
                return;
            }
            freezers.forEach(freezer -> writeQuietly(freezer.resolve("freezer.state"), "FROZEN"));
            pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            freezers.forEach(freezer -> writeQuietly(freezer.resolve("freezer.state"), "THAWED"));
            sleep(2);
        }
    }

    private static List<Long> processesIn(Path dir) {
        List<Long> pids = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(dir.resolve("cgroup.procs"))) {
                if (!line.isBlank()) {
                    pids.add(Long.parseLong(line.strip()));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // Gone already.
        }
        return pids;
    }

    private static void writeQuietly(Path file, String value) {
        try {
            write(file, value);
        } catch (IOException e) {
            // Gone already.
        }
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

    /** The inode number of this process's PID namespace ({@code /proc/self/ns/pid}), 0 when unknown. */
    private static long pidNamespace() {
        try {
            String link = Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString();
            return Long.parseLong(link.substring(link.indexOf('[') + 1, link.indexOf(']')));
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** Whether cgroups can be used here at all (made and removed once to find out). */
    public static boolean available() {
        Optional<BotCgroup> probe = create("probe", ResourceLimits.DEFAULT);
        probe.ifPresent(BotCgroup::remove);
        return probe.isPresent();
    }

    private static Optional<BotCgroup> createV1(String leaf, ResourceLimits limits) {
        Map<String, Path> dirs = new LinkedHashMap<>();
        try {
            for (String controller : V1_CONTROLLERS) {
                Path parent = v1Parent(controller).orElseThrow(() -> new IOException("no v1 " + controller + " hierarchy"));
                Path dir = Files.createDirectory(parent.resolve(leaf));
                dirs.put(controller, dir);
            }
            write(dirs.get("memory").resolve("memory.limit_in_bytes"), Long.toString(limits.memoryBytes()));
            // Without swap accounting the limit above is all there is; with it, swap counts too.
            Path memsw = dirs.get("memory").resolve("memory.memsw.limit_in_bytes");
            if (Files.exists(memsw)) {
                write(memsw, Long.toString(limits.memoryBytes()));
            }
            write(dirs.get("pids").resolve("pids.max"), Integer.toString(limits.processes()));
            return Optional.of(new BotCgroup(dirs, false, limits));
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            dirs.values().forEach(BotCgroup::rmdir);
            return Optional.empty();
        }
    }

    private static Optional<BotCgroup> createV2(String leaf, ResourceLimits limits) {
        if (!Files.isRegularFile(ROOT.resolve("cgroup.controllers"))) {
            return Optional.empty();
        }
        CgroupV2Tree.Place place = v2Place();
        if (!place.isUsable()) {
            return Optional.empty();
        }
        Path parent = place.parent();
        Path dir = null;
        try {
            dir = Files.createDirectory(parent.resolve(leaf));
            write(dir.resolve("memory.max"), Long.toString(limits.memoryBytes()));
            Path swap = dir.resolve("memory.swap.max");
            if (Files.exists(swap)) {
                write(swap, "0");
            }
            write(dir.resolve("pids.max"), Integer.toString(limits.processes()));
            return Optional.of(new BotCgroup(Map.of("unified", dir), true, limits));
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            if (dir != null) {
                rmdir(dir);
            }
            return Optional.empty();
        }
    }

    /**
     * Keeps one empty freezer group of this arena's frozen from its first freeze on. The kernel
     * switches its freezer checks on and off for the whole machine (patching its code and
     * interrupting every core) whenever the number of frozen v1 groups goes from none to one or
     * back, which suspending idle bots at every move did again and again; with one group always
     * frozen that never happens. Removed when the arena exits, or by the next arena's sweep if
     * it was killed.
     */
    private static void keepFreezerActive() {
        synchronized (IDLE) {
            if (keeperTried) {
                return;
            }
            keeperTried = true;
        }
        keeper = frozenKeeper(ARENA_PID);
    }

    /** An empty freezer group named as {@code owner}'s, frozen; null where it could not be made. */
    static Path frozenKeeper(long owner) {
        Optional<Path> parent = v1Parent("freezer");
        if (parent.isEmpty()) {
            return null;
        }
        Path dir = parent.get().resolve(PREFIX + owner + "." + PID_NAMESPACE + "-freezer-keeper-"
                + UUID.randomUUID().toString().substring(0, 8));
        try {
            Files.createDirectory(dir);
            write(dir.resolve("freezer.state"), "FROZEN");
            return dir;
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            rmdir(dir);
            return null;
        }
    }

    /**
     * Where the bots' groups of a v1 controller go: under the arena's own group, or at the top of
     * the hierarchy when that is not visible here; empty when the machine has no such hierarchy.
     */
    private static Optional<Path> v1Parent(String controller) {
        Path mount = ROOT.resolve(controller);
        if (!Files.isRegularFile(mount.resolve("cgroup.procs"))) {
            return Optional.empty();
        }
        Path parent = mount.resolve(ownGroups().getOrDefault(controller, "/").substring(1));
        return Optional.of(Files.isDirectory(parent) ? parent : mount);
    }

    /** Where the bots' groups go in a v2 hierarchy, set up at the first need (see {@link CgroupV2Tree}). */
    private static volatile CgroupV2Tree.Place v2Place;

    private static CgroupV2Tree.Place v2Place() {
        CgroupV2Tree.Place place = v2Place;
        if (place == null) {
            synchronized (BotCgroup.class) {
                place = v2Place;
                if (place == null) {
                    place = CgroupV2Tree.setUp(ROOT, ownGroups().get(""), ARENA_PID,
                            PREFIX + ARENA_PID + "." + PID_NAMESPACE + "-arena");
                    v2Place = place;
                }
            }
        }
        return place;
    }

    /**
     * Why this arena cannot use cgroup v2, in one line; empty when it can. Where the machine
     * offers complete v1 hierarchies, those are used instead and this says so.
     */
    public static Optional<String> v2Problem() {
        if (V1_CONTROLLERS.stream().allMatch(c -> v1Parent(c).isPresent())) {
            return Optional.of("this machine offers cgroup v1, which the arena uses");
        }
        return Optional.ofNullable(v2Place().problem());
    }

    /** The arena's own groups: they do not change while it runs, and every bot's start needs them. */
    private static volatile Map<String, String> ownGroups;

    /** This process's group per v1 controller (and "" for v2), from /proc/self/cgroup. */
    private static Map<String, String> ownGroups() {
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
    public String kind() {
        return v2 ? "cgroup-v2" : "cgroup-v1";
    }

    /** The files a process writes its own pid into to join this group (every v1 hierarchy, or the one v2 file). */
    public List<Path> procsFiles() {
        return dirs.values().stream().map(dir -> dir.resolve("cgroup.procs")).toList();
    }

    /**
     * Stops every process of the bot at once (they get no CPU until {@link #thaw}); for the
     * arena's fair clocks, which suspend the bot that is not to move. Returns false when the
     * group is already gone or the freeze did not take within a second.
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
     * the freezer, into the arena's own freezer group, so that suspending the bot at every move
     * stops and wakes only the bot's processes; they stay in the memory, process and CPU groups,
     * and are killed with the group. cgroup v1 only (v2 has one group for every controller);
     * returns whether they were moved.
     */
    public boolean exemptFromFreezing(List<Long> pids) {
        if (v2 || pids.isEmpty()) {
            return false;
        }
        Path parent = dirs.get("freezer").getParent().resolve("cgroup.procs");
        try {
            for (long pid : pids) {
                write(parent, Long.toString(pid));
            }
            return true;
        } catch (IOException e) {
            return false;
        }
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
            if (cpuFile == null || !cpuFile.isOpen()) {
                cpuFile = FileChannel.open(v2 ? dir().resolve("cpu.stat") : dirs.get("cpuacct").resolve("cpuacct.usage"),
                        StandardOpenOption.READ);
            }
            cpuText.clear();
            int n = cpuFile.read(cpuText, 0);
            String text = new String(cpuText.array(), 0, Math.max(0, n), StandardCharsets.US_ASCII);
            if (v2) {
                for (String line : text.split("\n")) {
                    if (line.startsWith("usage_usec ")) {
                        return OptionalLong.of(Long.parseLong(line.substring(11).strip()) * 1000);
                    }
                }
                return OptionalLong.empty();
            }
            return OptionalLong.of(Long.parseLong(text.strip()));
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** The most memory the bot's processes held at once, when the kernel keeps that figure. */
    public OptionalLong memoryPeakBytes() {
        try {
            Path file = v2 ? dir().resolve("memory.peak") : dirs.get("memory").resolve("memory.max_usage_in_bytes");
            return OptionalLong.of(Long.parseLong(read(file)));
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * The limit the bot ran into, in words with its figure: the kernel killed a process for
     * memory, or refused it a new process or thread. Empty when it stayed within both.
     */
    public Optional<String> limitHit() {
        if (counter(v2 ? dir().resolve("memory.events") : dirs.get("memory").resolve("memory.oom_control"), "oom_kill")
                > oomKillsBefore) {
            String peak = memoryPeakBytes().stream().mapToObj(ResourceLimits::bytes).map(p -> ", peak " + p)
                    .findFirst().orElse("");
            return Optional.of("memory limit of " + ResourceLimits.bytes(limits.memoryBytes()) + " (killed for memory" + peak + ")");
        }
        if (counter((v2 ? dir() : dirs.get("pids")).resolve("pids.events"), "max") > refusedBefore) {
            return Optional.of("process limit of " + limits.processes() + " processes and threads");
        }
        return Optional.empty();
    }

    /** Processes in the group now. */
    public List<Long> pids() {
        List<Long> pids = new ArrayList<>();
        try {
            for (String line : Files.readAllLines((v2 ? dir() : dirs.get("pids")).resolve("cgroup.procs"))) {
                if (!line.isBlank()) {
                    pids.add(Long.parseLong(line.strip()));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // Gone already.
        }
        return pids;
    }

    /**
     * Kills every process in the group, however it forked, detached or renamed itself: freeze
     * (so that a fork loop cannot outrun the kill), SIGKILL each, thaw, and wait until the group
     * is empty. Returns how many processes were killed.
     */
    public int killAll() {
        int killed = 0;
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < deadline) {
            List<Long> pids = pids();
            if (pids.isEmpty()) {
                break;
            }
            if (v2 && Files.exists(dir().resolve("cgroup.kill"))) {
                try {
                    write(dir().resolve("cgroup.kill"), "1");
                    killed += pids.size();
                } catch (IOException e) {
                    // Fall back to one by one.
                }
            } else {
                freeze();
                for (long pid : pids) {
                    if (ProcessHandle.of(pid).map(ProcessHandle::destroyForcibly).orElse(false)) {
                        killed++;
                    }
                }
                thaw();
            }
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
    private synchronized void writeState(boolean frozen) throws IOException {
        if (removed) {
            throw new IOException("the group was removed");
        }
        if (frozen && !v2 && !keeperTried) {
            keepFreezerActive();
        }
        if (stateFile == null || !stateFile.isOpen()) {
            // Opened again if an interrupt closed it under a write.
            Path file = v2 ? dir().resolve("cgroup.freeze") : dirs.get("freezer").resolve("freezer.state");
            stateFile = FileChannel.open(file, StandardOpenOption.WRITE);
        }
        byte[] value = (v2 ? (frozen ? "1" : "0") : (frozen ? "FROZEN" : "THAWED")).getBytes(StandardCharsets.US_ASCII);
        stateFile.write(ByteBuffer.wrap(value), 0);
    }

    /** Removes the group (after {@link #killAll}: a group with processes cannot be removed). */
    public void remove() {
        synchronized (this) {
            removed = true;
            closeQuietly(stateFile);
            closeQuietly(cpuFile);
            stateFile = null;
            cpuFile = null;
        }
        dirs.values().forEach(BotCgroup::rmdir);
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

    private boolean setFrozen(boolean frozen) {
        try {
            writeState(frozen);
            if (v2) {
                // The kernel reports "frozen 1" once every process of the group has stopped.
                Path events = dir().resolve("cgroup.events");
                long deadline = System.nanoTime() + 1_000_000_000L;
                while (frozen && counter(events, "frozen") != 1 && System.nanoTime() < deadline) {
                    sleep(1);
                }
                return !frozen || counter(events, "frozen") == 1;
            }
            Path state = dirs.get("freezer").resolve("freezer.state");
            long deadline = System.nanoTime() + 1_000_000_000L;
            while (frozen && !read(state).equals("FROZEN") && System.nanoTime() < deadline) {
                sleep(1);
            }
            return !frozen || read(state).equals("FROZEN");
        } catch (IOException e) {
            return false;
        }
    }

    private Path dir() {
        return dirs.get("unified");
    }

    private static long counter(Path file, String key) {
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith(key + " ")) {
                    return Long.parseLong(line.substring(key.length() + 1).strip());
                }
            }
        } catch (IOException | NumberFormatException e) {
            // An older kernel without the counter: nothing to report.
        }
        return 0;
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.US_ASCII).strip();
    }

    private static void write(Path file, String value) throws IOException {
        Files.writeString(file, value, StandardCharsets.US_ASCII);
    }

    private static void rmdir(Path dir) {
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

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
