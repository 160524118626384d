package caissa.arena.testbots;

import caissa.arena.linux.BotCgroup;
import caissa.arena.sandbox.Bubblewrap;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.sandbox.SandboxMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * How tests learn whether they may rely on the bubblewrap sandbox. {@code CAISSA_SANDBOX=none}
 * runs the whole suite without it: the tests that need it are skipped, the others (deadlines,
 * terminal, limits) still run. {@code CAISSA_REQUIRE_SANDBOX=1} (set by .ci/run) turns a
 * machine without a working bubblewrap into a failure instead of a skip, so CI tests it for real.
 */
public final class Sandboxes {

    private Sandboxes() {}

    /** Whether the suite runs with sandboxes: not when {@code CAISSA_SANDBOX=none}, and only where bubblewrap works. */
    public static boolean enabled() {
        if (SandboxMode.fromEnvironment() == SandboxMode.NONE) {
            return false;
        }
        if (Bubblewrap.available()) {
            return true;
        }
        if ("1".equals(System.getenv("CAISSA_REQUIRE_SANDBOX"))) {
            throw new AssertionError("CAISSA_REQUIRE_SANDBOX is set but "
                    + Bubblewrap.unavailableReason().orElseThrow());
        }
        return false;
    }

    /**
     * Skips the calling test unless this machine gives the arena cgroups ({@code
     * CAISSA_REQUIRE_CGROUP=1} makes their absence a failure instead).
     */
    public static void assumeCgroups() {
        if (BotCgroup.available()) {
            return;
        }
        if ("1".equals(System.getenv("CAISSA_REQUIRE_CGROUP"))) {
            throw new AssertionError(
                    "CAISSA_REQUIRE_CGROUP is set but the arena cannot make a cgroup with memory and pids"
                            + " controllers here");
        }
        Assumptions.assumeTrue(
                false,
                "needs a cgroup with memory and pids controllers the arena may use (root, or a"
                        + " delegated cgroup v2 subtree)");
    }

    /** {@code cgroup-v1} or {@code cgroup-v2}, as a game log here records a bot's cgroup; empty without one. */
    public static Optional<String> cgroupKind() {
        return BotCgroup.create("probe", ResourceLimits.DEFAULT.group()).map(group -> {
            String kind = group.kind();
            group.remove();
            return kind;
        });
    }

    /**
     * Runs the body with the arena's cgroups switched {@code on} (where this machine has them:
     * skipped otherwise, see {@link #assumeCgroups}) or {@code off}, the path of a machine
     * without them.
     */
    public static void withCgroups(String cgroups, Runnable body) {
        if (cgroups.equals("on")) {
            assumeCgroups();
        }
        SystemProperty.with(BotCgroup.SWITCH, cgroups, body);
    }

    /**
     * The {@code --sandbox} arguments that run a command's bots the way this suite runs them,
     * without the warning line that {@code auto} prints where bubblewrap does not work: none where
     * it works, {@code --sandbox none} where it does not. For tests that assert a command's exact
     * standard error and are not about the sandbox.
     */
    public static List<String> asThisSuiteRuns() {
        return enabled() ? List.of() : List.of("--sandbox", "none");
    }

    /**
     * Skips the calling test unless the tests run as root, where a sandboxed bot runs as a user of its own
     * and so cannot touch even its sandbox's own processes and folders; {@code
     * CAISSA_REQUIRE_ROOT=1} makes running as another user a failure instead.
     *
     * @param what what the test proves that holds only as root
     */
    public static void assumeRoot(String what) {
        int uid = uid();
        if (uid != 0 && "1".equals(System.getenv("CAISSA_REQUIRE_ROOT"))) {
            throw new AssertionError("CAISSA_REQUIRE_ROOT is set but the tests run as uid " + uid);
        }
        Assumptions.assumeTrue(uid == 0, "needs root: " + what);
    }

    /** Whether the tests run as root: then a bot runs as an unprivileged user of its own. */
    public static boolean root() {
        return uid() == 0;
    }

    private static int uid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | UnsupportedOperationException e) {
            return -1;
        }
    }

    /** Skips the calling test unless it runs with sandboxes. */
    public static void assumeSandbox() {
        Assumptions.assumeTrue(
                enabled(),
                "runs only with the bubblewrap sandbox (CAISSA_SANDBOX is none or bwrap does not work here)");
    }
}
