package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.bot.BotHost;
import caissa.arena.program.BotCommand;
import caissa.arena.rules.Side;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.sandbox.SandboxMode;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.BrokenSandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every misbehaviour of RULES.md 9, played by real processes, ends the game with the recorded
 * irregular loss, within the clock plus a small margin, and leaves no process behind.
 */
class MisbehavingBotsTest {

    /** Generous start-up time: the test JVMs may start slowly on a loaded machine. */
    private static final TimeControl CLOCK =
            new TimeControl(Duration.ofSeconds(2), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));
    /** Clock, grace, kill and JVM exits: what a game may take beyond its bots' budgets. */
    private static final long MARGIN_MILLIS = 5_000;

    static Stream<Arguments> misbehaviours() {
        return Stream.of(
                Arguments.of("hang", 2, Side.BLACK, Termination.TIME_FORFEIT, "did not reply within"),
                Arguments.of("slow-reply", 1, Side.WHITE, Termination.TIME_FORFEIT, "out of time"),
                Arguments.of(
                        "crash", 3, Side.WHITE, Termination.CRASH, "exited with status 3 before the game was over"),
                Arguments.of("exit-immediately", 1, Side.BLACK, Termination.CRASH, "before the game was over"),
                Arguments.of(
                        "exit-153",
                        2,
                        Side.WHITE,
                        Termination.CRASH,
                        "ended with status 153 (exit 153, or signal 25, SIGXFSZ) before the game was over"),
                Arguments.of(
                        "exit-with-child",
                        2,
                        Side.WHITE,
                        Termination.CRASH,
                        "exited with status 3 before the game was over"),
                Arguments.of(
                        "garbage",
                        2,
                        Side.BLACK,
                        Termination.PROTOCOL_ERROR,
                        "replied 'hello referee', which is not a move"),
                Arguments.of("empty-line", 1, Side.WHITE, Termination.PROTOCOL_ERROR, "replied an empty line"),
                Arguments.of(
                        "long-line", 2, Side.WHITE, Termination.PROTOCOL_ERROR, "wrote a line longer than 1024 bytes"),
                Arguments.of("illegal", 2, Side.BLACK, Termination.ILLEGAL_MOVE, ", which is illegal: "),
                Arguments.of(
                        "double-reply", 1, Side.WHITE, Termination.PROTOCOL_ERROR, "before it was asked for a move"),
                Arguments.of("flood", 1, Side.BLACK, Termination.PROTOCOL_ERROR, "misbehaving"));
    }

    @ParameterizedTest(name = "{0} at reply {1} as {2}: {3}")
    @MethodSource("misbehaviours")
    void misbehaviourIsAnIrregularLossOfTheCulprit(
            String behaviour, int at, Side culprit, Termination expected, String reasonFragment) {
        Entrant bad = TestBots.entrant("bad", behaviour, Integer.toString(at));
        Entrant good = TestBots.entrant("good", "random");
        GameSetup setup = culprit == Side.WHITE ? GameSetup.of(bad, good, CLOCK) : GameSetup.of(good, bad, CLOCK);

        GameRecord record = Game.play(setup);

        assertThat(record.termination()).isEqualTo(expected);
        assertThat(record.result()).isEqualTo(Result.lossFor(culprit));
        assertThat(record.loser()).isEqualTo(culprit.word());
        assertThat(record.reason()).startsWith("bad (" + culprit.word() + ")");
        if (reasonFragment.equals("out of time")) {
            // Its last reply races the deadline: it is either still awaited when the clock runs out
            // or read just after; either way the reason says the time it took.
            assertThat(record.reason()).containsAnyOf("did not reply within", "replied after");
        } else if (!reasonFragment.equals("misbehaving")) {
            assertThat(record.reason()).contains(reasonFragment);
        } else {
            // A flood is caught either as lines nobody asked for or as too many of them.
            assertThat(record.reason()).containsAnyOf("before it was asked", "lines it was not asked for");
        }
        assertThat(record.moves()).allSatisfy(move -> assertThat(move.raw()).isNotEmpty());
        assertEndedInTime(record);
        assertNoProcessLeft(setup);
    }

    @Test
    void aBotThatFillsItsOwnInputPipeLosesOnTimeAndCannotBlockTheArena() {
        // Without a sandbox the attack works for an ordinary user's arena (the bot can open its own
        // input for writing): the write deadline holds. A root arena's bot is nobody, as in a sandbox.
        GameSetup setup = GameSetup.of(
                        TestBots.entrant("good", "random"), TestBots.entrant("bad", "fill-input", "2"), CLOCK)
                .withIsolation(Isolation.defaults().withSandbox(SandboxMode.NONE));
        GameRecord record = Game.play(setup);

        if (runsAsRoot()) {
            assertThat(record.black().stderr().head()).contains("cannot fill own input");
            assertThat(record.termination()).isEqualTo(Termination.TIME_FORFEIT);
            assertThat(record.result()).isEqualTo(Result.WHITE_WINS);
            assertEndedInTime(record);
            assertNoProcessLeft(setup);
            return;
        }
        assertThat(record.termination()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(record.result()).isEqualTo(Result.WHITE_WINS);
        assertThat(record.reason()).startsWith("bad (black) did not read its input within");
        assertThat(record.moves()).hasSizeGreaterThanOrEqualTo(3);
        // The write stuck in its full pipe ended when the arena killed it at the deadline: its exit is not its own.
        assertThat(record.black().exit().exitedByItself()).isFalse();
        assertThat(record.black().exit().killed()).isTrue();
        assertThat(record.white().exit().exitedByItself()).isTrue();
        assertEndedInTime(record);
        assertNoProcessLeft(setup);
    }

    private static boolean runsAsRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    @Test
    void inASandboxABotCannotEvenOpenItsOwnInputForWriting() {
        Sandboxes.assumeSandbox();
        Sandboxes.assumeRoot("the bot runs as nobody, and its input pipe belongs to the arena's user");
        GameSetup setup = GameSetup.of(
                        TestBots.entrant("good", "random"), TestBots.entrant("bad", "fill-input", "2"), CLOCK)
                .withIsolation(Isolation.defaults().withSandbox(SandboxMode.BWRAP));
        GameRecord record = Game.play(setup);

        // It runs as nobody and the pipe is the arena's: the open fails, and the bot, which then waits, loses on time.
        assertThat(record.black().stderr().head()).contains("cannot fill own input");
        assertThat(record.termination()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(record.result()).isEqualTo(Result.WHITE_WINS);
        assertEndedInTime(record);
        assertNoProcessLeft(setup);
    }

    @Test
    void aBotThatIgnoresEndAndSigtermIsKilled() {
        GameSetup setup =
                GameSetup.of(TestBots.entrant("stubborn", "ignore-end"), TestBots.entrant("good", "random"), CLOCK);
        GameRecord record = Game.play(setup);

        assertThat(record.termination().isIrregular()).isFalse();
        assertThat(record.white().exit().exitedByItself()).isFalse();
        assertThat(record.white().exit().killed()).isTrue();
        assertThat(record.black().exit().exitedByItself()).isTrue();
        assertEndedInTime(record);
        assertNoProcessLeft(setup);
    }

    @Test
    void aGrandchildLeftRunningIsKilledWithItsParent() {
        GameSetup setup =
                GameSetup.of(TestBots.entrant("good", "random"), TestBots.entrant("forker", "grandchild"), CLOCK);
        GameRecord record = Game.play(setup);

        assertThat(TestBots.announcedPids(record.black().stderr())).hasSize(2);
        assertThat(record.black().exit().leftoverProcesses()).isEqualTo(1);
        assertEndedInTime(record);
        assertNoProcessLeft(setup);
    }

    @Test
    void aChildThatLeftTheSessionAndClearedItsEnvironmentIsStillKilled() {
        GameSetup setup =
                GameSetup.of(TestBots.entrant("good", "random"), TestBots.entrant("escaper", "escape", "2"), CLOCK);
        GameRecord record = Game.play(setup);

        assertThat(record.termination()).isEqualTo(Termination.CRASH);
        assertThat(record.reason()).isEqualTo("escaper (black) exited with status 3 before the game was over");
        assertThat(TestBots.announcedPids(record.black().stderr())).hasSize(2);
        // In a sandbox the child dies with the bot's PID namespace; without one the referee finds and kills it.
        assertThat(record.black().exit().leftoverProcesses()).isEqualTo(sandboxed(record.black()) ? 0 : 1);
        assertEndedInTime(record);
        assertNoProcessLeft(setup);
    }

    @Test
    void aBotThatCannotBeFoundFailsToStartAndLoses() {
        GameSetup setup = GameSetup.of(
                TestBots.entrant("good", "random"),
                new Entrant("ghost", BotCommand.of("/nonexistent/ghost-bot")),
                CLOCK);
        GameRecord record = Game.play(setup);

        assertThat(record.termination()).isEqualTo(Termination.START_FAILURE);
        assertThat(record.result()).isEqualTo(Result.WHITE_WINS);
        assertThat(record.reason())
                .isEqualTo("ghost (black) could not be started: "
                        + "Cannot run program \"/nonexistent/ghost-bot\": No such file or directory");
        assertThat(record.moves()).isEmpty();
        assertThat(record.black().exit()).isNull();
        assertThat(record.white().exit().exitedByItself()).isTrue();
        assertEndedInTime(record);
        assertNoProcessLeft(setup);
    }

    @Test
    void aFileThatIsNotExecutableFailsToStart(@TempDir Path dir) throws IOException {
        Path script = Files.writeString(dir.resolve("bot.sh"), "#!/bin/sh\necho a1-a2\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rw-r--r--"));

        GameSetup setup = GameSetup.of(
                new Entrant("noexec", BotCommand.of(script.toString())), TestBots.entrant("good", "random"), CLOCK);
        GameRecord record = Game.play(setup);

        assertThat(record.termination()).isEqualTo(Termination.START_FAILURE);
        assertThat(record.result()).isEqualTo(Result.BLACK_WINS);
        assertThat(record.reason())
                .contains("noexec (white) could not be started")
                .contains("Permission denied");
        assertEndedInTime(record);
        assertNoProcessLeft(setup);
    }

    @Test
    void aSandboxTheArenaCannotBuildIsAStartFailureWithBubblewrapsCause(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Sandboxes.enabled(), "needs bubblewrap");
        Path missing = dir.resolve("not-there");
        GameSetup setup = GameSetup.of(exitsAtOnce(dir, "culprit"), TestBots.entrant("good", "random"), CLOCK)
                .withIsolation(Isolation.defaults().withSandbox(SandboxMode.BWRAP));

        GameRecord record;
        // Both bots' sandboxes fail: white's is the first whose end the game sees. Its program,
        // which would have written a bwrap-like line of its own, never ran.
        try (BotHost broken = BrokenSandbox.host(missing)) {
            record = Game.play(setup, GameListener.NONE, broken);
        }

        assertThat(record.termination()).isEqualTo(Termination.START_FAILURE);
        assertThat(record.reason())
                .isEqualTo("culprit (white) could not be started: the arena's launch failed before its "
                        + "program ran: bwrap: Can't find source path " + missing
                        + ": No such file or directory (exit status 1)");
        assertThat(record.result()).isEqualTo(Result.BLACK_WINS);
        assertNoProcessLeft(setup);
    }

    @Test
    void aCgroupTheArenaCannotMakeIsAStartFailureNotAQuietWatchdog() {
        Sandboxes.assumeCgroups();
        String kind = Sandboxes.cgroupKind().orElseThrow();
        // The kernel takes at most PID_MAX_LIMIT (4,194,304) as a process limit: it refuses this
        // one for the culprit's group, while the other bot's group is made as usual.
        ResourceLimits refused = ResourceLimits.DEFAULT.withProcesses(5_000_000);
        GameSetup setup = GameSetup.of(
                        TestBots.entrant("culprit", "random", "1"), TestBots.entrant("good", "random", "2"), CLOCK)
                .withIsolation(Isolation.defaults().withBotLimits(Map.of("culprit", refused)));

        GameRecord record = Game.play(setup);

        assertThat(record.termination()).isEqualTo(Termination.START_FAILURE);
        assertThat(record.reason())
                .startsWith("culprit (white) could not be started: the arena could not make its " + kind
                        + " group: writing 5000000 to /sys/fs/cgroup/")
                .endsWith("/pids.max: Invalid argument");
        assertThat(record.result()).isEqualTo(Result.BLACK_WINS);
        assertThat(record.player(Side.BLACK).sandbox().limitsBy()).isEqualTo(kind);
        assertNoProcessLeft(setup);
    }

    @Test
    void aSandboxedBotThatExitsOneAtOnceStillCrashes(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Sandboxes.enabled(), "needs bubblewrap");
        GameSetup setup = GameSetup.of(exitsAtOnce(dir, "culprit"), TestBots.entrant("good", "random"), CLOCK)
                .withIsolation(Isolation.defaults().withSandbox(SandboxMode.BWRAP));

        GameRecord record = Game.play(setup);

        assertThat(record.termination()).isEqualTo(Termination.CRASH);
        assertThat(record.reason()).isEqualTo("culprit (white) exited with status 1 before the game was over");
        assertNoProcessLeft(setup);
    }

    @Test
    void aPlainBotThatExitsOneAtOnceStillCrashes(@TempDir Path dir) throws Exception {
        GameSetup setup = GameSetup.of(exitsAtOnce(dir, "culprit"), TestBots.entrant("good", "random"), CLOCK)
                .withIsolation(Isolation.defaults().withSandbox(SandboxMode.NONE));

        GameRecord record = Game.play(setup);

        assertThat(record.termination()).isEqualTo(Termination.CRASH);
        assertThat(record.reason()).isEqualTo("culprit (white) exited with status 1 before the game was over");
    }

    /** A bot whose program runs and fails at once, saying so on standard error as the launch's layers would. */
    private static Entrant exitsAtOnce(Path dir, String name) throws IOException {
        Path script = Files.writeString(dir.resolve(name + ".sh"), "#!/bin/sh\necho 'bwrap: pretending' >&2\nexit 1\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new Entrant(name, BotCommand.of(script.toString()));
    }

    @Test
    void whenNeitherBotStartsBothLose() {
        GameSetup setup = GameSetup.of(
                new Entrant("a", BotCommand.of("/nonexistent/a")),
                new Entrant("b", BotCommand.of("/nonexistent/b")),
                CLOCK);
        GameRecord record = Game.play(setup);

        assertThat(record.termination()).isEqualTo(Termination.START_FAILURE);
        assertThat(record.result()).isEqualTo(Result.BOTH_LOSE);
        assertThat(record.loser()).isEqualTo("both");
        assertThat(record.reason())
                .startsWith("neither bot could be started: a (white): ")
                .contains("; b (black): ");
        assertEndedInTime(record);
    }

    @Test
    void stderrIsKeptAsABoundedHeadAndTail() {
        GameSetup setup =
                GameSetup.of(TestBots.entrant("chatty", "stderr-spam"), TestBots.entrant("good", "random"), CLOCK);
        GameRecord record = Game.play(setup);

        var stderr = record.white().stderr();
        assertThat(stderr.bytes()).isGreaterThan(1024 * 1024);
        assertThat(stderr.truncated()).isTrue();
        assertThat(stderr.head()).startsWith("pid ").hasSizeLessThanOrEqualTo(4096);
        assertThat(stderr.tail()).endsWith("last words\n").hasSizeLessThanOrEqualTo(4096);
        assertEndedInTime(record);
        assertNoProcessLeft(setup);
    }

    private static void assertEndedInTime(GameRecord record) {
        long budget =
                CLOCK.firstMoveAllowance().toMillis() + CLOCK.perGame().toMillis() + GameSetup.DEFAULT_GRACE.toMillis();
        assertThat(record.durationMillis()).isLessThan(budget + MARGIN_MILLIS);
    }

    private static boolean sandboxed(GameRecord.PlayerRecord player) {
        return player.sandbox().sandbox().equals("bwrap");
    }

    private static void assertNoProcessLeft(GameSetup setup) {
        for (Side side : Side.values()) {
            assertThat(TestBots.processesOf(setup.entrant(side).command()))
                    .as("processes of %s", side)
                    .isEmpty();
        }
    }

    /**
     * The JDK gives 128 + n for a process killed by signal n, and an exit's own status otherwise:
     * a status above 192 is an exit, not a signal (exit 255 was reported as "killed by signal
     * 127"), and one from 129 to 192 names both (exit 130 was reported as "killed by signal 2").
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            exit 255          | exited with status 255 before the game was over
            exit 3            | exited with status 3 before the game was over
            exit 130          | ended with status 130 (exit 130, or signal 2, SIGINT) before the game was over
            kill -SEGV $$     | ended with status 139 (exit 139, or signal 11, SIGSEGV) before the game was over
            """)
    void aCrashSaysWhetherTheBotExitedOrWasKilled(String end, String reason) {
        Entrant crasher = new Entrant(
                "crasher", new BotCommand(List.of("/bin/sh", "-c", "read line; " + end), Optional.empty(), Map.of()));

        GameRecord record = Game.play(GameSetup.of(crasher, TestBots.entrant("good", "random"), CLOCK));

        assertThat(record.termination()).isEqualTo(Termination.CRASH);
        assertThat(record.reason()).isEqualTo("crasher (white) " + reason);
    }
}
