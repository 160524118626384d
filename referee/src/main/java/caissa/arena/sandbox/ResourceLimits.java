package caissa.arena.sandbox;

import caissa.arena.linux.GroupLimits;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Locale;

/**
 * What one bot's processes may use together, with the defaults a contest would pick: enough for
 * a search with big tables in any language, far from what could hurt the machine.
 *
 * @param memoryBytes memory of all its processes (a cgroup), or the address space of each (an rlimit)
 * @param processes processes and threads, all counted together
 * @param openFiles open file descriptors per process
 * @param fileSizeBytes largest file it may write
 * @param scratchBytes what it may write in each of its writable places in a sandbox ({@code
 *     /scratch}, {@code /tmp}, {@code /dev/shm}): memory file systems of that size
 */
@JsonPropertyOrder({"memoryBytes", "processes", "openFiles", "fileSizeBytes", "scratchBytes"})
public record ResourceLimits(long memoryBytes, int processes, int openFiles, long fileSizeBytes, long scratchBytes) {

    public static final ResourceLimits DEFAULT = new ResourceLimits(1L << 30, 64, 256, 64L << 20, 256L << 20);

    public ResourceLimits {
        if (memoryBytes < (16L << 20)) {
            throw new IllegalArgumentException("memory limit must be at least 16 MiB");
        }
        if (processes < 1) {
            throw new IllegalArgumentException("process limit must be at least 1");
        }
        if (openFiles < 16) {
            throw new IllegalArgumentException("open files limit must be at least 16");
        }
        if (fileSizeBytes < 0) {
            throw new IllegalArgumentException("file size limit must not be negative");
        }
        if (scratchBytes < (1L << 20)) {
            throw new IllegalArgumentException("scratch limit must be at least 1 MiB");
        }
    }

    /** What the bot's cgroup holds it to: its memory and its processes. */
    public GroupLimits group() {
        return new GroupLimits(memoryBytes, processes);
    }

    public ResourceLimits withMemory(long bytes) {
        return new ResourceLimits(bytes, processes, openFiles, fileSizeBytes, scratchBytes);
    }

    public ResourceLimits withProcesses(int count) {
        return new ResourceLimits(memoryBytes, count, openFiles, fileSizeBytes, scratchBytes);
    }

    public ResourceLimits withOpenFiles(int count) {
        return new ResourceLimits(memoryBytes, processes, count, fileSizeBytes, scratchBytes);
    }

    public ResourceLimits withScratch(long bytes) {
        return new ResourceLimits(memoryBytes, processes, openFiles, fileSizeBytes, bytes);
    }

    public ResourceLimits withFileSize(long bytes) {
        return new ResourceLimits(memoryBytes, processes, openFiles, bytes, scratchBytes);
    }

    /** A size as people write it: {@code 1 GiB}, {@code 512 MiB}, {@code 100 KiB}, {@code 17 bytes}. */
    public static String bytes(long n) {
        String[] units = {"GiB", "MiB", "KiB"};
        int[] shifts = {30, 20, 10};
        for (int i = 0; i < units.length; i++) {
            if (n >= (1L << shifts[i]) && n % (1L << shifts[i]) == 0) {
                return (n >> shifts[i]) + " " + units[i];
            }
        }
        for (int i = 0; i < units.length; i++) {
            if (n >= (1L << shifts[i])) {
                return String.format(Locale.ROOT, "%.1f %s", n / (double) (1L << shifts[i]), units[i]);
            }
        }
        return n + " bytes";
    }

    /** Parses {@code 512M}, {@code 1G}, {@code 64k}, {@code 1048576}, with or without a final {@code B} or {@code iB}. */
    public static long parseBytes(String text) {
        String t = text.strip().toUpperCase(Locale.ROOT).replace(" ", "");
        if (t.endsWith("IB")) {
            t = t.substring(0, t.length() - 2);
        } else if (t.endsWith("B") && t.length() > 1 && !Character.isDigit(t.charAt(t.length() - 2))) {
            t = t.substring(0, t.length() - 1);
        } else if (t.endsWith("B")) {
            t = t.substring(0, t.length() - 1);
        }
        int shift = 0;
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'K' -> shift = 10;
                case 'M' -> shift = 20;
                case 'G' -> shift = 30;
                case 'T' -> shift = 40;
                default -> shift = -1;
            }
        }
        String digits = shift >= 0 ? t.substring(0, t.length() - 1) : t;
        try {
            long value = Long.parseLong(digits);
            if (value < 0 || (shift > 0 && value > (Long.MAX_VALUE >> shift))) {
                throw new NumberFormatException();
            }
            return value << Math.max(shift, 0);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a size like 512M or 1G");
        }
    }
}
