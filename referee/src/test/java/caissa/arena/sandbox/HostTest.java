package caissa.arena.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.sandbox.Host.CgroupVersion;
import caissa.arena.sandbox.Host.CpuClock;
import caissa.arena.sandbox.Host.EndBy;
import caissa.arena.sandbox.Host.Facts;
import caissa.arena.sandbox.Host.Launcher;
import caissa.arena.sandbox.Host.LimitsBy;
import caissa.arena.sandbox.Host.Output;
import caissa.arena.sandbox.Host.SuspendBy;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What each kind of machine gives the arena, decided from what the arena sees of it, with the fix for what is missing. */
class HostTest {

    private static final Host.Jdk JDK = new Host.Jdk("17.0.15", "Debian", "/usr/lib/jvm/java-17-openjdk-amd64");
    private static final Optional<String> REFUSED = Optional.of("bubblewrap (bwrap) does not work here: bwrap: setting up uid"
            + " map: Permission denied");

    /** CI's machine: root, bubblewrap, cgroup v1 with every controller. */
    private static Facts rootOnCgroupV1() {
        return new Facts(true, true, true, Optional.empty(), Optional.empty(), Optional.of("/usr/bin/bwrap"),
                Map.of("user.max_user_namespaces", "96365"), CgroupVersion.V1, List.of("memory", "pids", "freezer", "cpuacct"),
                List.of("memory", "pids", "freezer", "cpuacct"), "/", true, false, Optional.of("cgroup-v1"), true, true, true, false, true, JDK);
    }

    /** An organiser's Ubuntu 24.04 laptop: an ordinary user on cgroup v2, AppArmor restricting user namespaces. */
    private static Facts ubuntuUser() {
        return new Facts(true, false, true, Optional.empty(), REFUSED, Optional.of("/usr/bin/bwrap"),
                Map.of("kernel.apparmor_restrict_unprivileged_userns", "1", "kernel.unprivileged_userns_clone", "1",
                        "user.max_user_namespaces", "62967"),
                CgroupVersion.V2, List.of("cpu", "memory", "pids"), List.of(), "/user.slice/user-1000.slice/session-2.scope", false,
                false,
                Optional.empty(), true, true, true, false, true, JDK);
    }

    private static Facts with(Facts f, Optional<String> setting, Optional<String> problem, Optional<String> bwrap,
            Map<String, String> sysctls) {
        return new Facts(f.proc(), f.root(), f.nobodyMapped(), setting, problem, bwrap, sysctls, f.cgroupVersion(),
                f.controllers(), f.heldByV1(), f.ownGroup(), f.ownGroupWritable(), f.cgroupsOff(), f.cgroupKind(), f.schedstat(), f.setsid(),
                f.shell(), f.pipesOff(), f.polled(),
                f.jdk());
    }

    private static Facts cgroups(Facts f, boolean root, CgroupVersion version, List<String> controllers, String own,
            boolean writable, boolean off, Optional<String> kind) {
        return new Facts(f.proc(), root, f.nobodyMapped(), f.sandboxSetting(), f.bubblewrapProblem(), f.bwrapPath(),
                f.sysctls(), version, controllers, f.heldByV1(), own, writable, off, kind, f.schedstat(), f.setsid(), f.shell(), f.pipesOff(),
                f.polled(), f.jdk());
    }

    @Test
    void rootWithBubblewrapAndCgroupV1GetsEveryPartAndNothingToFix() {
        Host host = Host.of(rootOnCgroupV1());

        assertThat(host.sandbox().kind()).isEqualTo(Launcher.BWRAP);
        assertThat(host.sandbox().detail()).contains("bots run as nobody (uid 65534), since the arena runs as root");
        assertThat(host.cgroup().kind()).isEqualTo(CgroupVersion.V1);
        assertThat(host.cgroup().detail()).isEqualTo("controllers memory pids freezer cpuacct; the arena makes a group for each"
                + " bot (it runs as root)");
        assertThat(host.limits().kind()).isEqualTo(LimitsBy.CGROUP_V1);
        assertThat(host.cpuClock().kind()).isEqualTo(CpuClock.CGROUP);
        assertThat(host.suspend().kind()).isEqualTo(SuspendBy.FREEZER);
        assertThat(host.end().kind()).isEqualTo(EndBy.CGROUP);
        assertThat(host.output().kind()).isEqualTo(Output.POLLED);
        assertThat(host.parts().values()).allMatch(Host.Part::works);
        assertThat(host.works()).isTrue();
    }

