package caissa.arena.linux;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.program.BotCommand;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.Machine;
import caissa.arena.sandbox.Parts;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.sandbox.SandboxMode;
import caissa.arena.sandbox.SharedSandbox;
import caissa.arena.testbots.Poll;
import caissa.arena.testbots.Sandboxes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bot's cgroup is used again by a later bot with the same limits: only once the last bot's
 * processes are all gone, and with nothing of that bot left in what the group reports (its CPU
 * time, its memory peak, the limit it ran into).
 */
class ReusedGroupsTest {

    /** Limits no other test uses, so that no other test's bot takes these groups from the pool meanwhile. */
    private static final ResourceLimits LIMITS = new ResourceLimits(97L << 20, 5, 64, 1L << 20, 256L << 20);

    /** Groups are kept for later bots while some command's bots run, as a command's host says. */
    @BeforeEach
    void aCommandRunsBots() {
        SharedSandbox.open();
    }

    @AfterEach
    void theCommandIsDone() {
        SharedSandbox.close();
    }

    @Test
    void aReleasedGroupServesTheNextBotAsIfNew() throws Exception {
        assumeV1();
        BotCgroup first = BotCgroup.take(BotCgroup.Version.V1, LIMITS.group());
        // Burns some CPU, then starts more processes than its limit allows, then waits.
        Process greedy = joined(
                first,
                "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done;"
                        + " for n in 1 2 3 4 5 6 7 8; do sleep 60 & done; exec cat");
        awaitLimit(first);
        assertThat(first.limitHit()).hasValueSatisfying(hit -> assertThat(hit).isInstanceOf(LimitHit.Processes.class));
        assertThat(first.cpuTimeNanos().orElseThrow()).isPositive();
        List<Path> dirs = folders(first);

        first.killAll();
        greedy.waitFor(5, TimeUnit.SECONDS);
        first.release();

        BotCgroup next = BotCgroup.take(BotCgroup.Version.V1, LIMITS.group());
        try {
            // The memory, freezer and CPU groups are the same; the process group may be a new one.
            assertThat(folders(next).stream().filter(dir -> !dir.startsWith("/sys/fs/cgroup/pids")))
                    .as("the same group, used again")
                    .hasSize(3)
                    .isEqualTo(dirs.stream()
                            .filter(dir -> !dir.startsWith("/sys/fs/cgroup/pids"))
                            .toList());
            assertThat(next.limitHit())
                    .as("the last bot's limit is not the next one's")
                    .isEmpty();
            assertThat(next.cpuTimeNanos()).hasValue(0L);
            assertWholeProcessLimit(next);
        } finally {
            next.release();
        }
    }

    @Test
    void aGroupWhoseSandboxJustEndedGivesTheNextBotItsWholeProcessLimit() throws Exception {
        assumeV1();
        Sandboxes.assumeSandbox();
        BotCgroup first = BotCgroup.take(BotCgroup.Version.V1, LIMITS.group());
        // A PID namespace that ends: the kernel can hold its count in pids.current for seconds after.
        Process sandboxed = joined(first, "bwrap --unshare-pid --die-with-parent --ro-bind / / /bin/true; exec cat");
        sandboxed.getOutputStream().close();
        assertThat(sandboxed.waitFor(10, TimeUnit.SECONDS)).isTrue();
        first.killAll();
        first.release();

        BotCgroup next = BotCgroup.take(BotCgroup.Version.V1, LIMITS.group());
        try {
            assertWholeProcessLimit(next);
        } finally {
            next.release();
        }
    }

    @Test
    void aProcessGroupPutAsideWhileItsCountLingeredServesALaterBotOnceTheCountIsZero() throws Exception {
        assumeV1();
        Sandboxes.assumeSandbox();
        // None put aside by an earlier test: this one's is the oldest.
        SharedSandbox.close();
        SharedSandbox.open();
        BotCgroup group = BotCgroup.take(BotCgroup.Version.V1, LIMITS.group());
        Path lingering = endASandboxIn(group);
        // Put aside, not removed: the group now has another process group.
        assertThat(lingering).exists();
        assertThat(processGroup(group)).isNotEqualTo(lingering);
        Poll.until(
                Duration.ofSeconds(10),
                () -> Files.readString(lingering.resolve("pids.current"))
                        .strip()
                        .equals("0"));
        assertThat(Files.readString(lingering.resolve("pids.current")).strip()).isEqualTo("0");

        BotCgroup again = BotCgroup.take(BotCgroup.Version.V1, LIMITS.group());
        assertThat(again).isSameAs(group);
        Path next = endASandboxIn(again);
        try {
            BotCgroup third = BotCgroup.take(BotCgroup.Version.V1, LIMITS.group());
            try {
                assertThat(processGroup(third))
                        .as("the process group put aside first, its count now zero")
                        .isEqualTo(lingering);
                assertWholeProcessLimit(third);
            } finally {
                third.release();
            }
        } finally {
            SharedSandbox.close();
            assertThat(lingering).doesNotExist();
            assertThat(next).doesNotExist();
        }
    }

    /** Ends a PID namespace in the group and releases it; returns its process group then, whose count lingers. */
    private static Path endASandboxIn(BotCgroup group) throws Exception {
        Process sandboxed = joined(group, "bwrap --unshare-pid --die-with-parent --ro-bind / / /bin/true; exec cat");
        sandboxed.getOutputStream().close();
        assertThat(sandboxed.waitFor(10, TimeUnit.SECONDS)).isTrue();
        group.killAll();
        Path pids = processGroup(group);
        group.release();
        return pids;
    }

