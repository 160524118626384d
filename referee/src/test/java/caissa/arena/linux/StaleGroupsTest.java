package caissa.arena.linux;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.testbots.Poll;
import caissa.arena.testbots.Sandboxes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * An arena killed with SIGKILL cannot clean up: the groups of its bots stay, and a bot that the
 * freezer held at that moment stays frozen for ever. The next arena removes them, with their
 * processes, and leaves the groups of a running arena alone.
 */
class StaleGroupsTest {

    @Test
    void theNextArenaKillsAndRemovesTheGroupsOfAKilledArenaButNotThoseOfARunningOne() throws Exception {
        Sandboxes.assumeCgroups();
        // Above the largest pid Linux can hand out (PID_MAX_LIMIT, 2^22): an arena that is surely
        // gone. The pid of a process that just exited could be reused by a thread before the
        // sweep (pid_max is 32768 here, and parallel test forks start many threads).
        long deadArena = (1L << 22) + 1;
        BotCgroup orphaned = BotCgroup.create(deadArena, "frozen-bot", ResourceLimits.DEFAULT.group())
                .orElseThrow();
        BotCgroup running = BotCgroup.create(
                        ProcessHandle.current().pid(), "running-bot", ResourceLimits.DEFAULT.group())
                .orElseThrow();
        Process frozen = joined(orphaned);
        Process alive = joined(running);
        try {
            // The bot of the killed arena, frozen: its input closes, it does not notice.
            assertThat(orphaned.freeze()).isTrue();
            frozen.getOutputStream().close();

            assertThat(BotCgroup.sweepStale()).isGreaterThanOrEqualTo(1);

            assertThat(frozen.waitFor(5, TimeUnit.SECONDS))
                    .as("the frozen bot of the killed arena is killed")
                    .isTrue();
            for (Path procs : orphaned.procsFiles()) {
                assertThat(procs.getParent()).doesNotExist();
            }
            assertThat(alive.isAlive())
                    .as("the running arena's bot is left alone")
                    .isTrue();
            for (Path procs : running.procsFiles()) {
                assertThat(procs.getParent()).exists();
            }
        } finally {
            orphaned.thaw();
            frozen.destroyForcibly();
            alive.destroyForcibly();
            alive.waitFor(5, TimeUnit.SECONDS);
            running.killAll();
            running.remove();
            orphaned.remove();
        }
    }

    @Test
    void aKilledArenasFrozenBotWhoseProcessGroupHasAnotherNameIsKilledToo() throws Exception {
        Sandboxes.assumeCgroups();
        long deadArena = (1L << 22) + 1;
        BotCgroup orphaned = BotCgroup.create(deadArena, "reused-bot", ResourceLimits.DEFAULT.group())
                .orElseThrow();
        Path pids = orphaned.procsFiles().stream()
                .map(Path::getParent)
                .filter(dir -> dir.startsWith("/sys/fs/cgroup/pids"))
                .findFirst()
                .orElse(null);
        if (pids == null) {
            // A cgroup v2 group: not left behind for the next test's sweep to count.
            orphaned.remove();
        }
        Assumptions.assumeTrue(pids != null, "needs cgroup v1");
        Process frozen = joined(orphaned);
        // As a group used again gets: a process group named apart from its other folders.
        Path apart = Files.createDirectory(pids.resolveSibling("caissa-" + deadArena
                + pids.getFileName().toString().substring(("caissa-" + deadArena).length()) + "-apart"));
        try {
            Files.writeString(apart.resolve("cgroup.procs"), Long.toString(frozen.pid()));
            Files.delete(pids);
            assertThat(orphaned.freeze()).isTrue();
            frozen.getOutputStream().close();

            BotCgroup.sweepStale();

            assertThat(frozen.waitFor(5, TimeUnit.SECONDS))
                    .as("the frozen bot of the killed arena is killed")
                    .isTrue();
            assertThat(apart).doesNotExist();
            for (Path procs : orphaned.procsFiles()) {
                assertThat(procs.getParent()).doesNotExist();
            }
        } finally {
            orphaned.thaw();
            frozen.destroyForcibly();
            frozen.waitFor(5, TimeUnit.SECONDS);
            orphaned.remove();
            Files.deleteIfExists(apart);
        }
    }

    @Test
    void theFrozenFreezerKeeperOfAKilledArenaIsRemovedToo() {
        Sandboxes.assumeCgroups();
        Path keeper = CgroupV1.frozenKeeper((1L << 22) + 1);
        Assumptions.assumeTrue(keeper != null, "needs a cgroup v1 freezer");
        assertThat(keeper.resolve("freezer.state")).hasContent("FROZEN");

        BotCgroup.sweepStale();

        assertThat(keeper).doesNotExist();
    }

    /** A process that joins the group before it runs {@code cat}, as the arena's launcher does. */
    private static Process joined(BotCgroup group) throws Exception {
        List<String> argv = new ArrayList<>(
                List.of("/bin/sh", "-c", "for f; do echo $$ > \"$f\" || exit 125; done; exec cat", "joiner"));
        group.procsFiles().forEach(f -> argv.add(f.toString()));
        Process process = new ProcessBuilder(argv).start();
        Poll.until(Duration.ofSeconds(5), () -> group.pids().contains(process.pid()));
        assertThat(group.pids()).contains(process.pid());
        assertThat(Files.exists(group.procsFiles().get(0))).isTrue();
        return process;
    }
}
