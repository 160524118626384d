package caissa.arena.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.sandbox.Host.CpuClock;
import caissa.arena.sandbox.Host.EndBy;
import caissa.arena.sandbox.Host.LimitsBy;
import caissa.arena.sandbox.Host.Output;
import caissa.arena.sandbox.Host.SuspendBy;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The parts a command's bots get, chosen once from what the machine gives ({@link Host}) and the
 * sandbox the command asks for: the same kinds {@code caissa doctor} prints there.
 */
class PartsTest {

    @Test
    void eachKindOfMachineGetsThePartsItsDoctorNames() {
        for (Machines machine : new Machines[] {
            Machines.rootOnCgroupV1(),
            Machines.ubuntuUser(),
            Machines.ubuntuUser()
                    .bubblewrapProblem(null)
                    .ownGroup("/user.slice/run-r1.scope", true)
                    .cgroupKind("cgroup-v2"),
            Machines.rootOnCgroupV1().cgroupsOff(true),
            Machines.laptop(),
            Machines.rootOnCgroupV1().portable(true)
        }) {
            Host host = machine.host();
            Parts parts = Parts.of(machine.facts(), SandboxMode.AUTO);

            assertThat(parts.launching().kind())
                    .as(machine.facts().toString())
                    .isEqualTo(host.sandbox().kind());
            assertThat(parts.limiting().kind()).isEqualTo(host.limits().kind());
            assertThat(parts.suspend()).isEqualTo(host.suspend().kind());
            assertThat(parts.end()).isEqualTo(host.end().kind());
        }
    }

    @Test
    void aRootMachineOnCgroupV1HoldsBotsInSandboxesAndCgroups() {
        Parts parts = Parts.of(Machines.rootOnCgroupV1().facts(), SandboxMode.AUTO);

        assertThat(parts)
                .isEqualTo(new Parts(
                        new BubblewrapLaunching(),
                        new Limiting.ByCgroup(LimitsBy.CGROUP_V1),
                        SuspendBy.FREEZER,
                        EndBy.CGROUP,
                        Output.POLLED,
                        CpuClock.CGROUP));
    }

    @Test
    void theSandboxACommandAsksForDecidesTheLaunchAndWhatFollowsFromIt() {
        Machines noCgroup = Machines.rootOnCgroupV1().cgroupsOff(true).filterLoader(null);

        assertThat(Parts.of(noCgroup.facts(), SandboxMode.NONE))
                .isEqualTo(new Parts(
                        new PlainLaunching(),
                        new Limiting.ByWatchdog(),
                        SuspendBy.SIGNALS,
                        EndBy.PROCESS_TREE,
                        Output.POLLED,
                        CpuClock.SCHEDSTAT));
        assertThat(Parts.of(noCgroup.facts(), SandboxMode.BWRAP))
                .isEqualTo(new Parts(
                        new BubblewrapLaunching(),
                        new Limiting.ByWatchdog(),
                        SuspendBy.SIGNALS,
                        EndBy.PID_NAMESPACE,
                        Output.POLLED,
                        CpuClock.SCHEDSTAT));
        // The setting a command overrides does not count: its own mode does.
        assertThat(Parts.of(noCgroup.sandboxSetting("none").facts(), SandboxMode.AUTO)
                        .launching())
                .isEqualTo(new BubblewrapLaunching());
    }

    @Test
    void anOrdinaryUsersPlainBotsWithoutACgroupAreLaunchedInAUserNamespaceOfTheirOwn() {
        Machines user = Machines.rootOnCgroupV1().root(false).filterLoader(null).ownNamespace("/usr/bin/unshare");

        assertThat(Parts.of(user.cgroupsOff(true).facts(), SandboxMode.NONE).launching())
                .isEqualTo(new PlainLaunching(Optional.of(Path.of("/usr/bin/unshare")), Optional.empty()));
        assertThat(Parts.of(user.cgroupsOff(false).facts(), SandboxMode.NONE).launching())
                .isEqualTo(new PlainLaunching());
    }

    @Test
    void plainBotsGetTheirSeccompFilterWhereTheSystemsPythonLoadsIt() {
        Machines root = Machines.rootOnCgroupV1().cgroupsOff(true);

        assertThat(Parts.of(root.filterLoader("/usr/bin/python3").facts(), SandboxMode.NONE)
                        .launching())
                .isEqualTo(new PlainLaunching(Optional.empty(), Optional.of(Path.of("/usr/bin/python3"))));
        assertThat(Parts.of(root.filterLoader(null).facts(), SandboxMode.NONE).launching())
                .isEqualTo(new PlainLaunching());
        // A sandbox loads its own.
        assertThat(Parts.of(root.filterLoader("/usr/bin/python3").facts(), SandboxMode.BWRAP)
                        .launching())
                .isEqualTo(new BubblewrapLaunching());
    }

    @Test
    void aCommandThatInsistsOnBubblewrapGetsItsPartsWhereItsTrialFailed() {
        Parts parts = Parts.of(Machines.ubuntuUser().facts(), SandboxMode.BWRAP);

        assertThat(parts.launching()).isEqualTo(new BubblewrapLaunching());
        assertThat(parts.end()).isEqualTo(EndBy.PID_NAMESPACE);
        assertThat(Parts.of(Machines.ubuntuUser().facts(), SandboxMode.AUTO).launching())
                .isEqualTo(new PlainLaunching(Optional.empty(), Optional.of(Path.of("/usr/bin/python3"))));
    }

