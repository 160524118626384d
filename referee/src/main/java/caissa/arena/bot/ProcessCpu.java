package caissa.arena.bot;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time of a process from Linux's /proc, without a cgroup: the run time of each of its threads
 * ({@code /proc/PID/task/TID/schedstat}, nanoseconds) plus what the children it has waited for
 * used ({@code cutime + cstime} of {@code /proc/PID/stat}, in clock ticks). Children still
 * running are not seen: counting them would take a scan of the whole process table at every
 * look (a per-bot cgroup's {@code cpuacct} counts them exactly). Zero where /proc is missing.
 */
final class ProcessCpu {

    /** Linux reports children's times in USER_HZ ticks, 100 a second on every architecture's ABI. */
    private static final long NANOS_PER_TICK = 10_000_000L;
    private static final Path PROC = Path.of("/proc");

    private ProcessCpu() {
    }

    static long nanos(long pid) {
        Path dir = PROC.resolve(Long.toString(pid));
        long total = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(dir.resolve("task"))) {
            for (Path task : tasks) {
                total += threadNanos(task.resolve("schedstat"));
            }
        } catch (IOException | SecurityException e) {
            return total;
        }
        return total + reapedChildrenNanos(dir.resolve("stat"));
    }

    /** The process group of a process (field 5 of /proc/PID/stat), or -1 when unknown. */
    static long processGroup(long pid) {
        try {
            String text = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"));
            return Long.parseLong(text.substring(text.lastIndexOf(')') + 2).split(" ")[2]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static long threadNanos(Path schedstat) {
        try {
            String text = Files.readString(schedstat);
            int space = text.indexOf(' ');
            return Long.parseLong(space < 0 ? text.trim() : text.substring(0, space));
        } catch (IOException | NumberFormatException | SecurityException e) {
            return 0;
        }
    }

    private static long reapedChildrenNanos(Path stat) {
        try {
            String text = Files.readString(stat);
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
