package caissa.arena.sandbox;

import caissa.arena.linux.TreeUsage;
import java.io.File;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A bot's memory and process limits where no cgroup can hold them (an ordinary user on cgroup v1,
 * a container without a delegated cgroup): its process tree is looked at every {@link
 * #PERIOD_MILLIS} ms, and a tree over a limit is killed and the limit reported, as a cgroup
 * would. It counts what the bot's processes hold (resident memory and page tables, processes and
 * threads, and, every few periods, the memory they keep outside every resident set), never
 * address space a runtime reserves without using it, and never the user's other processes: the
 * per-process rlimits that did broke every JVM bot (which reserves more than a gigabyte at
 * start) and let one bot's threads starve another's.
 *
 * <p>What it cannot do, a cgroup can: a bot may pass a limit for up to one period before it is
 * stopped, and a process that leaves the tree (orphaned outside a sandbox, whose PID namespace
 * keeps orphans in the tree) is no longer counted.
 */
public final class LimitWatchdog implements AutoCloseable {

    /** How often each watched tree is looked at. */
    public static final long PERIOD_MILLIS = 20;
    /** How many times a kill goes over the tree again for processes forked meanwhile. */
    private static final int KILL_ROUNDS = 50;

    /** The writable places of a sandbox are looked at every this many periods: a full one only stops writes. */
    private static final int SCRATCH_EVERY = 5;

    private final long root;
    private final ResourceLimits limits;
    /** Whether memory and processes are watched here (no cgroup holds them). */
    private final boolean processes;
    /** The sandbox's memory file systems to watch for a full one (paths inside the sandbox); none outside one. */
    private final List<String> scratch;

    private volatile String hit;
    private final ScheduledFuture<?> task;
    private int ticks;
    /** The sandbox's init, through whose /proc/PID/root its file systems are seen; 0 until found. */
    private long init;

    /** Kept scratch folders on the host (with --keep-scratch), by the path the bot sees them at. */
    private final Map<String, Path> kept;

    /**
     * The sandbox's memory file systems, held open from the first look that found them (guarded
     * by this): an open folder keeps its file system, so what the bot wrote there can still be
     * read after its end took the sandbox away (see {@link #fileAtSizeLimit}).
     */
    private final Map<String, SecureDirectoryStream<Path>> held = new HashMap<>();

    private LimitWatchdog(
            long root, ResourceLimits limits, boolean processes, List<String> scratch, Map<String, Path> kept) {
        this.root = root;
        this.limits = limits;
        this.processes = processes;
        this.scratch = List.copyOf(scratch);
        this.kept = Map.copyOf(kept);
        // Only the sandbox's file systems to watch (a cgroup holds the rest): a fifth as often.
        long period = processes ? PERIOD_MILLIS : PERIOD_MILLIS * SCRATCH_EVERY;
        this.task = Machine.current()
                .limitTimer()
                .scheduleWithFixedDelay(() -> look(false), period, period, TimeUnit.MILLISECONDS);
    }

    /**
     * Starts watching the tree below {@code root} (the process the arena started): its memory and
     * processes against the limits when {@code processes} (no cgroup holds them), and the
     * sandbox's writable file systems named in {@code scratch} for one its bot filled.
     */
    public static LimitWatchdog watch(
            long root, ResourceLimits limits, boolean processes, List<String> scratch, Map<String, Path> kept) {
        return new LimitWatchdog(root, limits, processes, scratch, kept);
    }

    /** The limit the tree went over, in words with its figure; empty while it has not. */
    public Optional<String> limitHit() {
        return Optional.ofNullable(hit);
    }

    /** Looks once more, at once: what the game's end reads must not miss the last moments. */
    public Optional<String> lookNow() {
        synchronized (this) {
            if (hit == null && !task.isCancelled()) {
                look(true);
            }
        }
        return limitHit();
    }

