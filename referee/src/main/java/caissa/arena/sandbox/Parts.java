package caissa.arena.sandbox;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The parts that hold a command's bots, each chosen once for the command from what this machine
 * gives the arena ({@link Host}: what {@code caissa doctor} prints, seen once by the command's
 * {@link Machine}) and the sandbox the command
 * asks for: how a bot is launched, how its limits hold, how it is suspended, how it is ended,
 * how its output is read, and where its CPU time comes from (its cgroup's where one holds it;
 * else its processes', with or without the kernel's per-thread times). Every bot of the command gets these parts ({@link Containment}, and the process layer above),
 * and its game log records them: a bot whose part cannot be had (a cgroup the kernel refused
 * it) fails to start, rather than play under other parts than the rest.
 */
public record Parts(
        Launching launching,
        Limiting limiting,
        Host.SuspendBy suspend,
        Host.EndBy end,
        Host.Output output,
        Host.CpuClock clock) {

    /** The system property that, set to {@code threads}, has bots' output read on threads of their own rather than polled. */
    public static final String PIPES_SWITCH = "caissa.pipes";

    /** The system property that, set to {@code off}, gives plain bots no seccomp filter (see {@link PlainFilter}). */
    public static final String FILTER_SWITCH = "caissa.filter";

    public Parts {
        Objects.requireNonNull(launching, "launching");
        Objects.requireNonNull(limiting, "limiting");
        Objects.requireNonNull(suspend, "suspend");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(clock, "clock");
        boolean grouped = limiting instanceof Limiting.ByCgroup;
        if ((suspend == Host.SuspendBy.FREEZER || end == Host.EndBy.CGROUP) && !grouped) {
            throw new IllegalArgumentException(
                    "the freezer and an end by cgroup need bots held by cgroups, not " + limiting);
        }
        if ((clock == Host.CpuClock.CGROUP) != grouped) {
            throw new IllegalArgumentException("a cgroup's CPU clock goes with bots held by cgroups, not " + limiting
                    + " and a " + clock.word() + " clock");
        }
        if (end == Host.EndBy.PID_NAMESPACE && !(launching instanceof BubblewrapLaunching)) {
            throw new IllegalArgumentException("an end by PID namespace needs a sandbox, not " + launching);
        }
    }

    /** These parts with {@code other} launching the bots instead (a test's sandbox that bubblewrap cannot build). */
    public Parts withLaunching(Launching other) {
        return new Parts(other, limiting, suspend, end, output, clock);
    }

    /**
     * The parts for a command that asks for {@code mode} on a machine that looks like {@code
     * facts}: {@link Host#of} decides each. A command that insists on bubblewrap gets the parts
     * of a sandbox even where bubblewrap failed its trial: its bots' launches fail then, with
     * bubblewrap's own cause (commands refuse such a run before its games, see {@code --sandbox}).
     */
    public static Parts of(Host.Facts facts, SandboxMode mode) {
        Host host = Host.of(facts.asking(mode));
        Launching launching = facts.portable()
                ? new DirectLaunching()
                : host.sandbox().kind() == Host.Launcher.BWRAP
                        ? new BubblewrapLaunching()
                        : new PlainLaunching(
                                facts.namespaceForPlainBots().map(Path::of),
                                facts.filterLoader().map(Path::of));
        Limiting limiting = switch (host.limits().kind()) {
            case CGROUP_V1, CGROUP_V2 -> new Limiting.ByCgroup(host.limits().kind());
            case WATCHDOG -> new Limiting.ByWatchdog();
            case NONE -> new Limiting.Unlimited();
        };
        return new Parts(
                launching,
                limiting,
                host.suspend().kind(),
                host.end().kind(),
                host.output().kind(),
                host.cpuClock().kind());
    }
}
