package caissa.arena.linux;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.Entrant;
import caissa.arena.game.Game;
import caissa.arena.game.GameRecord;
import caissa.arena.game.GameSetup;
import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.game.TimeControl;
import caissa.arena.program.BotCommand;
import caissa.arena.rules.Side;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.testbots.Poll;
import caissa.arena.testbots.TestBots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * cgroup v2, as root or as an ordinary user in a delegated subtree: the arena moves itself into
 * a leaf of its group and makes each bot's group beside it; limits, freezing, CPU time and the
 * kill work there as on v1. Runs where this JVM may use cgroup v2 (CI boots a guest for it,
 * .ci/cgroup-v2.sh); {@code CAISSA_REQUIRE_CGROUP_V2=1} turns the skip elsewhere into a failure.
 * The bots are small shell scripts: a JVM per bot costs seconds in the emulated guest.
 */
class CgroupV2Test {

    private static final Path MOUNT = Path.of("/sys/fs/cgroup");
    private static final ResourceLimits LIMITS =
            ResourceLimits.DEFAULT.withMemory(96L << 20).withProcesses(32);
    /** Roomy: the emulated guest starts a sandbox slowly, and the games here end by a limit, not a clock. */
    private static final TimeControl ROOMY =
            new TimeControl(Duration.ofSeconds(60), Optional.empty(), Duration.ZERO, Duration.ofSeconds(20));

    private static final AtomicLong TOKENS = new AtomicLong();

    @BeforeEach
    void needsCgroupV2() {
        Optional<String> problem = BotCgroup.v2Problem();
        if (problem.isPresent() && "1".equals(System.getenv("CAISSA_REQUIRE_CGROUP_V2"))) {
            throw new AssertionError("CAISSA_REQUIRE_CGROUP_V2 is set but cgroup v2 cannot be used: " + problem.get());
        }
        Assumptions.assumeTrue(problem.isEmpty(), () -> "needs cgroup v2: " + problem.orElseThrow());
    }

    @Test
    void theArenaMovesItselfIntoALeafAndEachBotGetsItsLimitedGroupBesideIt() throws Exception {
        BotCgroup group = BotCgroup.take(BotCgroup.Version.V2, LIMITS.group());
        Path dir = group.procsFiles().get(0).getParent();
        try {
            assertThat(group.kind()).isEqualTo("cgroup-v2");
            assertThat(group.procsFiles()).hasSize(1);
            assertThat(Files.readString(dir.resolve("memory.max")).strip()).isEqualTo(Long.toString(96L << 20));
            assertThat(Files.readString(dir.resolve("pids.max")).strip()).isEqualTo("32");
            Path own = ownGroup("self");
            if (Files.exists(own.resolve("cgroup.type"))) {
                // Not the root group: the arena left its group for a leaf, since a group with processes cannot hold
                // others.
                assertThat(own.getFileName().toString())
                        .startsWith("caissa-" + ProcessHandle.current().pid() + ".")
                        .endsWith("-arena");
                assertThat(dir.getParent()).isEqualTo(own.getParent());
                assertThat(BotCgroup.processesIn(own.getParent())).isEmpty();
                // Every thread of the arena moved with it.
                try (var tasks = Files.list(Path.of("/proc/self/task"))) {
                    for (Path task : tasks.toList()) {
                        assertThat(ownGroup("self/task/" + task.getFileName())).isEqualTo(own);
                    }
                }
            }
            assertThat(Files.readString(dir.getParent().resolve("cgroup.subtree_control")))
                    .contains("memory")
                    .contains("pids");
        } finally {
            group.killAll();
            group.release();
        }
        assertThat(dir).as("a bot's group is removed when it is given back").doesNotExist();
    }