    @Test
    void portableModeIsOneChoiceOfPartsWhateverTheCommandAsks() {
        Parts portable = new Parts(
                new DirectLaunching(),
                new Limiting.Unlimited(),
                SuspendBy.NONE,
                EndBy.PROCESS_TREE,
                Output.THREADS,
                CpuClock.NONE);

        for (SandboxMode mode : SandboxMode.values()) {
            assertThat(Parts.of(Machines.rootOnCgroupV1().portable(true).facts(), mode))
                    .as(mode.word())
                    .isEqualTo(portable);
            assertThat(Parts.of(Machines.laptop().portable(false).facts(), mode))
                    .as(mode.word())
                    .isEqualTo(portable);
        }
    }

    @Test
    void theOutputReadingIsChosenWithTheOtherPartsFromWhatTheJvmAllows() {
        for (SandboxMode mode : SandboxMode.values()) {
            assertThat(Parts.of(Machines.rootOnCgroupV1().facts(), mode).output())
                    .as(mode.word())
                    .isEqualTo(Output.POLLED);
            assertThat(Parts.of(Machines.rootOnCgroupV1().pipes(true, true).facts(), mode)
                            .output())
                    .as("-Dcaissa.pipes=threads, " + mode.word())
                    .isEqualTo(Output.THREADS);
            assertThat(Parts.of(Machines.rootOnCgroupV1().pipes(false, false).facts(), mode)
                            .output())
                    .as("no java.base/sun.nio.ch, " + mode.word())
                    .isEqualTo(Output.THREADS);
        }
        // The doctor's word is the parts' word: one decision.
        Machines machine = Machines.rootOnCgroupV1().pipes(true, true);
        assertThat(Parts.of(machine.facts(), SandboxMode.AUTO).output())
                .isEqualTo(machine.host().output().kind());
    }

    @Test
    void theCpuClockIsTheDoctorsOnEveryMachine() {
        for (Machines machine : List.of(
                Machines.rootOnCgroupV1(),
                Machines.rootOnCgroupV1().cgroupsOff(true),
                Machines.rootOnCgroupV1().cgroupsOff(true).schedstat(false),
                Machines.ubuntuUser(),
                Machines.laptop())) {
            for (SandboxMode mode : SandboxMode.values()) {
                assertThat(Parts.of(machine.facts(), mode).clock())
                        .isEqualTo(
                                Host.of(machine.facts().asking(mode)).cpuClock().kind());
            }
        }
        assertThat(Parts.of(Machines.rootOnCgroupV1().facts(), SandboxMode.NONE).clock())
                .isEqualTo(CpuClock.CGROUP);
        assertThat(Parts.of(
                                Machines.rootOnCgroupV1()
                                        .cgroupsOff(true)
                                        .schedstat(false)
                                        .facts(),
                                SandboxMode.NONE)
                        .clock())
                .isEqualTo(CpuClock.NONE);
    }

    @Test
    void theLaunchingSaysWhetherABotLeadsASessionOfItsOwn() {
        List<Path> grouped = List.of(Path.of("/sys/fs/cgroup/caissa/bot-1/cgroup.procs"));

        // A sandbox's launch script keeps the terminal's signals from it only where it joins a cgroup.
        assertThat(new BubblewrapLaunching().wantsSession(grouped)).isFalse();
        assertThat(new BubblewrapLaunching().wantsSession(List.of())).isTrue();
        assertThat(new PlainLaunching().wantsSession(grouped)).isTrue();
        assertThat(new PlainLaunching().wantsSession(List.of())).isTrue();
        // Portable mode starts the program alone: no setsid.
        assertThat(new DirectLaunching().wantsSession(List.of())).isFalse();
    }

    @Test
    void aSandboxKeepsItsScratchInMemoryUnlessTheOrganiserKeepsItOnDisk() {
        assertThat(BubblewrapLaunching.scratchInMemory(null)).containsExactly("/scratch", "/tmp", "/dev/shm");
        assertThat(BubblewrapLaunching.scratchInMemory(Path.of("/tmp/caissa-sandbox-1")))
                .containsExactly("/dev/shm");
        assertThat(PreparedLaunch.direct(List.of("/bin/true")).scratchInMemory())
                .isEmpty();
    }

    /**
     * Parts that cannot work together: a freezer without a cgroup, a PID namespace's ending
     * without a sandbox, a cgroup's CPU clock with no cgroup, a cgroup's bots timed by their
     * processes.
     */
    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @CsvSource({
        "WATCHDOG, FREEZER, PROCESS_TREE, SCHEDSTAT",
        "WATCHDOG, SIGNALS, PID_NAMESPACE, SCHEDSTAT",
        "WATCHDOG, SIGNALS, PROCESS_TREE, CGROUP",
        "CGROUP_V2, FREEZER, CGROUP, SCHEDSTAT"
    })
    void partsThatCannotWorkTogetherAreABug(LimitsBy limits, SuspendBy suspend, EndBy end, CpuClock clock) {
        Limiting limiting = limits == LimitsBy.WATCHDOG ? new Limiting.ByWatchdog() : new Limiting.ByCgroup(limits);
        assertThatThrownBy(() -> new Parts(new PlainLaunching(), limiting, suspend, end, Output.THREADS, clock))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aCgroupLimitingIsACgroupsKind() {
        assertThatThrownBy(() -> new Limiting.ByCgroup(LimitsBy.WATCHDOG)).isInstanceOf(IllegalArgumentException.class);
    }
}