    /** Looks at the tree once; at the sandbox's file systems too every few periods, or when {@code everything}. */
    private synchronized void look(boolean everything) {
        if (hit != null) {
            return;
        }
        if (!processes) {
            if (ProcessHandle.of(root).isEmpty()) {
                task.cancel(false);
                return;
            }
            Optional<String> full = fullScratch();
            if (full.isEmpty()) {
                return;
            }
            hit = scratchHit(full.get());
            task.cancel(false);
            kill(TreeUsage.of(root).pids());
            return;
        }
        TreeUsage usage = TreeUsage.of(root);
        if (usage.pids().isEmpty()) {
            task.cancel(false);
            return;
        }
        if (seen.size() < MAX_SEEN) {
            seen.addAll(usage.pids());
        }
        long held;
        if (ticks % SCRATCH_EVERY == 0 || everything) {
            elsewhere = usage.openMemoryFileBytes() + scratchInMemoryBytes() + sharedMemoryBytes(usage.pids());
        }
        Optional<String> full = ticks++ % SCRATCH_EVERY == 0 || everything ? fullScratch() : Optional.empty();
        if (full.isPresent()) {
            hit = scratchHit(full.get());
        } else if ((held = usage.residentBytes() + elsewhere) > limits.memoryBytes()
                && (held = usage.proportionalBytes() + elsewhere) > limits.memoryBytes()) {
            // Over by the resident sum, and still over with shared pages counted once.
            hit = "memory limit of " + ResourceLimits.bytes(limits.memoryBytes()) + " (killed at a peak of "
                    + ResourceLimits.bytes(held) + ")";
        } else if (usage.threads() > limits.processes()) {
            hit = "process limit of " + limits.processes() + " processes and threads (killed at a peak of "
                    + usage.threads() + ")";
        } else {
            return;
        }
        task.cancel(false);
        kill(usage.pids());
    }

    /**
     * What the bot holds in memory outside its processes' resident sets, as last looked at (every
     * few periods: it is dearer to find): memory files it keeps open unmapped (memfds, unlinked
     * files of /dev/shm) and what it wrote in its sandbox's memory file systems. A cgroup
     * counts both as the bot's memory; so does the watchdog.
     */
    private long elsewhere;

    /** The System V shared memory segments the bot made or last used, by id: they outlive the process that did. */
    private final Set<Long> segments = new HashSet<>();

    /** Every process of the bot's tree seen so far: what made a segment may be gone before a look found it. */
    private final Set<Long> seen = new HashSet<>();
    /** A fork loop cannot make the set of processes seen grow without end. */
    private static final int MAX_SEEN = 65_536;

