package caissa.arena.sandbox;

import caissa.arena.linux.BotCgroup;
import caissa.arena.linux.CgroupV1;
import caissa.arena.linux.PipeHandover;
import caissa.arena.linux.Portable;
import caissa.arena.program.ProgramLookup;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What this machine gives the arena, part by part, each as the kind the arena uses here with
 * what it means, and, where the machine could give more, the fix: the sandbox, the cgroup, how
 * memory and processes are limited, the CPU clock, how an idle bot is suspended and how its
 * processes are ended, the pipe path and the JDK. What {@code caissa doctor} prints, and what
 * every game log records per bot ({@link SandboxRecord}) on this machine.
 *
 * <p>{@link #detect(boolean)} looks at the machine once ({@link Facts}); {@link #of(Facts)} decides from
 * what it saw, so that every kind of machine can be described in a test. {@link Parts} makes
 * that decision the parts a command's bots get, so that the game logs say what the doctor says.
 *
 * @param sandbox how a bot is launched: in a bubblewrap sandbox or as a plain process
 * @param reach what a bot can reach of the machine, as which user; whether bots one does not trust can be run here
 * @param cgroup the cgroup version the machine mounts, and whether the arena may make groups in it
 * @param controllers the cgroup controllers the arena's own group offers (v2), or the v1 hierarchies it needs that are mounted
 * @param limits how each bot's memory and processes are held
 * @param cpuClock where a bot's CPU time comes from (for {@code --clock cpu})
 * @param suspend how a bot that is not to move is kept still
 * @param end how a bot's processes are found and ended after its game
 * @param output how a bot's replies are read
 * @param jdk the Java runtime the arena runs on
 */
public record Host(
        Part<Launcher> sandbox,
        Part<Reach> reach,
        Part<CgroupVersion> cgroup,
        List<String> controllers,
        Part<LimitsBy> limits,
        Part<CpuClock> cpuClock,
        Part<SuspendBy> suspend,
        Part<EndBy> end,
        Part<Output> output,
        Jdk jdk) {

    public Host {
        Objects.requireNonNull(sandbox, "sandbox");
        Objects.requireNonNull(reach, "reach");
        Objects.requireNonNull(cgroup, "cgroup");
        controllers = List.copyOf(controllers);
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(cpuClock, "cpuClock");
        Objects.requireNonNull(suspend, "suspend");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(jdk, "jdk");
    }

    /** The word of each kind, as the game log and {@code caissa doctor} write it. */
    public interface Kind {
        String word();
    }

    /**
     * How a bot is launched: in a bubblewrap sandbox of its own, or without one ({@code none}, the
     * word every game log has written since its first version).
     */
    public enum Launcher implements Kind {
        BWRAP,
        NONE;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * What a bot can reach of the machine: its sandbox alone; the machine as nobody, a user who
     * owns nothing (a root arena without a sandbox); or the machine as the arena's own user.
     */
    public enum Reach implements Kind {
        SANDBOX,
        NOBODY,
        ARENA_USER;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    public enum CgroupVersion implements Kind {
        V1,
        V2,
        NONE;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public enum LimitsBy implements Kind {
        CGROUP_V1,
        CGROUP_V2,
        WATCHDOG,
        NONE;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    public enum CpuClock implements Kind {
        CGROUP,
        SCHEDSTAT,
        NONE;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public enum SuspendBy implements Kind {
        FREEZER,
        SIGNALS,
        NONE;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public enum EndBy implements Kind {
        CGROUP,
        PID_NAMESPACE,
        PROCESS_TREE;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    public enum Output implements Kind {
        POLLED,
        THREADS;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One part: the kind in use here, what it means on this machine, and what would give the
     * arena more (empty when nothing would: the part works as well as it can anywhere).
     */
    public record Part<K extends Kind>(K kind, String detail, Optional<String> fix) {
        public Part {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(detail, "detail");
            Objects.requireNonNull(fix, "fix");
        }

        static <K extends Kind> Part<K> ok(K kind, String detail) {
            return new Part<>(kind, detail, Optional.empty());
        }

        static <K extends Kind> Part<K> wanting(K kind, String detail, String fix) {
            return new Part<>(kind, detail, Optional.of(fix));
        }

        /** Whether nothing is missing here. */
        public boolean works() {
            return fix.isEmpty();
        }
    }

    /** The Java runtime: its version ({@code java.version}), vendor and home. */
    public record Jdk(String version, String vendor, String home) {}

    /** Whether every part works as well as it can: nothing to fix. */
    public boolean works() {
        return parts().values().stream().allMatch(Part::works);
    }

    /** The parts by the names {@code caissa doctor} gives them, in its order. */
    public Map<String, Part<?>> parts() {
        Map<String, Part<?>> parts = new LinkedHashMap<>();
        parts.put("sandbox", sandbox);
        parts.put("reach", reach);
        parts.put("cgroup", cgroup);
        parts.put("limits", limits);
        parts.put("cpu-clock", cpuClock);
        parts.put("suspend", suspend);
        parts.put("end", end);
        parts.put("output", output);
        return parts;
    }

    /**
     * What this machine gives the arena now (it tries bubblewrap and makes and removes a cgroup
     * to find out).
     */
    public static Host detect() {
        return of(Facts.observe(Machine.current()));
    }

    /**
     * What the arena sees of the machine, each a plain observation.
     *
     * @param linux whether the arena runs on Linux
     * @param portable whether the arena runs in {@link Portable} mode (off Linux, or asked for): no Linux-specific part at all
     * @param proc whether Linux's /proc is there and may be read (the watchdog, the CPU clock and signals read it)
     * @param root whether the arena runs as root
     * @param nobodyMapped whether the ids a root arena's bots run as ({@link BotUsers#range()}: a user of its own for
     *     each) exist in this user namespace ({@code /proc/self/uid_map}, {@code gid_map}): not in a namespace that maps
     *     root alone
     * @param setpriv whether {@code setpriv} (util-linux), which makes a root arena's bots their own users, is on the PATH
     * @param namespaceProcesses whether an ordinary user's sandboxed bot gets a process limit the kernel
     *     counts in its own user namespace (Linux 5.14 on, bubblewrap not set-user-ID)
     * @param ownNamespace where {@code unshare} is, when an ordinary user's plain bots can be put in a user
     *     namespace of their own where the kernel counts their processes apart ({@link OwnUserNamespace}: Linux
     *     5.14 on, and a trial namespace made); empty for root, and where that cannot be
     * @param filterLoader the system's Python, where it loads a plain bot's seccomp filter ({@link PlainFilter}: a
     *     trial of the loader worked); empty where it cannot, or {@code -Dcaissa.filter=off}
     * @param sandboxSetting {@code $CAISSA_SANDBOX} as set, empty when unset or blank
     * @param bubblewrapProblem why a trial sandbox failed ({@link Bubblewrap#unavailableReason()}); empty when it worked
     * @param bwrapPath where {@code bwrap} is on the PATH; empty when it is not
     * @param sysctls the kernel settings that allow or refuse user namespaces, by name, as far as they exist here
     * @param cgroupVersion the cgroup file system mounted at /sys/fs/cgroup
     * @param controllers see {@link Host#controllers()}
     * @param heldByV1 the controllers the kernel has bound to a cgroup v1 hierarchy ({@code /proc/cgroups}): on a v2 file
     *     system they are then missing whatever the arena's group is given
     * @param ownGroup the arena's own group (the v2 one, or the v1 memory one), from /proc/self/cgroup
     * @param ownGroupWritable whether the arena may write in its own group's folder (v2: the group is delegated to it)
     * @param cgroupsOff whether {@code -Dcaissa.cgroups=off} switched cgroups off
     * @param v2Problem on cgroup v2, why the arena could not place its bots' groups ({@link BotCgroup#v2Problem()}); empty
     *     elsewhere, or where it could
     * @param cgroupKind {@code cgroup-v1} or {@code cgroup-v2}: a group the arena made to find out; empty when it could not
     * @param schedstat whether the kernel gives each thread's CPU time in /proc/PID/task/TID/schedstat
     * @param setsid whether {@code /usr/bin/setsid} is there (a plain bot's own process group, for signals)
     * @param shell whether {@code /bin/sh} is there (it sends the signals)
     * @param pipesOff whether {@code -Dcaissa.pipes=threads} switched the polled pipes off
     * @param pipeHandover whether this JVM can hand a {@code java.nio} pipe's writing end to a child ({@link
     *     PipeHandover}: {@code java.base/sun.nio.ch} exported to the arena, and {@code /proc/self/fd})
     * @param jdk the Java runtime
     */
    public record Facts(
            boolean linux,
            boolean portable,
            boolean proc,
            boolean root,
            boolean nobodyMapped,
            boolean setpriv,
            boolean namespaceProcesses,
            Optional<String> ownNamespace,
            Optional<String> filterLoader,
            Optional<String> sandboxSetting,
            Optional<String> bubblewrapProblem,
            Optional<String> bwrapPath,
            Map<String, String> sysctls,
            CgroupVersion cgroupVersion,
            List<String> controllers,
            List<String> heldByV1,
            String ownGroup,
            boolean ownGroupWritable,
            boolean cgroupsOff,
            Optional<String> v2Problem,
            Optional<String> cgroupKind,
            boolean schedstat,
            boolean setsid,
            boolean shell,
            boolean pipesOff,
            boolean pipeHandover,
            Jdk jdk) {

        public Facts {
            sysctls = Map.copyOf(sysctls);
            controllers = List.copyOf(controllers);
            heldByV1 = List.copyOf(heldByV1);
        }

        /**
         * Where {@code unshare} is, when this machine's plain bots are each put in a user namespace of
         * their own ({@link OwnUserNamespace}): an ordinary user's, and only where no cgroup holds them
         * (a cgroup's count of their processes is exact already).
         */
        public Optional<String> namespaceForPlainBots() {
            boolean grouped = !cgroupsOff && cgroupKind.isPresent();
            return root || portable || grouped || !proc ? Optional.empty() : ownNamespace;
        }

        /** The settings {@link #sysctls} holds, where the kernel has them. */
        static final List<String> USER_NAMESPACE_SETTINGS = List.of(
                "kernel.apparmor_restrict_unprivileged_userns",
                "kernel.unprivileged_userns_clone",
                "user.max_user_namespaces");

        private static final Path CGROUP_ROOT = Path.of("/sys/fs/cgroup");
        /** The v1 hierarchies a bot's group needs (see {@link BotCgroup}). */
        static final List<String> V1_NEEDED = CgroupV1.CONTROLLERS;

        /** Looks at this machine, with what {@code machine} has already tried there. */
        public static Facts observe(Machine machine) {
            boolean linux =
                    System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");
            boolean portable = Portable.on();
            boolean proc = Portable.procAvailable() && Files.isDirectory(Path.of("/proc/self/task"));
            String setting = System.getenv(SandboxMode.ENVIRONMENT_VARIABLE);
            Map<String, String> sysctls = new TreeMap<>();
            for (String name : USER_NAMESPACE_SETTINGS) {
                read(Path.of("/proc/sys", name.replace('.', '/'))).ifPresent(value -> sysctls.put(name, value));
            }
            CgroupVersion version = Files.isRegularFile(CGROUP_ROOT.resolve("cgroup.controllers"))
                    ? CgroupVersion.V2
                    : V1_NEEDED.stream()
                                    .anyMatch(c -> Files.isRegularFile(
                                            CGROUP_ROOT.resolve(c).resolve("cgroup.procs")))
                            ? CgroupVersion.V1
                            : CgroupVersion.NONE;
            Map<String, String> own = ownGroups();
            String ownGroup = own.getOrDefault(version == CgroupVersion.V2 ? "" : "memory", "/");
            Path ownDir = CGROUP_ROOT
                    .resolve(version == CgroupVersion.V2 ? "" : "memory")
                    .resolve(ownGroup.substring(1));
            List<String> controllers = switch (version) {
                case V2 ->
                    read(ownDir.resolve("cgroup.controllers"))
                            .or(() -> read(CGROUP_ROOT.resolve("cgroup.controllers")))
                            .map(text -> List.of(text.split("\\s+")))
                            .orElse(List.of())
                            .stream()
                            .filter(s -> !s.isEmpty())
                            .toList();
                case V1 ->
                    V1_NEEDED.stream()
                            .filter(c ->
                                    Files.isRegularFile(CGROUP_ROOT.resolve(c).resolve("cgroup.procs")))
                            .toList();
                case NONE -> List.of();
            };
            boolean ownWritable = Files.isWritable(
                    ownDir.resolve(version == CgroupVersion.V2 ? "cgroup.subtree_control" : "cgroup.procs"));
            // Portable mode makes no group: nor does its doctor.
            Optional<String> kind = portable
                    ? Optional.empty()
                    : BotCgroup.create("doctor", ResourceLimits.DEFAULT.group()).map(group -> {
                        String k = group.kind();
                        group.remove();
                        return k;
                    });
            Jdk jdk = new Jdk(
                    System.getProperty("java.version", "unknown"),
                    System.getProperty("java.vendor", "unknown"),
                    System.getProperty("java.home", "unknown"));
            return new Facts(
                    linux,
                    portable,
                    proc,
                    machine.root(),
                    machine.botUsers().mapped(),
                    onPath("setpriv").isPresent(),
                    Bubblewrap.limitsProcessesInItsNamespace(),
                    portable
                            ? Optional.empty()
                            : OwnUserNamespace.available(Containment.isRoot()).map(Path::toString),
                    portable || !proc
                            ? Optional.empty()
                            : PlainFilter.available(machine.keyringFilter()).map(Path::toString),
                    Optional.ofNullable(setting).filter(s -> !s.isBlank()).map(String::strip),
                    Bubblewrap.unavailableReason(machine),
                    onPath("bwrap"),
                    sysctls,
                    version,
                    controllers,
                    boundToV1(),
                    ownGroup,
                    ownWritable,
                    "off".equals(System.getProperty(BotCgroup.SWITCH)),
                    version == CgroupVersion.V2 && !portable && kind.isEmpty()
                            ? BotCgroup.v2Problem()
                            : Optional.empty(),
                    kind,
                    threadCpuTimes(),
                    Files.isExecutable(Path.of("/usr/bin/setsid")),
                    Files.isExecutable(Path.of("/bin/sh")),
                    "threads".equals(System.getProperty(Parts.PIPES_SWITCH)),
                    PipeHandover.available(),
                    jdk);
        }

        /**
         * These facts as a command that asks for {@code mode} sees them: its mode instead of the
         * setting, and, where it insists on bubblewrap, a bubblewrap taken to work (its launches
         * then fail with bubblewrap's own cause).
         */
        Facts asking(SandboxMode mode) {
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
                    Optional.of(mode.word()),
                    mode == SandboxMode.BWRAP ? Optional.empty() : bubblewrapProblem,
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
                    jdk);
        }

        /** The controllers that /proc/cgroups shows bound to a v1 hierarchy (a nonzero hierarchy number). */
        private static List<String> boundToV1() {
            return read(Path.of("/proc/cgroups"))
                    .map(text -> text.lines()
                            .filter(line -> !line.startsWith("#"))
                            .map(line -> line.split("\\s+"))
                            .filter(fields -> fields.length >= 2 && !fields[1].equals("0"))
                            .map(fields -> fields[0])
                            .toList())
                    .orElse(List.of());
        }

        private static Optional<String> read(Path file) {
            try {
                return Optional.of(Files.readString(file).strip());
            } catch (IOException | SecurityException e) {
                return Optional.empty();
            }
        }

        /** This process's group per v1 controller, and "" for v2, from /proc/self/cgroup. */
        private static Map<String, String> ownGroups() {
            Map<String, String> groups = new TreeMap<>();
            read(Path.of("/proc/self/cgroup"))
                    .ifPresent(text -> text.lines().forEach(line -> {
                        String[] parts = line.split(":", 3);
                        if (parts.length == 3 && parts[2].startsWith("/")) {
                            for (String controller : parts[1].split(",")) {
                                groups.put(controller, parts[2]);
                            }
                        }
                    }));
            return groups;
        }

        /** Whether this process's threads have a CPU time in schedstat, as {@code ProcessCpu} reads it. */
        private static boolean threadCpuTimes() {
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
                for (Path task : tasks) {
                    String text = Files.readString(task.resolve("schedstat")).strip();
                    return text.matches("\\d+ \\d+ \\d+");
                }
            } catch (IOException | SecurityException e) {
                return false;
            }
            return false;
        }

        /** Found as the arena finds every program (see ProgramLookup), so that doctor and the games agree. */
        private static Optional<String> onPath(String program) {
            return ProgramLookup.onPath(program).map(Path::toString);
        }
    }

    /** The command that runs the arena in a cgroup v2 subtree of its own that systemd delegates to the user. */
    static final String DELEGATED = "systemd-run --user --scope -p Delegate=yes ./caissa COMMAND (this needs the user's"
            + " systemd manager: log in to a session, or loginctl enable-linger)";

    /** What a machine that looks like {@code facts} gives the arena. */
    public static Host of(Facts facts) {
        if (facts.portable()) {
            return portable(facts);
        }
        Part<Launcher> sandbox = sandbox(facts);
        Part<Reach> reach = reach(facts, sandbox);
        Part<CgroupVersion> cgroup = cgroup(facts);
        boolean bwrap = sandbox.kind() == Launcher.BWRAP;
        Optional<String> kind = facts.cgroupsOff() ? Optional.empty() : facts.cgroupKind();
        boolean grouped = kind.isPresent();

        Part<LimitsBy> limits;
        if (grouped) {
            limits = Part.ok(
                    kind.get().equals("cgroup-v2") ? LimitsBy.CGROUP_V2 : LimitsBy.CGROUP_V1,
                    "each bot's memory and processes are held by a cgroup of its own: exactly, at once");
        } else if (facts.proc()) {
            limits = Part.wanting(
                    LimitsBy.WATCHDOG,
                    "no usable cgroup: the arena looks at each bot's processes every "
                            + LimitWatchdog.PERIOD_MILLIS
                            + " ms (resident memory and page tables, processes and threads, from /proc; the"
                            + " memory files, System V segments and scratch it holds, less often) and kills them past a limit",
                    "a usable cgroup holds them exactly (see cgroup)");
        } else {
            limits = Part.wanting(
                    LimitsBy.NONE,
                    "no /proc: memory and processes are not limited",
                    "run the arena on Linux to limit them");
        }

        Part<CpuClock> cpuClock;
        if (grouped) {
            cpuClock = Part.ok(
                    CpuClock.CGROUP,
                    "a bot's CPU time is its cgroup's, every process it has"
                            + (facts.schedstat() && bwrap
                                    ? "; the time its main thread waited for a core is not charged (schedstat)"
                                    : NO_SANDBOX_WAIT));
        } else if (facts.schedstat()) {
            cpuClock = Part.ok(
                    CpuClock.SCHEDSTAT,
                    "a bot's CPU time is summed over its processes' threads, from" + " /proc/PID/task/TID/schedstat"
                            + (bwrap ? "" : NO_SANDBOX_WAIT));
        } else {
            cpuClock = Part.wanting(
                    CpuClock.NONE,
                    "no per-thread CPU time (/proc/PID/task/TID/schedstat) and no usable"
                            + " cgroup: --clock cpu charges bots nothing, use --clock wall",
                    facts.proc()
                            ? "a kernel that keeps schedstat (CONFIG_SCHED_INFO), or a usable cgroup (see cgroup)"
                            : "run the arena on Linux for --clock cpu");
        }

        Part<SuspendBy> suspend;
        if (grouped) {
            suspend = Part.ok(
                    SuspendBy.FREEZER,
                    "a bot that is not to move is frozen with every process it has (its" + " cgroup's freezer)");
        } else if (facts.proc() && facts.shell() && (bwrap || facts.setsid())) {
            suspend = Part.wanting(
                    SuspendBy.SIGNALS,
                    "SIGSTOP and SIGCONT to the bot's process group ("
                            + (bwrap ? "its sandbox's" : "setsid gives it one")
                            + ") and to each of its processes that left it (setsid)"
                            + (bwrap ? "" : "; a process orphaned before the arena saw it is not stopped"),
                    "a usable cgroup freezes all of a bot's processes (see cgroup)");
        } else {
            suspend = Part.wanting(
                    SuspendBy.NONE,
                    "idle bots keep running: "
                            + (!facts.proc()
                                    ? "no /proc"
                                    : !facts.shell()
                                            ? "no /bin/sh to send the signals"
                                            : "no /usr/bin/setsid to give a bot a process group"),
                    !facts.proc()
                            ? "run the arena on Linux"
                            : !facts.shell()
                                    ? "install a POSIX shell at /bin/sh"
                                    : "install util-linux (setsid), or make a cgroup usable (see cgroup)");
        }

        Part<EndBy> end;
        if (grouped) {
            end = Part.ok(
                    EndBy.CGROUP, "every process of a bot is found and killed through its cgroup, however it forked");
        } else if (bwrap) {
            end = Part.ok(EndBy.PID_NAMESPACE, "every process of a bot dies with its sandbox's PID namespace");
        } else {
            end = Part.wanting(
                    EndBy.PROCESS_TREE,
                    "a bot's process tree is killed; a process that left it (orphaned) can" + " outlive the game",
                    "the sandbox or a usable cgroup ends every process of a bot (see sandbox, cgroup)");
        }

        Part<Output> output = facts.pipeHandover() && !facts.pipesOff()
                ? Part.ok(Output.POLLED, "the game's own thread waits on each bot's output (a java.nio pipe)")
                : Part.ok(
                        Output.THREADS,
                        "each bot's output is read on a thread of its own: "
                                + (facts.pipesOff()
                                        ? "-Dcaissa.pipes=threads"
                                        : "this JVM does not give the arena java.base/sun.nio.ch (the jar's"
                                                + " manifest does: run it with java -jar or ./caissa)"));
        return new Host(
                sandbox, reach, cgroup, facts.controllers(), limits, cpuClock, suspend, end, output, facts.jdk());
    }

    /**
     * Portable mode: every Linux-specific part off, as the games are (see {@link Portable}); on
     * Linux the fix is to leave it, elsewhere to run the arena on Linux.
     */
    private static Host portable(Facts facts) {
        String mode = "portable mode ("
                + (facts.linux() ? Portable.VARIABLE + "=1 or -D" + Portable.PROPERTY + "=true" : "not Linux") + ")";
        String fix = facts.linux()
                ? "leave portable mode: unset " + Portable.VARIABLE + ", leave out -D" + Portable.PROPERTY + "=true"
                : "run the arena on Linux";
        String same = facts.linux() ? "leave portable mode (see sandbox)" : fix;
        return new Host(
                Part.wanting(Launcher.NONE, mode + ": bots run as plain processes", fix),
                Part.wanting(Reach.ARENA_USER, ARENA_USER_REACH, fix),
                Part.wanting(facts.cgroupVersion(), "no cgroup is used in portable mode", same),
                facts.controllers(),
                Part.wanting(
                        LimitsBy.NONE,
                        "memory, processes, open files and file size are not limited in portable mode",
                        same),
                Part.wanting(CpuClock.NONE, "no CPU clock in portable mode (--clock cpu is refused)", same),
                Part.wanting(SuspendBy.NONE, "idle bots keep running in portable mode", same),
                Part.wanting(
                        EndBy.PROCESS_TREE,
                        "a bot's process tree is killed; a process that left it can outlive the game",
                        same),
                Part.ok(Output.THREADS, "each bot's output is read on a thread of its own"),
                facts.jdk());
    }

    /** Without a sandbox the arena cannot tell a bot's wait for a core from its thinking: the wall clock charges it. */
    private static final String NO_SANDBOX_WAIT = "; without a sandbox, the time a bot waits for a core (while other"
            + " processes hold them) is charged to it on the wall clock";

    private static Part<Launcher> sandbox(Facts facts) {
        Optional<String> setting = facts.sandboxSetting();
        SandboxMode mode;
        try {
            mode = setting.map(SandboxMode::fromWord).orElse(SandboxMode.AUTO);
        } catch (IllegalArgumentException e) {
            return Part.wanting(
                    Launcher.NONE,
                    SandboxMode.ENVIRONMENT_VARIABLE + "=" + setting.orElseThrow() + " is none of auto, bwrap, none",
                    "unset " + SandboxMode.ENVIRONMENT_VARIABLE + ", or set it to auto");
        }
        Optional<String> problem = facts.bubblewrapProblem();
        Optional<String> asNobody = facts.root() ? nobodyProblem(facts) : Optional.empty();
        if (mode == SandboxMode.NONE || (problem.isPresent() && mode == SandboxMode.AUTO)) {
            if (asNobody.isPresent()) {
                return Part.wanting(
                        Launcher.NONE,
                        (mode == SandboxMode.NONE ? SandboxMode.ENVIRONMENT_VARIABLE + "=none" : problem.get())
                                + ": bots would run as plain processes, but " + asNobody.get(),
                        nobodyFix(facts));
            }
        }
        if (mode == SandboxMode.NONE) {
            return Part.wanting(
                    Launcher.NONE,
                    SandboxMode.ENVIRONMENT_VARIABLE + "=none: bots run as plain processes",
                    "unset " + SandboxMode.ENVIRONMENT_VARIABLE
                            + problem.map(p -> ", and: " + sandboxFix(facts)).orElse(""));
        }
        if (problem.isEmpty() && facts.root() && !facts.nobodyMapped()) {
            return Part.wanting(
                    Launcher.BWRAP,
                    "bubblewrap works, but bots cannot run as users of their own, as they must when the"
                            + " arena runs as root: this user namespace does not map their ids (/proc/self/uid_map, gid_map), so no bot"
                            + " can start",
                    nobodyFix(facts));
        }
        if (problem.isEmpty() && facts.root() && !facts.setpriv()) {
            return Part.wanting(
                    Launcher.BWRAP,
                    "bubblewrap works, but setpriv, which makes bots users of their own when the"
                            + " arena runs as root, is not on the PATH, so no bot can start",
                    "install util-linux (setpriv)");
        }
        if (problem.isEmpty()) {
            return Part.ok(
                    Launcher.BWRAP,
                    "bubblewrap works: each bot gets a sandbox of its own"
                            + (facts.root()
                                    ? "; each bot runs as an unprivileged user of its own, since the arena runs as root"
                                    : ""));
        }
        return Part.wanting(
                Launcher.NONE,
                problem.get()
                        + (mode == SandboxMode.BWRAP
                                ? " (" + SandboxMode.ENVIRONMENT_VARIABLE
                                        + "=bwrap: commands that run bots refuse to start)"
                                : ": bots run as plain processes"),
                sandboxFix(facts));
    }

    /**
     * Why bots cannot run as users of their own here, as they must when the arena runs as root; empty when
     * they can.
     */
    private static Optional<String> nobodyProblem(Facts facts) {
        if (!facts.nobodyMapped()) {
            return Optional.of(
                    "they cannot run as users of their own, as they must when the arena runs as root: this user"
                            + " namespace does not map their ids (/proc/self/uid_map, gid_map), so no bot can start");
        }
        if (!facts.setpriv()) {
            return Optional.of("setpriv, which makes bots users of their own when the arena runs as root,"
                    + " is not on the PATH, so no bot can start");
        }
        return Optional.empty();
    }

    private static String nobodyFix(Facts facts) {
        return !facts.nobodyMapped()
                ? "map the bots' ids in the namespace (root's range in /etc/subuid and /etc/subgid, else"
                        + " " + BotUsers.FIXED_FIRST + " to " + (BotUsers.FIXED_FIRST + BotUsers.FIXED_COUNT - 1)
                        + "; a container: give"
                        + " it such a range), or run the arena as an ordinary user there"
                : "install util-linux (setpriv)";
    }

    /** What the sandbox's seccomp filter ({@link KeyringFilter}) refuses a bot. */
    static final String FILTERED =
            "no keyrings, no inotify, no System V shared memory, no space kept past a file's size, no file locks that reach past it (a seccomp filter)";

    /** What a plain bot's seccomp filter refuses it, where the system's Python loads it ({@link PlainFilter}). */
    static final String PLAIN_FILTERED =
            FILTERED.replace("(a seccomp filter)", "(a seccomp filter, loaded by the system's Python)");

    /** What a bot reaches where it runs as the arena's own user. */
    static final String ARENA_USER_REACH = arenaUserReach(false, false);

    /**
     * What a bot reaches as the arena's own user, held at its process limit by the kernel where
     * {@code counted}: in a user namespace of its own ({@link OwnUserNamespace}).
     */
    private static String arenaUserReach(boolean counted, boolean filtered) {
        return "bots run as the arena's own user: each can read and write every file that user"
                + " may, read the arena's environment and command line (/proc), signal its processes, the other bot's too, and use"
                + " the network"
                + (filtered ? "; " + PLAIN_FILTERED : " (no seccomp filter can be loaded without a sandbox)")
                + (counted
                        ? "; at most its process limit of processes, counted in a user namespace of its own (RLIMIT_NPROC)"
                        : "")
                + "; not for bots you do not trust";
    }

    /** What a bot reaches here, from how it is launched: its sandbox, or the machine as nobody or as the arena's user. */
    private static Part<Reach> reach(Facts facts, Part<Launcher> sandbox) {
        if (sandbox.kind() == Launcher.BWRAP) {
            String detail =
                    "each bot reaches only its sandbox: the system's files and its own, read-only, and its scratch; no"
                            + " other process, no network, nothing of the arena's user"
                            + (facts.root()
                                    ? "; it runs as an unprivileged user"
                                            + " of its own with no capabilities, at most its process limit of processes (RLIMIT_NPROC)"
                                    : facts.namespaceProcesses()
                                            ? "; at most its process limit of processes, counted in a user namespace of"
                                                    + " its own (RLIMIT_NPROC)"
                                            : "")
                            + "; " + FILTERED;
            return sandbox.works()
                    ? Part.ok(Reach.SANDBOX, detail)
                    : Part.wanting(
                            Reach.SANDBOX,
                            "no bot can start (see" + " sandbox)",
                            sandbox.fix().orElseThrow());
        }
        String fix = "run the bots in bubblewrap sandboxes (see sandbox)";
        if (!facts.root()) {
            return Part.wanting(
                    Reach.ARENA_USER,
                    arenaUserReach(
                            facts.namespaceForPlainBots().isPresent(),
                            facts.filterLoader().isPresent()),
                    fix);
        }
        if (nobodyProblem(facts).isPresent()) {
            return Part.wanting(Reach.NOBODY, "no bot can start (see sandbox)", nobodyFix(facts));
        }
        return Part.wanting(
                Reach.NOBODY,
                "each bot runs as an unprivileged user of its own, with no capabilities and"
                        + " no_new_privs, never as root: none can read or write what is closed to other users (root's home, the"
                        + " arena's output), but each can read every file open to all, write where all may (/tmp, /dev/shm), see"
                        + " every process, and use the network, but signal no process but its own (its own user's: at most its process limit of them, RLIMIT_NPROC); "
                        + (facts.filterLoader().isPresent()
                                ? PLAIN_FILTERED
                                : "no seccomp filter can be loaded without a sandbox (flock and inotify reach other games)")
                        + "; not for bots you do not trust",
                fix);
    }

    /** How to make bubblewrap work, from why it did not: not installed, or user namespaces refused by a named setting. */
    static String sandboxFix(Facts facts) {
        if (facts.bwrapPath().isEmpty()) {
            return "install bubblewrap (Debian, Ubuntu: sudo apt-get install bubblewrap; Fedora: sudo dnf install bubblewrap)";
        }
        Map<String, String> sysctls = facts.sysctls();
        if ("0".equals(sysctls.get("user.max_user_namespaces"))) {
            return "user namespaces are switched off (user.max_user_namespaces=0): sudo sysctl -w user.max_user_namespaces=15000"
                    + " (and in /etc/sysctl.d/ to keep it)";
        }
        if (!facts.root() && "0".equals(sysctls.get("kernel.unprivileged_userns_clone"))) {
            return "ordinary users may not make user namespaces (kernel.unprivileged_userns_clone=0): sudo sysctl -w"
                    + " kernel.unprivileged_userns_clone=1 (and in /etc/sysctl.d/ to keep it)";
        }
        if (!facts.root() && "1".equals(sysctls.get("kernel.apparmor_restrict_unprivileged_userns"))) {
            String bwrap = facts.bwrapPath().get();
            return "AppArmor refuses user namespaces to programs without a profile that allows them"
                    + " (kernel.apparmor_restrict_unprivileged_userns=1): give bwrap one, a file /etc/apparmor.d/bwrap holding"
                    + " 'abi <abi/4.0>, include <tunables/global> profile bwrap " + bwrap
                    + " flags=(unconfined) { userns, }',"
                    + " then sudo apparmor_parser -r /etc/apparmor.d/bwrap (or allow every program: sudo sysctl -w"
                    + " kernel.apparmor_restrict_unprivileged_userns=0)";
        }
        return "let bubblewrap make namespaces here (in a container: docker run --security-opt seccomp=unconfined"
                + " --security-opt apparmor=unconfined, or run the arena outside it)";
    }

    private static Part<CgroupVersion> cgroup(Facts facts) {
        CgroupVersion version = facts.cgroupVersion();
        String own = facts.ownGroup();
        String controllers = facts.controllers().isEmpty()
                ? "no controllers"
                : "controllers " + String.join(" ", facts.controllers());
        if (version == CgroupVersion.NONE) {
            return Part.wanting(
                    version,
                    "no cgroup file system at /sys/fs/cgroup",
                    "mount cgroup v2 there (sudo mount -t"
                            + " cgroup2 none /sys/fs/cgroup) and run the arena as root or in a delegated subtree: "
                            + DELEGATED);
        }
        if (facts.cgroupsOff()) {
            return Part.wanting(
                    version,
                    controllers + "; not used: -D" + BotCgroup.SWITCH + "=off",
                    "leave out -D" + BotCgroup.SWITCH + "=off");
        }
        if (facts.cgroupKind().isPresent()) {
            return Part.ok(
                    version,
                    controllers + "; the arena makes a group for each bot"
                            + (facts.root() ? " (it runs as root)" : " in its delegated subtree " + own));
        }
        if (version == CgroupVersion.V1) {
            List<String> absent = new ArrayList<>(Facts.V1_NEEDED);
            absent.removeAll(facts.controllers());
            if (!absent.isEmpty()) {
                return Part.wanting(
                        version,
                        controllers + "; no v1 hierarchy for " + String.join(" ", absent),
                        "mount them, or boot with cgroup v2 (kernel parameter systemd.unified_cgroup_hierarchy=1)");
            }
            if (!facts.root()) {
                return Part.wanting(
                        version,
                        controllers + "; on cgroup v1 only root may make groups",
                        "run the arena as root, or boot with cgroup v2 (kernel parameter systemd.unified_cgroup_hierarchy=1)"
                                + " and run it in a delegated subtree: " + DELEGATED);
            }
            return Part.wanting(
                    version,
                    controllers + "; the arena (root) cannot make groups in them (read-only here, as in"
                            + " a container?)",
                    "give the arena a writable cgroup hierarchy (a container: --privileged)");
        }
        List<String> lacking = Stream.of("memory", "pids")
                .filter(c -> !facts.controllers().contains(c))
                .toList();
        if (!lacking.isEmpty()) {
            List<String> v1 =
                    lacking.stream().filter(facts.heldByV1()::contains).toList();
            if (!v1.isEmpty()) {
                return Part.wanting(
                        version,
                        controllers + "; the kernel holds " + String.join(" and ", v1) + " in cgroup v1"
                                + " hierarchies, so cgroup v2 cannot have them",
                        "boot with every controller in cgroup v2 (kernel"
                                + " parameter systemd.unified_cgroup_hierarchy=1, or cgroup_no_v1=all)");
            }
            return Part.wanting(
                    version,
                    controllers + "; the arena's group " + own + " is given no " + String.join(" or ", lacking)
                            + " controller",
                    facts.root()
                            ? "enable them for its group: echo '+memory +pids' into the cgroup.subtree_control"
                                    + " of /sys/fs/cgroup"
                                    + (own.equals("/") ? "" : " and of each group on the way down to " + own)
                            : "run it in a subtree with them delegated: " + DELEGATED);
        }
        if (!facts.root() && !facts.ownGroupWritable()) {
            return Part.wanting(
                    version,
                    controllers + "; the arena's group " + own + " is not delegated to this user",
                    "run it in a subtree of its own: " + DELEGATED);
        }
        String why = facts.v2Problem().orElse("the arena cannot make groups under its group " + own);
        return Part.wanting(
                version,
                controllers + "; " + why,
                facts.root()
                        ? "run it in a scope of its own: systemd-run --scope"
                                + " -p Delegate=yes ./caissa COMMAND (a container: --privileged, or a cgroup namespace of its own)"
                        : "run it in a subtree of its own: " + DELEGATED);
    }
}
