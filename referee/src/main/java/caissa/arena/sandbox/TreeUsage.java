package caissa.arena.sandbox;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a process and every process below it hold right now, read from Linux's /proc: their
 * resident memory (what they really use, not the address space they reserved: a JVM reserves
 * gigabytes it never touches) and their number of processes and threads. Children are followed
 * through {@code /proc/PID/task/TID/children}, so the cost is that of the tree, not of the
 * machine's whole process table.
 *
 * @param pids every process of the tree, root first
 * @param threads processes and threads together, as a cgroup's pids controller counts them
 * @param residentBytes the sum of their resident memory
 */
public record TreeUsage(List<Long> pids, int threads, long residentBytes) {

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
        int threads = 0;
        long resident = 0;
        for (int i = 0; i < queue.size() && pids.size() < MAX_PROCESSES; i++) {
            long pid = queue.get(i);
            Path dir = PROC.resolve(Long.toString(pid));
            long[] status = status(dir.resolve("status"));
            if (status == null) {
                continue;
            }
            pids.add(pid);
            resident += status[0];
            threads += (int) Math.max(1, status[1]);
            children(dir, queue);
        }
        return new TreeUsage(pids, threads, resident);
    }

    /** {@code VmRSS} in bytes and {@code Threads} of /proc/PID/status; null when the process is gone. */
    private static long[] status(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException | SecurityException e) {
            return null;
        }
        long[] figures = {0, 1};
        for (String line : text.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                figures[0] = kibibytes(line) * 1024;
            } else if (line.startsWith("Threads:")) {
                figures[1] = kibibytes(line);
            }
        }
        return figures;
    }

    /** The number in a status line such as {@code VmRSS:   1234 kB}. */
    private static long kibibytes(String line) {
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

    private static void children(Path dir, List<Long> into) {
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(dir.resolve("task"))) {
            for (Path task : tasks) {
                String text;
                try {
                    text = Files.readString(task.resolve("children"));
                } catch (IOException | SecurityException e) {
                    continue;
                }
                for (String pid : text.trim().split(" ")) {
                    if (!pid.isEmpty()) {
                        into.add(Long.parseLong(pid));
                    }
                }
            }
        } catch (IOException | SecurityException | NumberFormatException e) {
            // Gone, or not ours to read.
        }
    }
}