    /**
     * What the System V shared memory segments of the bot hold (their resident pages where the
     * kernel says, else their size), found in /proc/sysvipc/shm by the process that made or last
     * attached them and remembered: a segment made, filled and detached is in no process's
     * resident set. A sandbox has an IPC namespace of its own, whose segments the arena cannot
     * see from outside (they vanish with the sandbox): this counts a plain bot's.
     */
    private long sharedMemoryBytes(List<Long> pids) {
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of("/proc/sysvipc/shm"));
        } catch (IOException | SecurityException e) {
            return 0;
        }
        if (lines.isEmpty()) {
            return 0;
        }
        List<String> columns = List.of(lines.get(0).strip().split("\\s+"));
        int id = columns.indexOf("shmid");
        int size = columns.indexOf("size");
        int creator = columns.indexOf("cpid");
        int last = columns.indexOf("lpid");
        int resident = columns.indexOf("rss");
        if (id < 0 || size < 0 || creator < 0 || last < 0) {
            return 0;
        }
        Set<Long> tree = new HashSet<>(pids);
        long total = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.strip().split("\\s+");
            try {
                long shmid = Long.parseLong(fields[id]);
                if (tree.contains(Long.parseLong(fields[creator])) || tree.contains(Long.parseLong(fields[last]))) {
                    segments.add(shmid);
                }
                if (segments.contains(shmid)) {
                    total += Long.parseLong(fields[resident >= 0 && resident < fields.length ? resident : size]);
                }
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                // A line this reader does not know.
            }
        }
        return total;
    }

    /** What the bot's sandbox's memory file systems hold now, in all; 0 outside a sandbox. */
    private long scratchInMemoryBytes() {
        if (scratch.isEmpty() || init == 0) {
            return 0;
        }
        long total = 0;
        for (String mount : scratch) {
            File seen = new File("/proc/" + init + "/root" + mount);
            long device = device(seen.toPath());
            if (device != -1 && !HOST_DEVICES.contains(device)) {
                total += Math.max(0, seen.getTotalSpace() - seen.getFreeSpace());
            }
        }
        return total;
    }

    /** A block of the file systems kept folders are on: every file and folder takes at least one. */
    private static final long BLOCK = 4096;
    /** A walk looks at no more entries than this: so many take more than any scratch limit anyway. */
    private static final int MAX_ENTRIES = 1_000_000;

    /**
     * What a kept folder takes on disk, as far as the arena can tell, up to {@code limit}: each
     * file its size in whole blocks and at least one block, each folder one block, so that
     * 100,000 empty files count 390 MiB, not nothing. The walk opens each folder relative to its
     * parent (openat), so that a path longer than PATH_MAX is reached too; a folder the arena
     * cannot read (mode 0300, as the bot's own user) counts as the whole limit: what cannot be
     * counted is not kept on trust. Blocks a file holds past its size ({@code fallocate} with
     * KEEP_SIZE) are not seen: Java does not read {@code st_blocks}.
     */
    static long bytesIn(Path folder, long limit) {
        long[] total = {0, 0};
        try (DirectoryStream<Path> top = Files.newDirectoryStream(folder)) {
            if (!(top instanceof SecureDirectoryStream<Path> secure)) {
                return 0;
            }
            add(secure, total, limit);
        } catch (AccessDeniedException e) {
            return limit;
        } catch (IOException | DirectoryIteratorException e) {
            // Gone, or changing under the walk: counted at the next look.
            return e instanceof DirectoryIteratorException d && d.getCause() instanceof AccessDeniedException
                    ? limit
                    : total[0];
        }
        return total[0];
    }

    private static void add(SecureDirectoryStream<Path> dir, long[] total, long limit) throws IOException {
        for (Path entry : dir) {
            Path name = entry.getFileName();
            if (total[0] >= limit || ++total[1] > MAX_ENTRIES) {
                total[0] = Math.max(total[0], limit);
                return;
            }
            BasicFileAttributes attributes;
            try {
                attributes = dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .readAttributes();
            } catch (NoSuchFileException e) {
                continue;
            }
            total[0] += Math.max(1, (attributes.size() + BLOCK - 1) / BLOCK) * BLOCK;
            if (attributes.isDirectory()) {
                try (SecureDirectoryStream<Path> inner = dir.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
                    add(inner, total, limit);
                } catch (AccessDeniedException e) {
                    total[0] = Math.max(total[0], limit);
                    return;
                } catch (NoSuchFileException e) {
                    // Removed meanwhile.
                }
            }
        }
    }

    /** The devices of the arena's own /, /tmp, /dev and /dev/shm. */
    private static final Set<Long> HOST_DEVICES = Stream.of("/", "/tmp", "/dev", "/dev/shm")
            .map(p -> device(Path.of(p)))
            .filter(d -> d != -1)
            .collect(Collectors.toSet());

    private static long device(Path path) {
        try {
            return ((Number) Files.getAttribute(path, "unix:dev")).longValue();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private String scratchHit(String mount) {
        return "scratch limit of " + ResourceLimits.bytes(limits.scratchBytes()) + " (its " + mount + " was full)";
    }

    /**
     * The first of the sandbox's writable file systems with no room left, seen from the host
     * through its init's {@code /proc/PID/root}: the bot filled it, and would lose its game to its
     * own failed writes in ways a game cannot tell apart from a bug.
     */
    private Optional<String> fullScratch() {
        for (var folder : kept.entrySet()) {
            // Folders on disk, kept for the organiser: what the bot wrote there is added up.
            if (bytesIn(folder.getValue(), limits.scratchBytes()) >= limits.scratchBytes()) {
                return Optional.of(folder.getKey());
            }
        }
        if (scratch.isEmpty()) {
            return Optional.empty();
        }
        if (init == 0) {
            // bubblewrap's outer process has one thread and one child, its init: read from /proc, not
            // through ProcessHandle.children(), which reads every process of the machine.
            init = TreeUsage.firstChild(root);
            if (init == 0) {
                return Optional.empty();
            }
        }
        for (String mount : scratch) {
            File seen = new File("/proc/" + init + "/root" + mount);
            // While bubblewrap still sets the sandbox up, the path leads to the host's own file
            // systems, which are not the bot's to fill.
            long device = device(seen.toPath());
            if (device == -1 || HOST_DEVICES.contains(device)) {
                continue;
            }
            hold(mount, seen.toPath());
            long total = seen.getTotalSpace();
            // Within a page of the limit: nothing more can be written where the file system has the
            // limit's size, and where bubblewrap could not size it, the watchdog is the limit.
            if (total > 0 && total - seen.getUsableSpace() >= limits.scratchBytes() - 4096) {
                return Optional.of(mount);
            }
        }
        return Optional.empty();
    }

    private void hold(String mount, Path folder) {
        if (held.containsKey(mount)) {
            return;
        }
        try {
            DirectoryStream<Path> stream = Files.newDirectoryStream(folder);
            if (stream instanceof SecureDirectoryStream<Path> secure) {
                held.put(mount, secure);
            } else {
                stream.close();
            }
        } catch (IOException | RuntimeException e) {
            // Not there yet, or gone: the next look tries again.
        }
    }

    /**
     * Whether a file in the bot's scratch (its sandbox's memory file systems, as held since the
     * watchdog first saw them, or its kept folders on disk) has the file size limit's size
     * exactly, in whole 512-byte blocks as the rlimit holds it: where a write stopped at the
     * limit. The evidence that a status of 153 is SIGXFSZ and not {@code exit(153)}, which the
     * status alone cannot tell apart. A file the bot wrote before the watchdog's first look, or
     * outside its scratch, is not seen.
     */
    public synchronized boolean fileAtSizeLimit() {
        long bytes = limits.fileSizeBytes();
        if (bytes > Long.MAX_VALUE - 511) {
            return false;
        }
        long size = (bytes + 511) / 512 * 512;
        int[] entries = {0};
        for (Path folder : kept.values()) {
            try (DirectoryStream<Path> top = Files.newDirectoryStream(folder)) {
                if (top instanceof SecureDirectoryStream<Path> secure && holdsFileOf(secure, size, entries)) {
                    return true;
                }
            } catch (IOException | RuntimeException e) {
                // Gone: no evidence there.
            }
        }
        for (SecureDirectoryStream<Path> folder : held.values()) {
            try (SecureDirectoryStream<Path> top = folder.newDirectoryStream(Path.of("."), LinkOption.NOFOLLOW_LINKS)) {
                if (holdsFileOf(top, size, entries)) {
                    return true;
                }
            } catch (IOException | RuntimeException e) {
                // Unreadable: no evidence there.
            }
        }
        return false;
    }

    private static boolean holdsFileOf(SecureDirectoryStream<Path> dir, long size, int[] entries) throws IOException {
        for (Path entry : dir) {
            if (++entries[0] > MAX_ENTRIES) {
                return false;
            }
            Path name = entry.getFileName();
            BasicFileAttributes attributes;
            try {
                attributes = dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .readAttributes();
            } catch (IOException e) {
                continue;
            }
            if (attributes.isRegularFile() && attributes.size() == size) {
                return true;
            }
            if (attributes.isDirectory()) {
                try (SecureDirectoryStream<Path> inner = dir.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
                    if (holdsFileOf(inner, size, entries)) {
                        return true;
                    }
                } catch (IOException e) {
                    // Closed to the arena, or removed meanwhile.
                }
            }
        }
        return false;
    }

    /** Kills the tree, going over it again for what was forked meanwhile. */
    private void kill(List<Long> pids) {
        // The deepest first: a parent killed first would leave its children to another parent,
        // out of the tree's reach. Handles are taken at once, so no reused pid is killed later.
        List<ProcessHandle> handles = new ArrayList<>();
        for (int i = pids.size() - 1; i >= 0; i--) {
            ProcessHandle.of(pids.get(i)).ifPresent(handles::add);
        }
        handles.forEach(ProcessHandle::destroyForcibly);
        List<Long> left = TreeUsage.of(root).pids();
        for (int round = 0; round < KILL_ROUNDS && !left.isEmpty(); round++) {
            for (int i = left.size() - 1; i >= 0; i--) {
                ProcessHandle.of(left.get(i)).ifPresent(ProcessHandle::destroyForcibly);
            }
            left = TreeUsage.of(root).pids();
        }
    }

    /**
     * Stops watching and, once the bot's processes are gone, removes the System V segments they
     * made: a segment outlives every process (the kernel keeps it until it is removed), so a plain
     * bot's would hold the machine's memory after its game for good. Only those a process of the
     * bot made ({@code cpid}), never one it merely attached: another program's segment open to
     * all is not the bot's to have removed. A sandbox's segments are in its own IPC namespace,
     * which goes with it.
     */
    @Override
    public void close() {
        task.cancel(false);
        synchronized (this) {
            if (processes && !seen.isEmpty()) {
                madeBy(seen).forEach(LimitWatchdog::removeSegment);
            }
            for (SecureDirectoryStream<Path> folder : held.values()) {
                try {
                    folder.close();
                } catch (IOException e) {
                    // Closed all the same.
                }
            }
            held.clear();
        }
    }

    /** The System V segments of /proc/sysvipc/shm that one of {@code pids} made. */
    private static List<Long> madeBy(Set<Long> pids) {
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of("/proc/sysvipc/shm"));
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        if (lines.isEmpty()) {
            return List.of();
        }
        List<String> columns = List.of(lines.get(0).strip().split("\\s+"));
        int id = columns.indexOf("shmid");
        int creator = columns.indexOf("cpid");
        List<Long> made = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.strip().split("\\s+");
            try {
                if (id >= 0 && creator >= 0 && pids.contains(Long.parseLong(fields[creator]))) {
                    made.add(Long.parseLong(fields[id]));
                }
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                // A line this reader does not know.
            }
        }
        return made;
    }

    /** {@code ipcrm -m ID} (util-linux): Java has no call to remove a segment; without it, it stays. */
    private static void removeSegment(long shmid) {
        try {
            Process ipcrm = new ProcessBuilder("ipcrm", "-m", Long.toString(shmid))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!ipcrm.waitFor(10, TimeUnit.SECONDS)) {
                ipcrm.destroyForcibly();
            }
        } catch (IOException e) {
            // No ipcrm here: the segment stays until it is removed by hand or the machine restarts.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
