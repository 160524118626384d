package caissa.arena.records;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Where runs write by default: {@code reports/} of the project (./caissa sets caissa.home), else of the working directory. */
public final class ReportsDirectory {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private ReportsDirectory() {
    }

    public static Path root() {
        String home = System.getProperty("caissa.home");
        return (home != null ? Path.of(home) : Path.of("")).resolve("reports");
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
