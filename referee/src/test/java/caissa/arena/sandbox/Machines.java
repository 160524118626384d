package caissa.arena.sandbox;

import caissa.arena.sandbox.Host.CgroupVersion;
import caissa.arena.sandbox.Host.Facts;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Kinds of machine as the arena sees them ({@link Facts}), for tests of what each gives it: one
 * to start from, changed a fact at a time.
 */
public final class Machines {

    public static final Host.Jdk JDK = new Host.Jdk("17.0.15", "Debian", "/usr/lib/jvm/java-17-openjdk-amd64");
    public static final List<String> V1 = List.of("memory", "pids", "freezer", "cpuacct");
    /** What bubblewrap says where user namespaces are refused to an ordinary user. */
    public static final String REFUSED =
            "bubblewrap (bwrap) does not work here: bwrap: setting up uid map: Permission denied";

    private boolean linux = true;
    private boolean portable;
    private boolean proc = true;
    private boolean root = true;
    private boolean nobodyMapped = true;
    private boolean setpriv = true;
    private boolean namespaceProcesses = true;
    private Optional<String> ownNamespace = Optional.empty();
    private Optional<String> filterLoader = Optional.of("/usr/bin/python3");
    private Optional<String> sandboxSetting = Optional.empty();
    private Optional<String> bubblewrapProblem = Optional.empty();
    private Optional<String> bwrapPath = Optional.of("/usr/bin/bwrap");
    private Map<String, String> sysctls = Map.of("user.max_user_namespaces", "96365");
    private CgroupVersion cgroupVersion = CgroupVersion.V1;
    private List<String> controllers = V1;
    private List<String> heldByV1 = V1;
    private String ownGroup = "/";
    private boolean ownGroupWritable = true;
    private boolean cgroupsOff;
    private Optional<String> v2Problem = Optional.empty();
    private Optional<String> cgroupKind = Optional.of("cgroup-v1");
    private boolean schedstat = true;
    private boolean setsid = true;
    private boolean shell = true;
    private boolean pipesOff;
    private boolean pipeHandover = true;

    private Machines() {}

    /** CI's machine: root, bubblewrap, cgroup v1 with every controller, polled pipes. */
    public static Machines rootOnCgroupV1() {
        return new Machines();
    }

    /** An organiser's Ubuntu 24.04: an ordinary user on cgroup v2 in a session scope, AppArmor refusing user namespaces. */
    public static Machines ubuntuUser() {
        return new Machines()
                .root(false)
                .bubblewrapProblem(REFUSED)
                .sysctls(Map.of(
                        "kernel.apparmor_restrict_unprivileged_userns",
                        "1",
                        "kernel.unprivileged_userns_clone",
                        "1",
                        "user.max_user_namespaces",
                        "62967"))
                .cgroup(CgroupVersion.V2, List.of("cpu", "memory", "pids"), List.of())
                .ownGroup("/user.slice/user-1000.slice/session-2.scope", false)
                .cgroupKind(null);
    }

    /** A bot author's laptop without Linux: no /proc, no cgroup, no bubblewrap, no polled pipes. */
    public static Machines laptop() {
        return new Machines()
                .proc(false)
                .root(false)
                .bubblewrapProblem("bubblewrap (bwrap) is not installed (Debian package" + " bubblewrap)")
                .bwrapPath(null)
                .sysctls(Map.of())
                .cgroup(CgroupVersion.NONE, List.of(), List.of())
                .ownGroup("/", false)
                .cgroupKind(null)
                .schedstat(false)
                .setsid(false)
                .filterLoader(null)
                .pipes(false, false);
    }

    /** Portable mode, asked for on Linux or forced by another system. */
    public Machines portable(boolean onLinux) {
        linux = onLinux;
        portable = true;
        proc = false;
        return this;
    }

    public Machines proc(boolean value) {
        proc = value;
        return this;
    }

    public Machines root(boolean value) {
        root = value;
        return this;
    }

    public Machines nobodyMapped(boolean value) {
        nobodyMapped = value;
        return this;
    }

    public Machines setpriv(boolean value) {
        setpriv = value;
        return this;
    }

    /** Whether the kernel counts an ordinary user's sandboxed bot's processes in its own user namespace (5.14 on). */
    public Machines namespaceProcesses(boolean value) {
        namespaceProcesses = value;
        return this;
    }

    /** Where unshare is, when an ordinary user's plain bots get a user namespace of their own; null where they cannot. */
    public Machines ownNamespace(String unshare) {
        ownNamespace = Optional.ofNullable(unshare);
        return this;
    }

    /** The Python that loads a plain bot's seccomp filter; null where none can. */
    public Machines filterLoader(String python) {
        filterLoader = Optional.ofNullable(python);
        return this;
    }

    /** {@code $CAISSA_SANDBOX}; null for unset. */
    public Machines sandboxSetting(String value) {
        sandboxSetting = Optional.ofNullable(value);
        return this;
    }

    /** Why bubblewrap failed its trial; null for it worked. */
    public Machines bubblewrapProblem(String value) {
        bubblewrapProblem = Optional.ofNullable(value);
        return this;
    }

    /** Where bwrap is; null for not on the PATH. */
    public Machines bwrapPath(String value) {
        bwrapPath = Optional.ofNullable(value);
        return this;
    }

    public Machines sysctls(Map<String, String> value) {
        sysctls = value;
        return this;
    }

    public Machines cgroup(CgroupVersion version, List<String> offered, List<String> boundToV1) {
        cgroupVersion = version;
        controllers = offered;
        heldByV1 = boundToV1;
        return this;
    }

    public Machines ownGroup(String group, boolean writable) {
        ownGroup = group;
        ownGroupWritable = writable;
        return this;
    }

    public Machines cgroupsOff(boolean value) {
        cgroupsOff = value;
        return this;
    }

    /** Why the arena could not place its groups on cgroup v2; null for it could. */
    public Machines v2Problem(String value) {
        v2Problem = Optional.ofNullable(value);
        return this;
    }

    /** The kind of a group the arena made to find out; null for it could not make one. */
    public Machines cgroupKind(String value) {
        cgroupKind = Optional.ofNullable(value);
        return this;
    }

    public Machines schedstat(boolean value) {
        schedstat = value;
        return this;
    }

    public Machines shell(boolean value) {
        shell = value;
        return this;
    }

    public Machines setsid(boolean value) {
        setsid = value;
        return this;
    }

    /** Whether {@code -Dcaissa.pipes=threads} is given, and whether the JVM can hand a pipe to a child. */
    public Machines pipes(boolean off, boolean handover) {
        pipesOff = off;
        pipeHandover = handover;
        return this;
    }

    public Facts facts() {
        return new Facts(
                linux,
                portable,
                proc,
                root,
                nobodyMapped,
                setpriv,
                namespaceProcesses,
                ownNamespace,
                filterLoader,
                sandboxSetting,
                bubblewrapProblem,
                bwrapPath,
                sysctls,
                cgroupVersion,
                controllers,
                heldByV1,
                ownGroup,
                ownGroupWritable,
                cgroupsOff,
                v2Problem,
                cgroupKind,
                schedstat,
                setsid,
                shell,
                pipesOff,
                pipeHandover,
                JDK);
    }

    public Host host() {
        return Host.of(facts());
    }
}
