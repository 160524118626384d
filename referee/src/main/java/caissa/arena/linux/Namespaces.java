package caissa.arena.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Linux says of the namespaces this process runs in: its PID namespace (so that a process
 * id is told apart from the same number in another container), and the ids its user namespace
 * maps (a user namespace that does not map an id cannot run a process as it).
 */
public final class Namespaces {

    private static final Path SELF = Path.of("/proc/self");

    private Namespaces() {}

    /** The inode number of this process's PID namespace ({@code /proc/self/ns/pid}), 0 when unknown. */
    public static long pid() {
        try {
            String link = Files.readSymbolicLink(SELF.resolve("ns/pid")).toString();
            return Long.parseLong(link.substring(link.indexOf('[') + 1, link.indexOf(']')));
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * Whether {@code id} is mapped in this process's user namespace by its {@code map} ({@code
     * uid_map} or {@code gid_map}: lines of "inside outside count"); true where there is no map
     * to read (not Linux, or a kernel without user namespaces: every id is the machine's own).
     */
    public static boolean maps(String map, long id) {
        return maps(SELF.resolve(map), id);
    }

    /** Whether the id map in {@code file} maps {@code id}; true where there is no such file. */
    static boolean maps(Path file, long id) {
        String text;
        try {
            text = Files.readString(file).strip();
        } catch (IOException | SecurityException e) {
            return true;
        }
        return text.lines()
                .map(String::strip)
                .map(line -> line.split("\\s+"))
                .filter(fields -> fields.length == 3)
                .anyMatch(fields -> {
                    long inside = Long.parseLong(fields[0]);
                    return inside <= id && id < inside + Long.parseLong(fields[2]);
                });
    }

    /**
     * Whether this kernel counts a user's processes against {@code RLIMIT_NPROC} per user
     * namespace (Linux 5.14 and later, "ucounts"): a process limit set inside a namespace of
     * its own then counts the processes of that namespace alone (and still each of them in the
     * user's count outside, against the limit the namespace was made with). Before, the count was
     * the user's over the whole machine, so a limit of a few dozen would starve a bot of an
     * ordinary user who runs hundreds of processes.
     */
    public static boolean countsProcessesPerUserNamespace() {
        return atLeast(System.getProperty("os.version", ""), 5, 14);
    }

    /** Whether a kernel release ({@code 6.1.0-18-amd64}) is at least {@code major.minor}. */
    static boolean atLeast(String release, int major, int minor) {
        Matcher m = Pattern.compile("^(\\d+)\\.(\\d+)").matcher(release);
        if (!m.find()) {
            return false;
        }
        int got = Integer.parseInt(m.group(1));
        return got > major || got == major && Integer.parseInt(m.group(2)) >= minor;
    }
}
