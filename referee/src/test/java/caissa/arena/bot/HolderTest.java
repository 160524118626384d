package caissa.arena.bot;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.linux.ProcessCpu;
import caissa.arena.linux.ProcessTree;
import caissa.arena.program.BotCommand;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.DirectLaunching;
import caissa.arena.sandbox.Host;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.Limiting;
import caissa.arena.sandbox.Machine;
import caissa.arena.sandbox.Parts;
import caissa.arena.sandbox.SandboxMode;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A bot's parts are chosen once, when it starts, by what holds it: a plain process has parts
 * of its own, and a contained bot's CPU clock follows its command's limits and launch, not a
 * look at the machine at each reply.
 */
class HolderTest {

    /** The process the parts are made for: they only note it. */
    private Process process;

    @BeforeEach
    void startProcess() throws IOException {
        process = new ProcessBuilder("sleep", "30").start();
    }

    @AfterEach
    void endProcess() {
        process.destroyForcibly();
    }

    @Test
    void aPlainProcessHasPartsOfItsOwn() {
        Holder plain = new Holder.Plain(Host.Output.THREADS);

        assertThat(plain.wrapping()).isInstanceOf(Wrapping.Bare.class);
        assertThat(plain.wrapping().bot(process.pid())).isEqualTo(process.pid());
        assertThat(plain.suspension(process)).isInstanceOf(Suspension.StopSignals.class);
        assertThat(plain.ending(process, new ProcessTree())).isInstanceOf(Ending.ByProcessTree.class);
        CpuClock clock = plain.clock(process);
        assertThat(clock).isInstanceOf(CpuClock.OfProcesses.class);
        assertThat(clock.waitedNanos()).isEqualTo(-1);
        assertThat(clock.cpuNanos()).isNotNegative();
        assertThat(plain.record("signals", "process-tree", "polled")).isEmpty();
        assertThat(plain.limitHit(process)).isEmpty();
        assertThat(plain.containment()).isEmpty();
        assertThat(plain.output()).isEqualTo(Host.Output.THREADS);
        // Nothing but the program is started: there is no launch to have failed, and no wait for its exit.
        assertThat(plain.launchEnded(() -> {
                    throw new AssertionError("a plain process's exit is not waited for");
                }))
                .isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"unlimited", "watchdog"})
    void withoutACgroupTheClockIsTheProcessesAndNoWaitIsExcused(String limits) throws IOException {
        Limiting limiting = limits.equals("unlimited") ? new Limiting.Unlimited() : new Limiting.ByWatchdog();
        Parts parts = new Parts(
                new DirectLaunching(),
                limiting,
                Host.SuspendBy.NONE,
                Host.EndBy.PROCESS_TREE,
                Host.Output.POLLED,
                Host.CpuClock.SCHEDSTAT);
        Containment containment = prepare(parts);
        try {
            Holder held = new Holder.Contained(containment);

            assertThat(held.wrapping()).isInstanceOf(Wrapping.Bare.class);
            assertThat(held.suspension(process)).isInstanceOf(Suspension.Unsuspended.class);
            assertThat(held.ending(process, new ProcessTree())).isInstanceOf(Ending.ByProcessTree.class);
            assertThat(held.clock(process)).isEqualTo(new CpuClock.OfProcesses(process.pid()));
            assertThat(held.clock(process).waitedNanos()).isEqualTo(-1);
            assertThat(held.containment()).contains(containment);
            assertThat(held.output()).isEqualTo(Host.Output.POLLED);
        } finally {
            containment.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "bwrap"})
    void aCgroupsClockExcusesTheWaitForACoreInASandboxAlone(String sandbox) throws IOException {
        Sandboxes.assumeCgroups();
        if (sandbox.equals("bwrap")) {
            Sandboxes.assumeSandbox();
        }
        Parts parts = Machine.current().parts(SandboxMode.valueOf(sandbox.toUpperCase(Locale.ROOT)));
        Containment containment = prepare(parts);
        Holder held = new Holder.Contained(containment);
        CpuClock clock = held.clock(process);
        try {
            if (sandbox.equals("bwrap")) {
                assertThat(held.wrapping()).isInstanceOf(Wrapping.Sandbox.class);
                assertThat(clock).isInstanceOf(CpuClock.OfSandboxedCgroup.class);
                // The process is not a sandbox: no bot is found below it, so no wait is read yet.
                assertThat(clock.waitedNanos()).isEqualTo(-1);
            } else {
                assertThat(held.wrapping()).isInstanceOf(Wrapping.Bare.class);
                assertThat(clock).isEqualTo(new CpuClock.OfCgroup(containment, process.pid()));
                assertThat(clock.waitedNanos()).isEqualTo(-1);
            }
            // The group's reading, where it has one (nothing runs in it: it stands still).
            OptionalLong group = containment.cgroup().orElseThrow().cpuTimeNanos();
            assertThat(clock.cpuNanos()).isEqualTo(group.orElse(ProcessCpu.nanos(process.pid())));
        } finally {
            clock.close();
            containment.close();
        }
        // Its group given back, the clock reads the processes' times instead (a sleeping process's stand still).
        assertThat(clock.cpuNanos()).isEqualTo(ProcessCpu.nanos(process.pid()));
    }

    private static Containment prepare(Parts parts) throws IOException {
        BotCommand command = TestBots.command("random", "1");
        return Containment.prepare(parts, command, TestBots.command("random", "2"), Isolation.defaults(), "held")
                .orElseThrow();
    }

    @Test
    void aSandboxsVariablesAreSetInsideItNotOnTheProcessStarted() {
        Map<String, String> started = new HashMap<>();
        new Wrapping.Sandbox().addVariables(started, Map.of("CAISSA_CLOCK", "1"), Map.of("A", "b"));
        assertThat(started).isEmpty();
        new Wrapping.Bare().addVariables(started, Map.of("CAISSA_CLOCK", "1"), Map.of("A", "b"));
        assertThat(started).containsEntry("CAISSA_CLOCK", "1").containsEntry("A", "b");
    }
}
