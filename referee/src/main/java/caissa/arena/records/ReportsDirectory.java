package caissa.arena.records;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Where runs write by default: {@code reports/} of the folder the command runs in, for every
 * command, whether it runs from a checkout, from the distribution or from elsewhere (never the
 * checkout's own folder when the user works in another).
 */
public final class ReportsDirectory {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private ReportsDirectory() {}

    /**
     * The folder a command takes for its working folder: the JVM's, or this property's. Only the
     * tests set it: a JVM cannot change its own working folder, and their runs must not write
     * into the source tree.
     */
    public static final String WORKING_FOLDER = "caissa.working-folder";

    public static Path root() {
        return Path.of(System.getProperty(WORKING_FOLDER, "")).resolve("reports");
    }

    /** A name made safe for a file name: letters, digits, dot, dash and underscore. */
    public static String safe(String name) {
        String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
        return safe.isEmpty() ? "bot" : safe;
    }

    /** The time at the start of a default folder's or file's name, {@code 20260101-120000}. */
    static String stamp(LocalDateTime time) {
        return time.format(STAMP);
    }
}
