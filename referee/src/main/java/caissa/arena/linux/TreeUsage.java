package caissa.arena.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a process and every process below it hold right now, read from Linux's /proc: their
 * resident memory (what they really use, not the address space they reserved: a JVM reserves
 * gigabytes it never touches) and their number of processes and threads. Children are followed
 * through {@code /proc/PID/task/TID/children}, so the cost is that of the tree, not of the
 * machine's whole process table.
 *
 * @param pids every process of the tree, root first
 * @param threads processes and threads together, as a cgroup's pids controller counts them
 * @param residentBytes the sum of their resident memory and of their page tables
 * @param pageTableBytes the sum of their page tables ({@code VmPTE}): a huge mapping read through holds
 *     gigabytes of them, resident nowhere else
 */
public record TreeUsage(List<Long> pids, int threads, long residentBytes, long pageTableBytes) {

    private static final Path PROC = Path.of("/proc");
    /** A fork loop cannot make a walk endless: at most this many processes are looked at. */
    private static final int MAX_PROCESSES = 4096;

    public TreeUsage {
        pids = List.copyOf(pids);
    }

    /** The tree below {@code root} and the root itself; empty figures when it is gone or /proc is missing. */
    public static TreeUsage of(long root) {
        List<Long> pids = new ArrayList<>();
        List<Long> queue = new ArrayList<>(List.of(root));
        // The process each one was found as a child of (none for the root).
        List<Long> parents = new ArrayList<>(List.of(0L));
        int threads = 0;
        long resident = 0;
        long pageTables = 0;
        for (int i = 0; i < queue.size() && pids.size() < MAX_PROCESSES; i++) {
            long pid = queue.get(i);
            Path dir = PROC.resolve(Long.toString(pid));
            long[] status = status(dir.resolve("status"));
            if (status == null) {
                continue;
            }
            // A child that exited since it was listed may have left its number to a new process,
            // or to a thread of another (a thread has a /proc folder too): that is not the bot's,
            // and its figures (the arena's own threads, say) must not count against the bot.
            if (status[2] != pid || (i > 0 && status[3] != parents.get(i))) {
                continue;
            }
            pids.add(pid);
            resident += status[0] + status[4];
            pageTables += status[4];
            threads += (int) Math.max(1, status[1]);
            for (long child : KernelFiles.children(dir)) {
                queue.add(child);
                parents.add(pid);
            }
        }
        return new TreeUsage(pids, threads, resident, pageTables);
    }

    /** {@code VmRSS} in bytes, {@code Threads}, {@code Tgid}, {@code PPid} and {@code VmPTE} in bytes of /proc/PID/status; null when gone. */
    private static long[] status(Path file) {
        String text;
        try {
            text = KernelFiles.read(file);
        } catch (IOException | SecurityException e) {
            return null;
        }
        long[] figures = {0, 1, -1, -1, 0};
        for (String line : text.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                figures[0] = leadingNumber(line) * 1024;
            } else if (line.startsWith("Threads:")) {
                figures[1] = leadingNumber(line);
            } else if (line.startsWith("Tgid:")) {
                figures[2] = leadingNumber(line);
            } else if (line.startsWith("PPid:")) {
                figures[3] = leadingNumber(line);
            } else if (line.startsWith("VmPTE:")) {
                figures[4] = leadingNumber(line) * 1024;
            }
        }
        return figures;
    }

    /** The first number after the line's colon: a figure of /proc/PID/status or smaps_rollup (kB for sizes). */
    private static long leadingNumber(String line) {
        long value = 0;
        for (int i = line.indexOf(':') + 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c >= '0' && c <= '9') {
                value = value * 10 + (c - '0');
            } else if (value > 0) {
                break;
            }
        }
        return value;
    }

    /**
     * The memory the tree holds with pages shared between its processes counted once (the sum of
     * their {@code Pss}, from /proc/PID/smaps_rollup): after a fork, parent and child share their
     * pages and the sum of their resident figures counts them twice. Dearer to read (the kernel
     * walks each process's mappings), so asked only when the cheap sum is over a limit; the
     * resident sum where the kernel has no such file.
     */
    public long proportionalBytes() {
        long total = pageTableBytes;
        for (long pid : pids) {
            try {
                String text = KernelFiles.read(PROC.resolve(pid + "/smaps_rollup"));
                int at = text.indexOf("\nPss:");
                if (at < 0) {
                    return residentBytes;
                }
                total += leadingNumber(text.substring(at + 1, text.indexOf('\n', at + 1))) * 1024;
            } catch (IOException | SecurityException | IndexOutOfBoundsException e) {
                // Gone since, or no such file on this kernel.
                if (!Files.exists(PROC.resolve(Long.toString(pid)))) {
                    continue;
                }
                return residentBytes;
            }
        }
        return total;
    }

    /**
     * What the tree holds in memory files it keeps open but need not map (a memfd, a file of a
     * memory file system it unlinked): their sizes, each file once however many descriptors and
     * processes hold it. Resident in no process, so not in {@link #residentBytes}; a file also
     * mapped is counted there too, which only a bot that maps memory files pays for.
     */
    public long openMemoryFileBytes() {
        long total = 0;
        Set<String> seen = new HashSet<>();
        for (long pid : pids) {
            Path fds = PROC.resolve(pid + "/fd");
            try (var links = Files.newDirectoryStream(fds)) {
                for (Path link : links) {
                    try {
                        String target = Files.readSymbolicLink(link).toString();
                        if (!target.startsWith("/memfd:") && !target.startsWith("/dev/shm/")) {
                            continue;
                        }
                        // Through the descriptor itself: the file, wherever it is (or is no longer) named.
                        Object inode = Files.getAttribute(link, "unix:ino");
                        Object device = Files.getAttribute(link, "unix:dev");
                        if (seen.add(device + ":" + inode)) {
                            total += Files.size(link);
                        }
                    } catch (IOException | UnsupportedOperationException | SecurityException e) {
                        // Closed meanwhile.
                    }
                }
            } catch (IOException | SecurityException e) {
                // Gone, or not ours to read.
            }
        }
        return total;
    }

    /** The first child of a process's main thread, 0 when it has none (yet) or is gone. */
    public static long firstChild(long pid) {
        List<Long> children = KernelFiles.numbers(PROC.resolve(pid + "/task/" + pid + "/children"));
        return children.isEmpty() ? 0 : children.get(0);
    }
}
