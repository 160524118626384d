package caissa.arena.linux;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The arena without any part that only Linux has: no bubblewrap, no cgroup, no {@code /proc}, no
 * {@code setsid} or shell launcher. Bots run as plain processes with every read, write and wait
 * under a deadline and their process trees killed at the end, which is all a bot author's macOS
 * or Windows laptop offers. On by itself off Linux; {@code CAISSA_PORTABLE=1} or {@code
 * -Dcaissa.portable=true} turns it on anywhere, so that CI on Linux proves that path.
 */
public final class Portable {

    public static final String PROPERTY = "caissa.portable";
    public static final String VARIABLE = "CAISSA_PORTABLE";
    /** Looked at once: asked several times a game, and it does not come or go while the arena runs. */
    private static final boolean PROC_MOUNTED = Files.isDirectory(Path.of("/proc"));
    /**
     * The environment's request and the operating system, looked at once for the same reason: the
     * system property alone is read at every call, since tests turn portable mode on and off.
     */
    private static final boolean ASKED_BY_ENVIRONMENT = "1".equals(System.getenv(VARIABLE));

    private static final boolean LINUX =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");

    /** What portable mode does not enforce, for the one line a command prints. */
    public static final String NOT_ENFORCED = "no sandbox, no memory, process, open-file or file-size limits, no idle"
            + " suspension and no cpu clock; processes a bot detaches from its tree are not found";

    private Portable() {}

    /** Whether the arena runs in portable mode: off Linux, or when asked. */
    public static boolean on() {
        return ASKED_BY_ENVIRONMENT || !LINUX || "true".equals(System.getProperty(PROPERTY));
    }

    /** Whether Linux's {@code /proc} may be read for the bots' processes: there, and not in portable mode. */
    public static boolean procAvailable() {
        return !on() && PROC_MOUNTED;
    }
}