    private static Path processGroup(BotCgroup group) {
        return folders(group).stream()
                .filter(dir -> dir.startsWith("/sys/fs/cgroup/pids"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aLateKillThroughTheLastBotsContainmentDoesNotReachTheNextBot() throws Exception {
        assumeV1();
        Isolation isolation = Isolation.defaults().withSandbox(SandboxMode.NONE).withLimits(LIMITS);
        BotCommand cat = BotCommand.of("cat");
        Parts parts = Machine.current().parts(SandboxMode.NONE);
        Containment last =
                Containment.prepare(parts, cat, cat, isolation, "last").orElseThrow();
        List<Path> dirs = folders(last.cgroup().orElseThrow());
        last.close();
        Containment next =
                Containment.prepare(parts, cat, cat, isolation, "next").orElseThrow();
        try {
            BotCgroup group = next.cgroup().orElseThrow();
            assertThat(folders(group))
                    .as("the next bot is given the same group")
                    .containsAll(dirs.subList(0, 1));
            Process bot = joined(group, "exec cat");
            try {
                // A kill that comes late (a stuck write's, the arena's exit) through the closed containment.
                assertThat(last.killAll()).isZero();
                assertThat(last.cgroup()).isEmpty();
                Thread.sleep(50);
                assertThat(bot.isAlive()).as("the next bot is untouched").isTrue();
            } finally {
                bot.destroyForcibly();
                bot.waitFor(5, TimeUnit.SECONDS);
            }
        } finally {
            next.close();
        }
    }

    @Test
    void aGroupWithAProcessStillInItIsNotUsedAgain() throws Exception {
        assumeV1();
        BotCgroup group = BotCgroup.take(BotCgroup.Version.V1, LIMITS.group());
        Process left = joined(group, "exec cat");
        try {
            group.release();
            BotCgroup other = BotCgroup.take(BotCgroup.Version.V1, LIMITS.group());
            try {
                assertThat(folders(other)).isNotEqualTo(folders(group));
                assertThat(other.pids()).isEmpty();
            } finally {
                other.release();
            }
        } finally {
            group.killAll();
            left.waitFor(5, TimeUnit.SECONDS);
            group.remove();
        }
    }

    @Test
    void aGroupThatStillHoldsMemoryOfItsLastBotIsNotUsedAgain(@TempDir Path dir) throws Exception {
        assumeV1();
        BotCgroup group = BotCgroup.take(BotCgroup.Version.V1, LIMITS.group());
        List<Path> dirs = folders(group);
        // Page cache of a file it wrote stays charged to its group after it is gone.
        Path file = dir.resolve("written");
        Process writer = joined(group, "head -c 33554432 /dev/zero > '" + file + "'; exec cat");
        Poll.until(Duration.ofSeconds(10), () -> Files.exists(file) && Files.size(file) >= (32L << 20));
        group.killAll();
        writer.waitFor(5, TimeUnit.SECONDS);
        group.release();

        BotCgroup next = BotCgroup.take(BotCgroup.Version.V1, LIMITS.group());
        try {
            assertThat(folders(next)).doesNotContainAnyElementsOf(dirs);
        } finally {
            next.release();
        }
    }

    @Test
    void theIdleGroupsAreRemovedWhenTheLastCommandIsDone() throws Exception {
        assumeV1();
        BotCgroup group = BotCgroup.take(BotCgroup.Version.V1, LIMITS.group());
        List<Path> dirs = folders(group);
        group.release();
        assertThat(dirs).allSatisfy(dir -> assertThat(dir).exists());

        SharedSandbox.close();

        assertThat(dirs).allSatisfy(dir -> assertThat(dir).doesNotExist());
    }

    @Test
    void aGroupGivenBackWhenNoCommandRunsBotsIsRemoved() throws Exception {
        assumeV1();
        BotCgroup group = BotCgroup.take(BotCgroup.Version.V1, LIMITS.group());
        List<Path> dirs = folders(group);
        SharedSandbox.close();

        group.release();

        assertThat(dirs).allSatisfy(dir -> assertThat(dir).doesNotExist());
    }

    /** The bot given the group can have its whole process limit: itself and four more. */
    private static void assertWholeProcessLimit(BotCgroup group) throws Exception {
        Process modest = joined(group, "for n in 1 2 3 4; do sleep 60 & done; exec cat");
        try {
            Poll.until(
                    Duration.ofSeconds(5),
                    () -> group.pids().size() >= 5 || group.limitHit().isPresent());
            assertThat(group.limitHit()).isEmpty();
            assertThat(group.pids()).hasSize(5);
        } finally {
            group.killAll();
            modest.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static void assumeV1() {
        Sandboxes.assumeCgroups();
        BotCgroup probe =
                BotCgroup.create("probe", ResourceLimits.DEFAULT.group()).orElseThrow();
        probe.remove();
        Assumptions.assumeTrue(probe.kind().equals("cgroup-v1"), "groups are used again on cgroup v1 only");
    }

    private static List<Path> folders(BotCgroup group) {
        return group.procsFiles().stream().map(Path::getParent).toList();
    }

    private static void awaitLimit(BotCgroup group) throws Exception {
        Poll.until(Duration.ofSeconds(10), () -> group.limitHit().isPresent());
    }

    /** A shell that joins the group before it runs {@code script}, as the arena's launcher does. */
    private static Process joined(BotCgroup group, String script) throws Exception {
        List<String> argv = new ArrayList<>(
                List.of("/bin/sh", "-c", "for f; do echo $$ > \"$f\" || exit 125; done; " + script, "joiner"));
        group.procsFiles().forEach(f -> argv.add(f.toString()));
        Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
        Poll.until(Duration.ofSeconds(5), () -> group.pids().contains(process.pid()));
        assertThat(group.pids()).contains(process.pid());
        return process;
    }
}
