package caissa.arena.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * What the arena's standard output is: a terminal that can redraw a line in place, and how wide,
 * or a file or a CI log that gets plain lines. {@code System.console()} alone cannot tell: from
 * JDK 22 it returns a console even when output is redirected (JDK-8309155).
 */
final class Terminal {

    static final int DEFAULT_WIDTH = 80;

    private Terminal() {}

    /** Whether standard output is a terminal (and not a dumb one). */
    static boolean isInteractive() {
        if ("dumb".equals(System.getenv("TERM"))) {
            return false;
        }
        Path stdout = Path.of("/proc/self/fd/1");
        if (Files.exists(stdout)) {
            try {
                String target = Files.readSymbolicLink(stdout).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            } catch (IOException | UnsupportedOperationException e) {
                // Not Linux's /proc: fall back on the console below.
            }
        }
        return System.console() != null;
    }

    /** The terminal's width in columns: $COLUMNS, else what stty says, else 80. */
    static int width() {
        String columns = System.getenv("COLUMNS");
        if (columns != null && columns.matches("\\d{1,4}") && Integer.parseInt(columns) > 0) {
            return Integer.parseInt(columns);
        }
        File tty = new File("/dev/tty");
        if (tty.exists()) {
            try {
                Process stty = new ProcessBuilder("stty", "size")
                        .redirectInput(tty)
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
                String answer = new String(stty.getInputStream().readAllBytes()).strip();
                if (stty.waitFor(1, TimeUnit.SECONDS) && answer.matches("\\d+ \\d+")) {
                    int width = Integer.parseInt(answer.split(" ")[1]);
                    if (width > 0) {
                        return width;
                    }
                }
            } catch (IOException e) {
                return DEFAULT_WIDTH;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return DEFAULT_WIDTH;
    }
}
