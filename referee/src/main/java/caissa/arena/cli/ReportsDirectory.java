package caissa.arena.cli;

import java.nio.file.Path;

/** Where runs write by default: {@code reports/} of the project (./caissa sets caissa.home), else of the working directory. */
final class ReportsDirectory {

    private ReportsDirectory() {
    }

    static Path root() {
        String home = System.getProperty("caissa.home");
        return (home != null ? Path.of(home) : Path.of("")).resolve("reports");
    }

    /** A name made safe for a file name: letters, digits, dot, dash and underscore. */
    static String safe(String name) {
        String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
        return safe.isEmpty() ? "bot" : safe;
    }
}