    @Test
    void anUbuntuUserIsToldWhichSettingRefusesTheSandboxAndHowToGetACgroup() {
        Host host = Host.of(ubuntuUser());

        assertThat(host.sandbox().kind()).isEqualTo(Launcher.PLAIN);
        assertThat(host.sandbox().detail()).isEqualTo(REFUSED.orElseThrow() + ": bots run as plain processes");
        assertThat(host.sandbox().fix().orElseThrow())
                .contains("kernel.apparmor_restrict_unprivileged_userns=1")
                .contains("profile bwrap /usr/bin/bwrap flags=(unconfined) { userns, }")
                .contains("sudo apparmor_parser -r /etc/apparmor.d/bwrap")
                .contains("sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0");
        assertThat(host.cgroup().kind()).isEqualTo(CgroupVersion.V2);
        assertThat(host.cgroup().detail()).isEqualTo("controllers cpu memory pids; the arena's group"
                + " /user.slice/user-1000.slice/session-2.scope is not delegated to this user");
        assertThat(host.cgroup().fix()).contains("run it in a subtree of its own: systemd-run --user --scope -p Delegate=yes"
                + " ./caissa COMMAND");
        assertThat(host.limits().kind()).isEqualTo(LimitsBy.WATCHDOG);
        assertThat(host.limits().detail()).contains("every 20 ms");
        assertThat(host.limits().fix()).contains("a usable cgroup holds them exactly (see cgroup)");
        assertThat(host.cpuClock().kind()).isEqualTo(CpuClock.SCHEDSTAT);
        assertThat(host.cpuClock().works()).isTrue();
        assertThat(host.suspend().kind()).isEqualTo(SuspendBy.SIGNALS);
        assertThat(host.suspend().detail()).contains("setsid gives it one");
        assertThat(host.suspend().fix()).isPresent();
        assertThat(host.end().kind()).isEqualTo(EndBy.PROCESS_TREE);
        assertThat(host.end().fix()).isPresent();
        assertThat(host.works()).isFalse();
    }

    @Test
    void eachSettingThatRefusesUserNamespacesIsNamedWithTheCommandThatAllowsThem() {
        Facts user = ubuntuUser();

        assertThat(Host.of(with(user, Optional.empty(), REFUSED, user.bwrapPath(),
                Map.of("kernel.unprivileged_userns_clone", "0"))).sandbox().fix())
                .contains("ordinary users may not make user namespaces (kernel.unprivileged_userns_clone=0): sudo sysctl -w"
                        + " kernel.unprivileged_userns_clone=1 (and in /etc/sysctl.d/ to keep it)");
        assertThat(Host.of(with(user, Optional.empty(), REFUSED, user.bwrapPath(),
                Map.of("user.max_user_namespaces", "0", "kernel.apparmor_restrict_unprivileged_userns", "1"))).sandbox().fix())
                .contains("user namespaces are switched off (user.max_user_namespaces=0): sudo sysctl -w"
                        + " user.max_user_namespaces=15000 (and in /etc/sysctl.d/ to keep it)");
        // Neither setting refuses root; what else does is said as bubblewrap said it, with the container's fix.
        Facts root = cgroups(user, true, CgroupVersion.V2, user.controllers(), "/", true, false, Optional.of("cgroup-v2"));
        Host host = Host.of(with(root, Optional.empty(), REFUSED, user.bwrapPath(),
                Map.of("kernel.apparmor_restrict_unprivileged_userns", "1", "kernel.unprivileged_userns_clone", "0")));
        assertThat(host.sandbox().detail()).startsWith(REFUSED.orElseThrow());
        assertThat(host.sandbox().fix()).contains("let bubblewrap make namespaces here (in a container: docker run --security-opt"
                + " seccomp=unconfined --security-opt apparmor=unconfined, or run the arena outside it)");
    }

    @Test
    void rootInAUserNamespaceThatMapsNoNobodyIsToldNoBotCanStart() {
        Facts f = rootOnCgroupV1();
        Host host = Host.of(new Facts(f.proc(), true, false, f.sandboxSetting(), f.bubblewrapProblem(), f.bwrapPath(), f.sysctls(),
                f.cgroupVersion(), f.controllers(), f.heldByV1(), f.ownGroup(), f.ownGroupWritable(), f.cgroupsOff(), Optional.empty(), f.schedstat(),
                f.setsid(), f.shell(), f.pipesOff(), f.polled(), f.jdk()));

        assertThat(host.sandbox().kind()).isEqualTo(Launcher.BWRAP);
        assertThat(host.sandbox().detail()).contains("bots cannot run as nobody (uid 65534)").endsWith("so no bot can start");
        assertThat(host.sandbox().fix().orElseThrow()).startsWith("map ids up to 65534 in the namespace");
        assertThat(host.works()).isFalse();
    }

