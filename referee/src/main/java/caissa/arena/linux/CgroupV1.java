package caissa.arena.linux;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;

/**
 * A bot's group on cgroup v1: one folder in each of the memory, pids, freezer and cpuacct
 * hierarchies. Used again by a later bot of the same limits ({@link BotCgroup#take}, {@link #release})
 * once the last one's processes are all gone and its figures are reset: making and removing four
 * groups for each bot of each game was a tenth of the arena's own CPU time.
 */
public final class CgroupV1 extends BotCgroup {

    public static final List<String> CONTROLLERS = List.of("memory", "pids", "freezer", "cpuacct");
    private static final byte[] FROZEN = "FROZEN".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] THAWED = "THAWED".getBytes(StandardCharsets.US_ASCII);

    /** Groups of this arena that are empty and reset, by limits, for the next bot (guarded by itself). */
    private static final Map<GroupLimits, Deque<CgroupV1>> IDLE = new HashMap<>();
    /** A group that still holds more memory than this once its processes are gone is not used again. */
    private static final long MAX_RESIDUAL_BYTES = 8L << 20;
    /** At most this many idle groups are kept; more are removed. */
    private static final int MAX_IDLE = 64;
    /**
     * Process groups taken out of use while the kernel still counted a process of their last
     * bot (see {@link #resetForReuse}), oldest first (guarded by {@link #IDLE}): the count drops
     * to zero a second or so later, and the oldest then serves another group instead of a new
     * one being made and the old one removed at every bot.
     */
    private static final Deque<Path> LINGERING = new ArrayDeque<>();
    /** At most this many such process groups are kept (about two seconds of bots at a fast time control); more are removed. */
    private static final int MAX_LINGERING = 256;
    /** An empty freezer group kept frozen while bots run (see {@link #keepFreezerActive}); null until the first freeze. */
    private static Path keeper;

    private static boolean keeperTried;

    /** One folder per controller; the pids one is replaced when the group is used again (see {@link #resetForReuse}). */
    private final Map<String, Path> dirs;

    private CgroupV1(Map<String, Path> dirs, GroupLimits limits) {
        super(limits);
        this.dirs = dirs;
    }

    /** An idle group of this arena with these limits, if one is kept. */
    static Optional<BotCgroup> idle(GroupLimits limits) {
        synchronized (IDLE) {
            Deque<CgroupV1> idle = IDLE.get(limits);
            return idle == null || idle.isEmpty() ? Optional.empty() : Optional.of(idle.pollFirst());
        }
    }

    /**
     * A new group named {@code leaf} in every v1 hierarchy.
     *
     * @throws IOException where the machine has not all of them, or they cannot be written: why, with the file
     */
    static BotCgroup make(String leaf, GroupLimits limits) throws IOException {
        Map<String, Path> dirs = new LinkedHashMap<>();
        try {
            for (String controller : CONTROLLERS) {
                Path parent =
                        parent(controller).orElseThrow(() -> new IOException("no v1 " + controller + " hierarchy"));
                dirs.put(controller, Files.createDirectory(parent.resolve(leaf)));
            }
            write(dirs.get("memory").resolve("memory.limit_in_bytes"), Long.toString(limits.memoryBytes()));
            // Without swap accounting the limit above is all there is; with it, swap counts too.
            Path memsw = dirs.get("memory").resolve("memory.memsw.limit_in_bytes");
            if (Files.exists(memsw)) {
                write(memsw, Long.toString(limits.memoryBytes()));
            }
            write(dirs.get("pids").resolve("pids.max"), Integer.toString(limits.processes()));
            return new CgroupV1(dirs, limits);
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            dirs.values().forEach(BotCgroup::rmdir);
            throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
    }

    /** Whether the machine has every v1 hierarchy a bot's group needs. */
    static boolean complete() {
        return CONTROLLERS.stream().allMatch(c -> parent(c).isPresent());
    }

    /**
     * Where the bots' groups of a v1 controller go: under the arena's own group, or at the top of
     * the hierarchy when that is not visible here; empty when the machine has no such hierarchy.
     */
    static Optional<Path> parent(String controller) {
        Path mount = ROOT.resolve(controller);
        if (!Files.isRegularFile(mount.resolve("cgroup.procs"))) {
            return Optional.empty();
        }
        Path parent = mount.resolve(ownGroups().getOrDefault(controller, "/").substring(1));
        return Optional.of(Files.isDirectory(parent) ? parent : mount);
    }

    @Override
    public String kind() {
        return "cgroup-v1";
    }

    @Override
    public List<Path> procsFiles() {
        return dirs.values().stream().map(dir -> dir.resolve("cgroup.procs")).toList();
    }

    @Override
    Path cpuFile() {
        return dirs.get("cpuacct").resolve("cpuacct.usage");
    }

    /** cpuacct.usage: the nanoseconds alone. */
    @Override
    OptionalLong cpuNanos(byte[] text, int length) {
        long nanos = numberAt(text, 0, length);
        return nanos < 0 ? OptionalLong.empty() : OptionalLong.of(nanos);
    }

    @Override
    Path memoryPeakFile() {
        return dirs.get("memory").resolve("memory.max_usage_in_bytes");
    }

    @Override
    Path memoryEventsFile() {
        return dirs.get("memory").resolve("memory.oom_control");
    }

    @Override
    Path processesDir() {
        return dirs.get("pids");
    }

    @Override
    Path freezeFile() {
        return dirs.get("freezer").resolve("freezer.state");
    }

    @Override
    byte[] freezeValue(boolean frozen) {
        return frozen ? FROZEN : THAWED;
    }

    @Override
    boolean frozenNow() throws IOException {
        return read(freezeFile()).equals("FROZEN");
    }

    @Override
    void beforeFreeze() {
        keepFreezerActive();
    }

    @Override
    int killOnce(List<Long> pids) {
        return killFrozen(pids);
    }

    @Override
    public boolean exemptFromFreezing(List<Long> pids) {
        if (pids.isEmpty()) {
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

    @Override
    boolean keep() {
        if (!pids().isEmpty() || !resetForReuse()) {
            return false;
        }
        synchronized (IDLE) {
            int kept = IDLE.values().stream().mapToInt(Deque::size).sum();
            if (keeping() && kept < MAX_IDLE) {
                IDLE.computeIfAbsent(limits(), l -> new ArrayDeque<>()).addLast(this);
                return true;
            }
        }
        return false;
    }

    @Override
    void removeFolders() {
        dirs.values().forEach(BotCgroup::rmdir);
    }

    /**
     * Makes an empty group as good as new for the next bot: thawed, its CPU time set back to
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
            long oomKills = counter(memoryEventsFile(), "oom_kill");
            Path pids = dirs.get("pids");
            if (Long.parseLong(read(pids.resolve("pids.current"))) != 0) {
                pids = emptyProcessGroupFor(pids);
                dirs.put("pids", pids);
                write(pids.resolve("pids.max"), Integer.toString(limits().processes()));
            }
            countersNow(oomKills, counter(pids.resolve("pids.events"), "max"));
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
            keep = keeping() && LINGERING.size() < MAX_LINGERING;
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
        return Files.createDirectory(lingering.resolveSibling(
                leaf.substring(0, tail + 1) + UUID.randomUUID().toString().substring(0, 8)));
    }

    private static long processCount(Path pids) {
        try {
            return Long.parseLong(read(pids.resolve("pids.current")));
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    /** Removes every idle group and lingering process group, and the freezer's keeper. */
    public static void removeKept() {
        List<CgroupV1> idle = new ArrayList<>();
        List<Path> lingering;
        Path held;
        synchronized (IDLE) {
            IDLE.values().forEach(idle::addAll);
            IDLE.clear();
            lingering = new ArrayList<>(LINGERING);
            LINGERING.clear();
            held = keeper;
            keeper = null;
            keeperTried = false;
        }
        idle.forEach(BotCgroup::remove);
        lingering.forEach(BotCgroup::rmdir);
        if (held != null) {
            rmdir(held);
        }
    }

    /**
     * Keeps one empty freezer group of this arena's frozen from its first freeze on. The kernel
     * switches its freezer checks on and off for the whole machine (patching its code and
     * interrupting every core) whenever the number of frozen v1 groups goes from none to one or
     * back, which suspending idle bots at every move did again and again; with one group always
     * frozen that never happens. Removed when the bots are done, or by the next arena's sweep if
     * this one was killed.
     */
    private static void keepFreezerActive() {
        synchronized (IDLE) {
            if (keeperTried) {
                return;
            }
            keeperTried = true;
        }
        Path made = frozenKeeper(ARENA_PID);
        synchronized (IDLE) {
            keeper = made;
        }
    }

    /** An empty freezer group named as {@code owner}'s, frozen; null where it could not be made. */
    static Path frozenKeeper(long owner) {
        Optional<Path> parent = parent("freezer");
        if (parent.isEmpty()) {
            return null;
        }
        Path dir = parent.get()
                .resolve(PREFIX + owner + "." + PID_NAMESPACE + "-freezer-keeper-"
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
     * Removes the v1 groups of arenas that are gone (see {@link BotCgroup#sweepStale}) and returns
     * how many there were. A reused group's process group has a name of its own (see {@link
     * #emptyProcessGroupFor}): the processes are gathered from every stale folder, whatever its
     * name, and killed at once.
     */
    static int sweepStaleGroups() {
        Map<String, Map<String, Path>> stale = new LinkedHashMap<>();
        for (String controller : CONTROLLERS) {
            parent(controller)
                    .ifPresent(parent -> staleIn(parent)
                            .forEach(group -> stale.computeIfAbsent(
                                            group.getFileName().toString(), l -> new LinkedHashMap<>())
                                    .put(controller, group)));
        }
        List<Path> all =
                stale.values().stream().flatMap(dirs -> dirs.values().stream()).toList();
        killEverythingIn(
                all,
                stale.values().stream()
                        .map(dirs -> dirs.get("freezer"))
                        .filter(Objects::nonNull)
                        .toList());
        all.forEach(BotCgroup::rmdir);
        return stale.size();
    }

    /**
     * Kills every process in the folders given: the freezer folders are frozen (no fork can
     * outrun the kill), each process gets SIGKILL, and they are thawed (a frozen process dies
     * only then); again until none is left, for five seconds at most.
     */
    private static void killEverythingIn(List<Path> dirs, List<Path> freezers) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < deadline) {
            Set<Long> pids = new HashSet<>();
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
}
