package caissa.arena.sandbox;

import static caissa.arena.sandbox.Machines.REFUSED;
import static caissa.arena.sandbox.Machines.laptop;
import static caissa.arena.sandbox.Machines.rootOnCgroupV1;
import static caissa.arena.sandbox.Machines.ubuntuUser;
import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.sandbox.Host.CgroupVersion;
import caissa.arena.sandbox.Host.CpuClock;
import caissa.arena.sandbox.Host.EndBy;
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

    @Test
    void rootWithBubblewrapAndCgroupV1GetsEveryPartAndNothingToFix() {
        Host host = rootOnCgroupV1().host();

        assertThat(host.sandbox().kind()).isEqualTo(Launcher.BWRAP);
        assertThat(host.sandbox().detail())
                .contains("each bot runs as an unprivileged user of its own, since the arena runs as root");
        assertThat(host.cgroup().kind()).isEqualTo(CgroupVersion.V1);
        assertThat(host.cgroup().detail())
                .isEqualTo("controllers memory pids freezer cpuacct; the arena makes a group for each"
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
        Host host = ubuntuUser().host();

        assertThat(host.sandbox().kind()).isEqualTo(Launcher.NONE);
        assertThat(host.sandbox().detail()).isEqualTo(REFUSED + ": bots run as plain processes");
        assertThat(host.sandbox().fix().orElseThrow())
                .contains("kernel.apparmor_restrict_unprivileged_userns=1")
                .contains("profile bwrap /usr/bin/bwrap flags=(unconfined) { userns, }")
                .contains("sudo apparmor_parser -r /etc/apparmor.d/bwrap")
                .contains("sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0");
        assertThat(host.cgroup().kind()).isEqualTo(CgroupVersion.V2);
        assertThat(host.cgroup().detail())
                .isEqualTo("controllers cpu memory pids; the arena's group"
                        + " /user.slice/user-1000.slice/session-2.scope is not delegated to this user");
        assertThat(host.cgroup().fix().orElseThrow())
                .isEqualTo("run it in a subtree of its own: systemd-run --user --scope -p"
                        + " Delegate=yes ./caissa COMMAND (this needs the user's systemd manager: log in to a session, or loginctl"
                        + " enable-linger)");
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
        assertThat(ubuntuUser()
                        .sysctls(Map.of("kernel.unprivileged_userns_clone", "0"))
                        .host()
                        .sandbox()
                        .fix())
                .contains(
                        "ordinary users may not make user namespaces (kernel.unprivileged_userns_clone=0): sudo sysctl -w"
                                + " kernel.unprivileged_userns_clone=1 (and in /etc/sysctl.d/ to keep it)");
        assertThat(ubuntuUser()
                        .sysctls(Map.of(
                                "user.max_user_namespaces", "0", "kernel.apparmor_restrict_unprivileged_userns", "1"))
                        .host()
                        .sandbox()
                        .fix())
                .contains("user namespaces are switched off (user.max_user_namespaces=0): sudo sysctl -w"
                        + " user.max_user_namespaces=15000 (and in /etc/sysctl.d/ to keep it)");
        // Neither of the others refuses root; what else does is said as bubblewrap said it, with the container's fix.
        Host host = ubuntuUser()
                .root(true)
                .sysctls(Map.of(
                        "kernel.apparmor_restrict_unprivileged_userns", "1", "kernel.unprivileged_userns_clone", "0"))
                .host();
        assertThat(host.sandbox().detail()).startsWith(REFUSED);
        assertThat(host.sandbox().fix())
                .contains("let bubblewrap make namespaces here (in a container: docker run --security-opt"
                        + " seccomp=unconfined --security-opt apparmor=unconfined, or run the arena outside it)");
    }

    @Test
    void rootInAUserNamespaceThatMapsNoNobodyIsToldNoBotCanStart() {
        Host host = rootOnCgroupV1().nobodyMapped(false).cgroupKind(null).host();

        assertThat(host.sandbox().kind()).isEqualTo(Launcher.BWRAP);
        assertThat(host.sandbox().detail())
                .contains("bots cannot run as users of their own")
                .endsWith("so no bot can start");
        assertThat(host.sandbox().fix().orElseThrow())
                .startsWith(
                        "map the bots' ids in the namespace (root's range in /etc/subuid and /etc/subgid, else 1900000000 to 1900065535");
        assertThat(host.works()).isFalse();
    }

    @Test
    void rootWithoutSetprivIsToldNoBotCanStart() {
        Host host = rootOnCgroupV1().setpriv(false).host();

        assertThat(host.sandbox().detail())
                .isEqualTo("bubblewrap works, but setpriv, which makes bots users of their own when"
                        + " the arena runs as root, is not on the PATH, so no bot can start");
        assertThat(host.sandbox().fix()).contains("install util-linux (setpriv)");
        // An ordinary user's bots run as the user: no setpriv needed.
        assertThat(ubuntuUser()
                        .bubblewrapProblem(null)
                        .setpriv(false)
                        .host()
                        .sandbox()
                        .works())
                .isTrue();
    }

    @Test
    void rootWithoutBubblewrapRunsBotsAsNobodyAndSaysWhatTheyReachAndThatItIsNoPlaceForUntrustedBots() {
        Machines container = rootOnCgroupV1()
                .bubblewrapProblem("bubblewrap (bwrap) is not installed (Debian package bubblewrap)")
                .bwrapPath(null)
                .cgroupKind(null);
        Host host = container.filterLoader(null).host();
        // Where the system's Python loads it, a plain bot has the sandbox's seccomp filter.
        assertThat(container.filterLoader("/usr/bin/python3").host().reach().detail())
                .contains("no inotify")
                .contains("(a seccomp filter, loaded by the system's Python)")
                .doesNotContain("no seccomp filter");

        assertThat(host.sandbox().kind()).isEqualTo(Launcher.NONE);
        assertThat(host.reach().kind()).isEqualTo(Host.Reach.NOBODY);
        assertThat(host.reach().detail())
                .startsWith("each bot runs as an unprivileged user of its own, with no capabilities and"
                        + " no_new_privs, never as root: none can read or write what is closed to other users")
                .contains("signal no process but its own")
                .contains("no seccomp filter can be loaded without a sandbox")
                .endsWith("not for bots you do not trust");
        assertThat(host.reach().fix()).contains("run the bots in bubblewrap sandboxes (see sandbox)");
        // An ordinary user's plain bots are that user, with all it may reach.
        Host user = ubuntuUser().host();
        assertThat(user.reach().kind()).isEqualTo(Host.Reach.ARENA_USER);
        assertThat(user.reach().detail()).contains("read the arena's environment");
        // In a sandbox a bot reaches nothing else: the one kind fit for bots one does not trust.
        assertThat(rootOnCgroupV1().host().reach().works()).isTrue();
    }

    @Test
    void anOrdinaryUsersSandboxedBotIsSaidToBeHeldAtItsProcessLimitOnlyWhereTheKernelCountsItsNamespaceApart() {
        Machines user = rootOnCgroupV1().root(false).cgroupKind(null);

        assertThat(user.namespaceProcesses(true).host().reach().detail())
                .contains(
                        "at most its process limit of processes, counted in a user namespace of its own (RLIMIT_NPROC)")
                .doesNotContain("unprivileged user of its own");
        assertThat(user.namespaceProcesses(false).host().reach().detail()).doesNotContain("RLIMIT_NPROC");
    }

    @Test
    void anOrdinaryUsersPlainBotIsSaidToBeHeldAtItsProcessLimitOnlyInANamespaceOfItsOwnWithoutACgroup() {
        Machines plain = rootOnCgroupV1()
                .root(false)
                .bubblewrapProblem("bubblewrap (bwrap) is not installed (Debian package bubblewrap)")
                .bwrapPath(null);
        String counted =
                "at most its process limit of processes, counted in a user namespace of its own (RLIMIT_NPROC)";

        Host namespaced =
                plain.cgroupKind(null).ownNamespace("/usr/bin/unshare").host();
        assertThat(namespaced.reach().kind()).isEqualTo(Host.Reach.ARENA_USER);
        assertThat(namespaced.reach().detail())
                .contains(counted)
                .contains("no file locks that reach past it (a seccomp filter, loaded by the system's Python)")
                .doesNotContain("no seccomp filter")
                .endsWith("not for bots you do not trust");
        // No namespace to be had (user namespaces refused), or a cgroup that counts the processes exactly.
        assertThat(plain.cgroupKind(null).ownNamespace(null).host().reach().detail())
                .doesNotContain("RLIMIT_NPROC");
        assertThat(plain.cgroupKind("cgroup-v1")
                        .ownNamespace("/usr/bin/unshare")
                        .host()
                        .reach()
                        .detail())
                .doesNotContain("RLIMIT_NPROC");
        // A root arena's bots are users of their own instead.
        assertThat(rootOnCgroupV1().ownNamespace("/usr/bin/unshare").facts().namespaceForPlainBots())
                .isEmpty();
    }

    @Test
    void rootWithoutBubblewrapWhereNobodyCannotBeHadIsToldNoBotCanStart() {
        String missing = "bubblewrap (bwrap) is not installed (Debian package bubblewrap)";
        Host unmapped = rootOnCgroupV1()
                .bubblewrapProblem(missing)
                .bwrapPath(null)
                .nobodyMapped(false)
                .host();
        Host noSetpriv = rootOnCgroupV1().sandboxSetting("none").setpriv(false).host();

        assertThat(unmapped.sandbox().detail())
                .isEqualTo(missing + ": bots would run as plain processes, but they cannot run"
                        + " as users of their own, as they must when the arena runs as root: this user namespace does not map their ids"
                        + " (/proc/self/uid_map, gid_map), so no bot can start");
        assertThat(unmapped.sandbox().fix().orElseThrow())
                .startsWith(
                        "map the bots' ids in the namespace (root's range in /etc/subuid and /etc/subgid, else 1900000000 to 1900065535");
        assertThat(unmapped.reach().detail()).isEqualTo("no bot can start (see sandbox)");
        assertThat(noSetpriv.sandbox().detail())
                .endsWith("setpriv, which makes bots users of their own when the arena runs as"
                        + " root, is not on the PATH, so no bot can start");
        assertThat(noSetpriv.sandbox().fix()).contains("install util-linux (setpriv)");
    }

    @Test
    void withoutBubblewrapTheFixIsToInstallIt() {
        Host host = rootOnCgroupV1()
                .bubblewrapProblem("bubblewrap (bwrap) is not installed (Debian package bubblewrap)")
                .bwrapPath(null)
                .host();

        assertThat(host.sandbox().kind()).isEqualTo(Launcher.NONE);
        assertThat(host.sandbox().detail())
                .isEqualTo("bubblewrap (bwrap) is not installed (Debian package bubblewrap): bots run"
                        + " as plain processes");
        assertThat(host.sandbox().fix())
                .contains("install bubblewrap (Debian, Ubuntu: sudo apt-get install bubblewrap; Fedora:"
                        + " sudo dnf install bubblewrap)");
        // The cgroup still holds, freezes and ends the bot.
        assertThat(host.limits().kind()).isEqualTo(LimitsBy.CGROUP_V1);
        assertThat(host.end().kind()).isEqualTo(EndBy.CGROUP);
        assertThat(host.cpuClock().detail())
                .doesNotContain("waited for a core")
                .contains(
                        "without a sandbox, the time a bot waits for a core (while other processes hold them) is charged"
                                + " to it on the wall clock");
        assertThat(host.works()).isFalse();
    }

    @Test
    void theSandboxSettingIsObeyedAndAnUnknownOneNamed() {
        Host none = rootOnCgroupV1().sandboxSetting("none").host();
        assertThat(none.sandbox().kind()).isEqualTo(Launcher.NONE);
        assertThat(none.sandbox().detail()).isEqualTo("CAISSA_SANDBOX=none: bots run as plain processes");
        assertThat(none.sandbox().fix()).contains("unset CAISSA_SANDBOX");

        Host insisted = ubuntuUser().sandboxSetting("bwrap").host();
        assertThat(insisted.sandbox().detail())
                .endsWith("(CAISSA_SANDBOX=bwrap: commands that run bots refuse to start)");

        Host unknown = rootOnCgroupV1().sandboxSetting("docker").host();
        assertThat(unknown.sandbox().detail()).isEqualTo("CAISSA_SANDBOX=docker is none of auto, bwrap, none");
        assertThat(unknown.sandbox().fix()).contains("unset CAISSA_SANDBOX, or set it to auto");
    }

    @Test
    void anOrdinaryUserWithADelegatedCgroupV2SubtreeGetsItsCgroup() {
        Host host = ubuntuUser()
                .bubblewrapProblem(null)
                .ownGroup("/user.slice/user-1000.slice/user@1000.service/app.slice/run-r1.scope", true)
                .cgroupKind("cgroup-v2")
                .host();

        assertThat(host.cgroup().detail())
                .isEqualTo("controllers cpu memory pids; the arena makes a group for each bot in its"
                        + " delegated subtree /user.slice/user-1000.slice/user@1000.service/app.slice/run-r1.scope");
        assertThat(host.limits().kind()).isEqualTo(LimitsBy.CGROUP_V2);
        assertThat(host.suspend().kind()).isEqualTo(SuspendBy.FREEZER);
        assertThat(host.sandbox().detail()).doesNotContain("nobody");
        assertThat(host.works()).isTrue();
    }

    @Test
    void cgroupV2WithoutTheMemoryControllerNamesIt() {
        Host host = ubuntuUser()
                .cgroup(CgroupVersion.V2, List.of("cpu", "pids"), List.of())
                .ownGroup("/user.slice", true)
                .host();

        assertThat(host.cgroup().detail())
                .isEqualTo("controllers cpu pids; the arena's group /user.slice is given no memory" + " controller");
        assertThat(host.cgroup().fix().orElseThrow())
                .startsWith("run it in a subtree with them delegated: systemd-run --user"
                        + " --scope -p Delegate=yes ./caissa COMMAND");
    }

    @Test
    void cgroupV2WhoseControllersTheKernelHoldsInV1SaysHowToBootWithThemInV2() {
        Host host = rootOnCgroupV1()
                .cgroup(CgroupVersion.V2, List.of("hugetlb"), Machines.V1)
                .cgroupKind(null)
                .host();

        assertThat(host.cgroup().detail())
                .isEqualTo("controllers hugetlb; the kernel holds memory and pids in cgroup v1"
                        + " hierarchies, so cgroup v2 cannot have them");
        assertThat(host.cgroup().fix())
                .contains("boot with every controller in cgroup v2 (kernel parameter"
                        + " systemd.unified_cgroup_hierarchy=1, or cgroup_no_v1=all)");
        Host unheld = rootOnCgroupV1()
                .cgroup(CgroupVersion.V2, List.of("cpu"), List.of())
                .ownGroup("/system.slice/caissa.service", true)
                .cgroupKind(null)
                .host();
        assertThat(unheld.cgroup().fix())
                .contains(
                        "enable them for its group: echo '+memory +pids' into the"
                                + " cgroup.subtree_control of /sys/fs/cgroup and of each group on the way down to /system.slice/caissa.service");
    }

    @Test
    void rootOnCgroupV2InASharedGroupIsToldWhyAndToRunInAScopeOfItsOwn() {
        String problem =
                "the arena's group /sys/fs/cgroup/user.slice/user-0.slice/session-3.scope holds other processes too"
                        + " (1, such as pid 812): on cgroup v2 it cannot then hold the bots' groups";
        Host host = rootOnCgroupV1()
                .cgroup(CgroupVersion.V2, List.of("cpu", "memory", "pids"), List.of())
                .ownGroup("/user.slice/user-0.slice/session-3.scope", true)
                .cgroupKind(null)
                .v2Problem(problem)
                .host();

        assertThat(host.cgroup().detail()).isEqualTo("controllers cpu memory pids; " + problem);
        assertThat(host.cgroup().fix().orElseThrow())
                .startsWith("run it in a scope of its own: systemd-run --scope -p" + " Delegate=yes ./caissa COMMAND");
    }

    @Test
    void anOrdinaryUserOnCgroupV1IsToldOnlyRootMayMakeGroups() {
        Host host = rootOnCgroupV1()
                .root(false)
                .ownGroup("/", false)
                .cgroupKind(null)
                .host();

        assertThat(host.cgroup().detail())
                .isEqualTo("controllers memory pids freezer cpuacct; on cgroup v1 only root may make" + " groups");
        assertThat(host.cgroup().fix().orElseThrow())
                .contains("run the arena as root")
                .contains("systemd.unified_cgroup_hierarchy=1")
                .contains("systemd-run --user --scope -p Delegate=yes");
        assertThat(host.limits().kind()).isEqualTo(LimitsBy.WATCHDOG);
        assertThat(host.suspend().kind()).isEqualTo(SuspendBy.SIGNALS);
        assertThat(host.suspend().detail()).contains("its sandbox's");
        assertThat(host.end().kind()).isEqualTo(EndBy.PID_NAMESPACE);
        assertThat(host.end().works()).isTrue();
    }

    @Test
    void rootWhoCannotWriteTheHierarchiesIsToldItIsReadOnly() {
        Host host = rootOnCgroupV1().cgroupKind(null).host();

        assertThat(host.cgroup().detail())
                .endsWith("; the arena (root) cannot make groups in them (read-only here, as in a" + " container?)");
        assertThat(host.cgroup().fix())
                .contains("give the arena a writable cgroup hierarchy (a container: --privileged)");
    }

    @Test
    void cgroupsSwitchedOffAreWatchedAndTheSwitchIsTheFix() {
        // The switch keeps the arena from making the group that would tell whether it could.
        Host host = rootOnCgroupV1().cgroupsOff(true).cgroupKind(null).host();

        assertThat(host.cgroup().detail()).endsWith("; not used: -Dcaissa.cgroups=off");
        assertThat(host.cgroup().fix()).contains("leave out -Dcaissa.cgroups=off");
        assertThat(host.limits().kind()).isEqualTo(LimitsBy.WATCHDOG);
        assertThat(host.cpuClock().kind()).isEqualTo(CpuClock.SCHEDSTAT);
    }

    @Test
    void aMachineWithoutProcOrCgroupsLimitsNothingAndSuspendsNothing() {
        Host host = laptop().host();

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
        assertThat(host.parts().values())
                .filteredOn(p -> p.kind() != Output.THREADS)
                .noneMatch(Host.Part::works);
    }

    @Test
    void portableModeOnLinuxTurnsEveryLinuxPartOffAndLeavingItIsTheFix() {
        Host host = rootOnCgroupV1().portable(true).host();

        assertThat(host.sandbox().kind()).isEqualTo(Launcher.NONE);
        assertThat(host.sandbox().detail())
                .isEqualTo("portable mode (CAISSA_PORTABLE=1 or -Dcaissa.portable=true): bots run"
                        + " as plain processes");
        assertThat(host.limits().kind()).isEqualTo(LimitsBy.NONE);
        assertThat(host.cpuClock().kind()).isEqualTo(CpuClock.NONE);
        assertThat(host.suspend().kind()).isEqualTo(SuspendBy.NONE);
        assertThat(host.end().kind()).isEqualTo(EndBy.PROCESS_TREE);
        assertThat(host.output().kind()).isEqualTo(Output.THREADS);
        assertThat(host.sandbox().fix())
                .contains("leave portable mode: unset CAISSA_PORTABLE, leave out -Dcaissa.portable=true");
        assertThat(List.of(host.cgroup(), host.limits(), host.cpuClock(), host.suspend(), host.end()))
                .allMatch(p -> p.fix().equals(Optional.of("leave portable mode (see sandbox)")));
        assertThat(host.output().works()).isTrue();
        assertThat(laptop().portable(false).host().limits().fix()).contains("run the arena on Linux");
    }

    @Test
    void withoutSetsidOrAShellAPlainBotIsNotSuspendedAndTheFixSaysWhatToInstall() {
        Host noSetsid = ubuntuUser().setsid(false).host();
        assertThat(noSetsid.suspend().kind()).isEqualTo(SuspendBy.NONE);
        assertThat(noSetsid.suspend().detail())
                .isEqualTo("idle bots keep running: no /usr/bin/setsid to give a bot a process group");
        assertThat(noSetsid.suspend().fix())
                .contains("install util-linux (setsid), or make a cgroup usable (see cgroup)");
        // In a sandbox its init leads the group: setsid is not needed.
        assertThat(ubuntuUser()
                        .bubblewrapProblem(null)
                        .setsid(false)
                        .host()
                        .suspend()
                        .kind())
                .isEqualTo(SuspendBy.SIGNALS);

        Host noShell = ubuntuUser().shell(false).host();
        assertThat(noShell.suspend().detail()).isEqualTo("idle bots keep running: no /bin/sh to send the signals");
        assertThat(noShell.suspend().fix()).contains("install a POSIX shell at /bin/sh");
    }

    @Test
    void readingOutputOnThreadsIsNotSomethingMissing() {
        Host host = rootOnCgroupV1().pipes(true, false).host();

        assertThat(host.output().kind()).isEqualTo(Output.THREADS);
        assertThat(host.output().detail()).endsWith("-Dcaissa.pipes=threads");
        assertThat(host.works()).isTrue();
    }
}
