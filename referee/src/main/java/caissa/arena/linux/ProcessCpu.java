package caissa.arena.linux;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU time of a process tree from Linux's /proc, without a cgroup: the run time of each thread
 * ({@code /proc/PID/task/TID/schedstat}, nanoseconds), plus what the children a process has
 * waited for used ({@code cutime + cstime} of {@code /proc/PID/stat}, in clock ticks), for the
 * process and, recursively, for the children it has running ({@code
 * /proc/PID/task/TID/children}: no scan of the whole process table). A child orphaned by its
 * parent's exit leaves the tree and is no longer counted; a per-bot cgroup's {@code cpuacct}
 * counts every process exactly. Zero where /proc is missing.
 */
public final class ProcessCpu {

    /** Linux reports children's times in USER_HZ ticks, 100 a second on every architecture's ABI. */
    private static final long NANOS_PER_TICK = 10_000_000L;

    private static final Path PROC = Path.of("/proc");

    private ProcessCpu() {}

    public static long nanos(long pid) {
        return Portable.procAvailable() ? treeNanos(pid, 0) : 0;
    }

    /** A fork loop cannot make the walk endless: the tree is followed this deep at most. */
    private static final int MAX_DEPTH = 64;

    private static long treeNanos(long pid, int depth) {
        Path dir = PROC.resolve(Long.toString(pid));
        // The reaped children first: a child reaped between the two reads is then counted once
        // (in the tree walk below), not in both.
        long total = reapedChildrenNanos(dir.resolve("stat"));
        List<Long> children = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(dir.resolve("task"))) {
            for (Path task : tasks) {
                total += threadNanos(task.resolve("schedstat"));
                if (depth < MAX_DEPTH) {
                    // No such file on an older kernel, or the thread just exited: no children seen.
                    children.addAll(KernelFiles.numbers(task.resolve("children")));
                }
            }
        } catch (IOException | SecurityException e) {
            return total;
        }
        for (long child : children) {
            total += treeNanos(child, depth + 1);
        }
        return total;
    }

    /** The children a process has running now (of all its threads; none when it is gone). */
    public static List<Long> children(long pid) {
        return KernelFiles.children(PROC.resolve(Long.toString(pid)));
    }

    /** The process group of a process (field 5 of /proc/PID/stat), or -1 when unknown. */
    public static long processGroup(long pid) {
        try {
            String text = KernelFiles.read(PROC.resolve(Long.toString(pid)).resolve("stat"));
            return Long.parseLong(text.substring(text.lastIndexOf(')') + 2).split(" ")[2]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static long threadNanos(Path schedstat) {
        try {
            String text = KernelFiles.read(schedstat);
            int space = text.indexOf(' ');
            return Long.parseLong(space < 0 ? text.trim() : text.substring(0, space));
        } catch (IOException | NumberFormatException | SecurityException e) {
            return 0;
        }
    }

    private static long reapedChildrenNanos(Path stat) {
        try {
            String text = KernelFiles.read(stat);
            // Fields after the command name, which may contain spaces: state is field 3.
            String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
            long cutime = Long.parseLong(fields[13]);
            long cstime = Long.parseLong(fields[14]);
            return (cutime + cstime) * NANOS_PER_TICK;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