    @Test
    void aFrozenBotGetsNoCpuAndRunsAgainWhenThawedWithItsCpuTimeCounted() throws Exception {
        BotCgroup group = BotCgroup.take(BotCgroup.Version.V2, LIMITS.group());
        Process bot = joined(group, "while :; do :; done & while :; do :; done");
        try {
            awaitCpu(group, 200_000_000L);
            assertThat(group.pids()).hasSize(2);

            assertThat(group.freeze()).isTrue();
            long frozenAt = group.cpuTimeNanos().orElseThrow();
            Thread.sleep(300);
            assertThat(group.cpuTimeNanos().orElseThrow())
                    .as("CPU time while frozen")
                    .isEqualTo(frozenAt);

            assertThat(group.thaw()).isTrue();
            awaitCpu(group, frozenAt + 100_000_000L);
        } finally {
            group.killAll();
            group.release();
            bot.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void theKillEndsEveryProcessOfTheBotHoweverItDetachedAndTheGroupIsRemoved() throws Exception {
        BotCgroup group = BotCgroup.take(BotCgroup.Version.V2, LIMITS.group());
        Path dir = group.procsFiles().get(0).getParent();
        Process bot =
                joined(group, "setsid sleep 600 & (trap '' TERM HUP; exec sleep 600) & sleep 600 & exec sleep 600");
        List<Long> pids = new ArrayList<>();
        try {
            Poll.until(Duration.ofSeconds(30), () -> group.pids().size() >= 4);
            pids.addAll(group.pids());
            assertThat(pids).hasSize(4);

            assertThat(group.killAll()).isGreaterThanOrEqualTo(4);

            assertThat(group.pids()).isEmpty();
            assertThat(bot.waitFor(10, TimeUnit.SECONDS)).isTrue();
            for (long pid : pids) {
                // A zombie is dead: an orphan waits for its reaper, which the emulated guest's init is slow to be.
                assertThat(TestBots.running(pid)).as("pid " + pid + " runs").isFalse();
            }
        } finally {
            group.killAll();
            group.release();
        }
        assertThat(dir).doesNotExist();
    }

    @Test
    void aMemoryHogLosesByResourceLimit() {
        Entrant hog = script("hog", "read line; x=0123456789abcdef; while :; do x=$x$x; done");
        GameSetup setup = GameSetup.of(hog, script("idle", "exec cat >/dev/null"), ROOMY)
                .withIsolation(Isolation.defaults().withLimits(LIMITS));

        GameRecord record = Game.play(setup);

        assertThat(record.termination()).as(record.reason()).isEqualTo(Termination.RESOURCE_LIMIT);
        assertThat(record.result()).isEqualTo(Result.BLACK_WINS);
        assertThat(record.reason()).startsWith("hog (white) went over its memory limit of 96 MiB");
        assertThat(record.white().sandbox().limitsBy()).isEqualTo("cgroup-v2");
        assertNoProcessLeft(setup);
    }

    @Test
    void aForkBombLosesByResourceLimitAndLeavesNothingBehind() {
        Entrant bomber = script("bomber", "read line; while :; do sleep 600 & done");
        GameSetup setup = GameSetup.of(bomber, script("idle", "exec cat >/dev/null"), ROOMY)
                .withIsolation(Isolation.defaults().withLimits(LIMITS));

        GameRecord record = Game.play(setup);

        assertThat(record.termination()).as(record.reason()).isEqualTo(Termination.RESOURCE_LIMIT);
        assertThat(record.result()).isEqualTo(Result.BLACK_WINS);
        assertThat(record.reason())
                .startsWith("bomber (white) went over its process limit of 32 processes and threads");
        assertThat(record.white().sandbox().limitsBy()).isEqualTo("cgroup-v2");
        assertNoProcessLeft(setup);
    }

    @Test
    void theNextArenaRemovesTheLeafAndBotGroupsOfADeadArenaButNotThoseOfALiveOne() throws Exception {
        BotCgroup mine = BotCgroup.take(BotCgroup.Version.V2, LIMITS.group());
        Path parent = mine.procsFiles().get(0).getParent().getParent();
        long deadArena = (1L << 22) + 1;
        String ownLeaf = "caissa-" + ProcessHandle.current().pid() + "." + pidNamespace() + "-arena";
        Path deadLeaf = Files.createDirectory(
                parent.resolve(ownLeaf.replace("-" + ProcessHandle.current().pid() + ".", "-" + deadArena + ".")));
        BotCgroup orphaned =
                BotCgroup.create(deadArena, "orphan", LIMITS.group()).orElseThrow();
        Process frozen = joined(orphaned, "exec sleep 600");
        try {
            assertThat(orphaned.freeze()).isTrue();

            assertThat(BotCgroup.sweepStale()).isGreaterThanOrEqualTo(2);

            assertThat(frozen.waitFor(10, TimeUnit.SECONDS))
                    .as("the dead arena's frozen bot is killed")
                    .isTrue();
            assertThat(deadLeaf).doesNotExist();
            assertThat(orphaned.procsFiles().get(0).getParent()).doesNotExist();
            assertThat(mine.procsFiles().get(0).getParent()).exists();
            if (Files.exists(parent.resolve(ownLeaf))) {
                assertThat(BotCgroup.processesIn(parent.resolve(ownLeaf)))
                        .contains(ProcessHandle.current().pid());
            }
        } finally {
            frozen.destroyForcibly();
            orphaned.remove();
            mine.killAll();
            mine.release();
        }
    }

    /** The folder of a process's (or thread's) v2 group, from /proc/{@code which}/cgroup. */
    private static Path ownGroup(String which) throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc", which, "cgroup"))) {
            if (line.startsWith("0::")) {
                return MOUNT.resolve(line.substring(4));
            }
        }
        throw new AssertionError("no cgroup v2 line in /proc/" + which + "/cgroup");
    }

    private static long pidNamespace() throws Exception {
        String link = Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString();
        return Long.parseLong(link.substring(link.indexOf('[') + 1, link.indexOf(']')));
    }

    private static void awaitCpu(BotCgroup group, long nanos) throws Exception {
        Poll.until(Duration.ofSeconds(60), () -> group.cpuTimeNanos().orElse(0) >= nanos);
        OptionalLong used = group.cpuTimeNanos();
        assertThat(used).isPresent();
        assertThat(used.getAsLong()).isGreaterThanOrEqualTo(nanos);
    }

    /** A shell bot with a token in its environment by which {@link TestBots#processesOf} finds its processes. */
    private static Entrant script(String name, String script) {
        String token = String.format("0.%06d%09d", ProcessHandle.current().pid() % 1_000_000, TOKENS.incrementAndGet());
        return new Entrant(
                name,
                new BotCommand(
                        List.of("/bin/sh", "-c", script), Optional.empty(), Map.of(TestBots.TOKEN_VARIABLE, token)));
    }

    private static void assertNoProcessLeft(GameSetup setup) {
        for (Side side : Side.values()) {
            assertThat(TestBots.processesOf(setup.entrant(side).command()))
                    .as(side.toString())
                    .isEmpty();
        }
    }

    /** A shell that joins the group before it runs {@code script}, as the arena's launcher does. */
    private static Process joined(BotCgroup group, String script) throws Exception {
        List<String> argv = new ArrayList<>(
                List.of("/bin/sh", "-c", "for f; do echo $$ > \"$f\" || exit 125; done; " + script, "joiner"));
        group.procsFiles().forEach(f -> argv.add(f.toString()));
        Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
        Poll.until(Duration.ofSeconds(30), () -> group.pids().contains(process.pid()));
        assertThat(group.pids()).contains(process.pid());
        return process;
    }
}
