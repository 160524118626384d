package caissa.arena.linux;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * A bot's group on cgroup v2: one folder of the unified hierarchy, beside the arena's own leaf
 * (see {@link CgroupV2Tree}: processes live only in leaves there). Made for each bot and
 * removed after it; {@code cgroup.kill} ends every process at once where the kernel has it.
 */
final class CgroupV2 extends BotCgroup {

    private static final byte[] USAGE = "usage_usec ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FREEZE = "1".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] THAW = "0".getBytes(StandardCharsets.US_ASCII);

    /** Where the bots' groups go, set up at the first need (see {@link CgroupV2Tree}). */
    private static volatile CgroupV2Tree.Place place;

    private final Path dir;

    private CgroupV2(Path dir, GroupLimits limits) {
        super(limits);
        this.dir = dir;
    }

    /** Whether the machine mounts cgroup v2 at {@link #ROOT}. */
    static boolean mounted() {
        return Files.isRegularFile(ROOT.resolve("cgroup.controllers"));
    }

    /**
     * A new group named {@code leaf}.
     *
     * @throws IOException where this arena cannot place groups (see {@link #place}) or write them: why
     */
    static BotCgroup make(String leaf, GroupLimits limits) throws IOException {
        if (!mounted()) {
            throw new IOException("no cgroup v2 file system at " + ROOT);
        }
        if (!place().isUsable()) {
            throw new IOException(String.valueOf(place().problem()));
        }
        Path made = null;
        try {
            made = Files.createDirectory(place().parent().resolve(leaf));
            write(made.resolve("memory.max"), Long.toString(limits.memoryBytes()));
            Path swap = made.resolve("memory.swap.max");
            if (Files.exists(swap)) {
                write(swap, "0");
            }
            write(made.resolve("pids.max"), Integer.toString(limits.processes()));
            return new CgroupV2(made, limits);
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            if (made != null) {
                rmdir(made);
            }
            throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
    }

    static CgroupV2Tree.Place place() {
        CgroupV2Tree.Place known = place;
        if (known == null) {
            synchronized (CgroupV2.class) {
                known = place;
                if (known == null) {
                    known = CgroupV2Tree.setUp(
                            ROOT, ownGroups().get(""), ARENA_PID, PREFIX + ARENA_PID + "." + PID_NAMESPACE + "-arena");
                    place = known;
                }
            }
        }
        return known;
    }

    /** Removes the v2 groups of arenas that are gone (see {@link BotCgroup#sweepStale}), with what runs in them. */
    static int sweepStaleGroups() {
        if (!mounted() || !place().isUsable()) {
            return 0;
        }
        List<Path> stale = staleIn(place().parent());
        for (Path group : stale) {
            CgroupV2 dead = new CgroupV2(group, ANY);
            dead.killAll();
            dead.remove();
        }
        return stale.size();
    }

    @Override
    public String kind() {
        return "cgroup-v2";
    }

    @Override
    public List<Path> procsFiles() {
        return List.of(dir.resolve("cgroup.procs"));
    }

    @Override
    Path cpuFile() {
        return dir.resolve("cpu.stat");
    }

    @Override
    OptionalLong cpuNanos(byte[] text, int length) {
        return usage(text, length);
    }

    /** cpu.stat: lines of "name value"; {@code usage_usec} is the CPU time in microseconds. */
    static OptionalLong usage(byte[] text, int length) {
        for (int line = 0; line < length; ) {
            if (startsWith(text, line, length, USAGE)) {
                long micros = numberAt(text, line + USAGE.length, length);
                return micros < 0 ? OptionalLong.empty() : OptionalLong.of(micros * 1000);
            }
            while (line < length && text[line] != '\n') {
                line++;
            }
            line++;
        }
        return OptionalLong.empty();
    }

    private static boolean startsWith(byte[] text, int from, int length, byte[] prefix) {
        if (length - from < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (text[from + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    Path memoryPeakFile() {
        return dir.resolve("memory.peak");
    }

    @Override
    Path memoryEventsFile() {
        return dir.resolve("memory.events");
    }

    @Override
    Path processesDir() {
        return dir;
    }

    @Override
    Path freezeFile() {
        return dir.resolve("cgroup.freeze");
    }

    @Override
    byte[] freezeValue(boolean frozen) {
        return frozen ? FREEZE : THAW;
    }

    /** The kernel reports "frozen 1" once every process of the group has stopped. */
    @Override
    boolean frozenNow() {
        return counter(dir.resolve("cgroup.events"), "frozen") == 1;
    }

    @Override
    int killOnce(List<Long> pids) {
        Path kill = dir.resolve("cgroup.kill");
        if (Files.exists(kill)) {
            try {
                write(kill, "1");
                return pids.size();
            } catch (IOException e) {
                // One by one below.
            }
        }
        // A kernel without cgroup.kill: frozen first, so that no fork outruns the kills.
        return killFrozen(pids);
    }

    @Override
    void removeFolders() {
        rmdir(dir);
    }
}