    @Test
    void withoutBubblewrapTheFixIsToInstallIt() {
        Host host = Host.of(with(rootOnCgroupV1(), Optional.empty(),
                Optional.of("bubblewrap (bwrap) is not installed (Debian package bubblewrap)"), Optional.empty(), Map.of()));

        assertThat(host.sandbox().kind()).isEqualTo(Launcher.PLAIN);
        assertThat(host.sandbox().detail()).isEqualTo("bubblewrap (bwrap) is not installed (Debian package bubblewrap): bots run"
                + " as plain processes");
        assertThat(host.sandbox().fix()).contains("install bubblewrap (Debian, Ubuntu: sudo apt-get install bubblewrap; Fedora:"
                + " sudo dnf install bubblewrap)");
        // The cgroup still holds, freezes and ends the bot.
        assertThat(host.limits().kind()).isEqualTo(LimitsBy.CGROUP_V1);
        assertThat(host.end().kind()).isEqualTo(EndBy.CGROUP);
        assertThat(host.cpuClock().detail()).doesNotContain("waited for a core");
        assertThat(host.works()).isFalse();
    }

    @Test
    void theSandboxSettingIsObeyedAndAnUnknownOneNamed() {
        Host none = Host.of(with(rootOnCgroupV1(), Optional.of("none"), Optional.empty(), Optional.of("/usr/bin/bwrap"), Map.of()));
        assertThat(none.sandbox().kind()).isEqualTo(Launcher.PLAIN);
        assertThat(none.sandbox().detail()).isEqualTo("CAISSA_SANDBOX=none: bots run as plain processes");
        assertThat(none.sandbox().fix()).contains("unset CAISSA_SANDBOX");

        Host insisted = Host.of(with(ubuntuUser(), Optional.of("bwrap"), REFUSED, Optional.of("/usr/bin/bwrap"), Map.of()));
        assertThat(insisted.sandbox().detail()).endsWith("(CAISSA_SANDBOX=bwrap: commands that run bots refuse to start)");

        Host unknown = Host.of(with(rootOnCgroupV1(), Optional.of("docker"), Optional.empty(), Optional.of("/usr/bin/bwrap"), Map.of()));
        assertThat(unknown.sandbox().detail()).isEqualTo("CAISSA_SANDBOX=docker is none of auto, bwrap, none");
        assertThat(unknown.sandbox().fix()).contains("unset CAISSA_SANDBOX, or set it to auto");
    }

    @Test
    void anOrdinaryUserWithADelegatedCgroupV2SubtreeGetsItsCgroup() {
        Facts f = cgroups(ubuntuUser(), false, CgroupVersion.V2, List.of("cpu", "memory", "pids"),
                "/user.slice/user-1000.slice/user@1000.service/app.slice/run-r1.scope", true, false, Optional.of("cgroup-v2"));
        Host host = Host.of(with(f, Optional.empty(), Optional.empty(), f.bwrapPath(), f.sysctls()));

        assertThat(host.cgroup().detail()).isEqualTo("controllers cpu memory pids; the arena makes a group for each bot in its"
                + " delegated subtree /user.slice/user-1000.slice/user@1000.service/app.slice/run-r1.scope");
        assertThat(host.limits().kind()).isEqualTo(LimitsBy.CGROUP_V2);
        assertThat(host.suspend().kind()).isEqualTo(SuspendBy.FREEZER);
        assertThat(host.sandbox().detail()).doesNotContain("nobody");
        assertThat(host.works()).isTrue();
    }

    @Test
    void cgroupV2WithoutTheMemoryControllerNamesIt() {
        Facts f = cgroups(ubuntuUser(), false, CgroupVersion.V2, List.of("cpu", "pids"), "/user.slice", true, false, Optional.empty());
        assertThat(Host.of(f).cgroup().detail()).isEqualTo("controllers cpu pids; the arena's group /user.slice is given no memory"
                + " controller");
        assertThat(Host.of(f).cgroup().fix()).contains("run it in a subtree with them delegated: systemd-run --user --scope"
                + " -p Delegate=yes ./caissa COMMAND");
    }

    @Test
    void cgroupV2WhoseControllersTheKernelHoldsInV1SaysHowToBootWithThemInV2() {
        Facts f = cgroups(rootOnCgroupV1(), true, CgroupVersion.V2, List.of("hugetlb"), "/", true, false, Optional.empty());
        Host host = Host.of(f);

        assertThat(host.cgroup().detail()).isEqualTo("controllers hugetlb; the kernel holds memory and pids in cgroup v1"
                + " hierarchies, so cgroup v2 cannot have them");
        assertThat(host.cgroup().fix()).contains("boot with every controller in cgroup v2 (kernel parameter"
                + " systemd.unified_cgroup_hierarchy=1, or cgroup_no_v1=all)");
        Facts unheld = new Facts(f.proc(), true, true, f.sandboxSetting(), f.bubblewrapProblem(), f.bwrapPath(), f.sysctls(),
                CgroupVersion.V2, List.of("cpu"), List.of(), "/system.slice/caissa.service", true, false, Optional.empty(), true, true,
                true, false, true, JDK);
        assertThat(Host.of(unheld).cgroup().fix()).contains("enable them for its group: echo '+memory +pids' into the"
                + " cgroup.subtree_control of /sys/fs/cgroup and of each group on the way down to /system.slice/caissa.service");
    }

    @Test
    void anOrdinaryUserOnCgroupV1IsToldOnlyRootMayMakeGroups() {
        Facts f = cgroups(rootOnCgroupV1(), false, CgroupVersion.V1, List.of("memory", "pids", "freezer", "cpuacct"), "/", false,
                false, Optional.empty());
        Host host = Host.of(f);

        assertThat(host.cgroup().detail()).isEqualTo("controllers memory pids freezer cpuacct; on cgroup v1 only root may make"
                + " groups");
        assertThat(host.cgroup().fix().orElseThrow()).contains("run the arena as root")
                .contains("systemd.unified_cgroup_hierarchy=1").contains("systemd-run --user --scope -p Delegate=yes");
        assertThat(host.limits().kind()).isEqualTo(LimitsBy.WATCHDOG);
        assertThat(host.suspend().kind()).isEqualTo(SuspendBy.SIGNALS);
        assertThat(host.suspend().detail()).contains("its sandbox's");
        assertThat(host.end().kind()).isEqualTo(EndBy.PID_NAMESPACE);
        assertThat(host.end().works()).isTrue();
    }

    @Test
    void cgroupsSwitchedOffAreWatchedAndTheSwitchIsTheFix() {
        Facts f = cgroups(rootOnCgroupV1(), true, CgroupVersion.V1, List.of("memory", "pids", "freezer", "cpuacct"), "/", true,
                true, Optional.empty());
        Host host = Host.of(f);

        assertThat(host.cgroup().detail()).endsWith("; not used: -Dcaissa.cgroups=off");
        assertThat(host.cgroup().fix()).contains("leave out -Dcaissa.cgroups=off");
        assertThat(host.limits().kind()).isEqualTo(LimitsBy.WATCHDOG);
        assertThat(host.cpuClock().kind()).isEqualTo(CpuClock.SCHEDSTAT);
    }

    @Test
    void aMachineWithoutProcOrCgroupsLimitsNothingAndSuspendsNothing() {
        Facts laptop = new Facts(false, false, true, Optional.empty(), Optional.of("bubblewrap (bwrap) is not installed (Debian package"
                + " bubblewrap)"), Optional.empty(), Map.of(), CgroupVersion.NONE, List.of(), List.of(), "/", false, false, Optional.empty(),
                false, false, true, false, false, JDK);
        Host host = Host.of(laptop);

        assertThat(host.cgroup().kind()).isEqualTo(CgroupVersion.NONE);
        assertThat(host.cgroup().detail()).isEqualTo("no cgroup file system at /sys/fs/cgroup");
        assertThat(host.limits().kind()).isEqualTo(LimitsBy.NONE);
        assertThat(host.limits().detail()).isEqualTo("no /proc: memory and processes are not limited");
        assertThat(host.cpuClock().kind()).isEqualTo(CpuClock.NONE);
        assertThat(host.cpuClock().detail()).contains("use --clock wall");
        assertThat(host.suspend().kind()).isEqualTo(SuspendBy.NONE);
        assertThat(host.suspend().detail()).isEqualTo("idle bots keep running: no /proc");
        assertThat(host.end().kind()).isEqualTo(EndBy.PROCESS_TREE);
        assertThat(host.output().kind()).isEqualTo(Output.THREADS);
        assertThat(host.parts().values()).filteredOn(p -> p.kind() != Output.THREADS).noneMatch(Host.Part::works);
    }

    @Test
    void readingOutputOnThreadsIsNotSomethingMissing() {
        Facts f = rootOnCgroupV1();
        Host host = Host.of(new Facts(f.proc(), f.root(), f.nobodyMapped(), f.sandboxSetting(), f.bubblewrapProblem(),
                f.bwrapPath(), f.sysctls(), f.cgroupVersion(), f.controllers(), f.heldByV1(), f.ownGroup(), f.ownGroupWritable(), f.cgroupsOff(),
                f.cgroupKind(), f.schedstat(), f.setsid(), f.shell(), true, false, f.jdk()));

        assertThat(host.output().kind()).isEqualTo(Output.THREADS);
        assertThat(host.output().detail()).endsWith("-Dcaissa.pipes=threads");
        assertThat(host.works()).isTrue();
    }
}
