package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.rules.Side;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Suspension of idle bots and the CPU clock, with real processes. Assertions are on CPU time,
 * never on wall time: a bot that sleeps uses none, one that spins or burns uses it whatever the
 * machine's load.
 */
class FairClocksTest {

    /** Generous start-up (the test JVMs start slowly on a loaded machine), 30 s to play. */
    private static final TimeControl ROOMY =
            new TimeControl(Duration.ofSeconds(30), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));
    /** One second a game, with the same generous start-up. */
    private static final TimeControl ONE_SECOND =
            new TimeControl(Duration.ofSeconds(1), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));

    private static final Pattern IDLE = Pattern.compile("idle-cpu-ms (\\d+) idle-wall-ms (\\d+) rate ([0-9.]+)");

    private record Idle(long cpuMillis, long wallMillis, double rate) {}

    private static Idle idleOfWhite(GameRecord record) {
        Matcher m = IDLE.matcher(
                record.white().stderr().head() + "\n" + record.white().stderr().tail());
        Idle last = null;
        while (m.find()) {
            last = new Idle(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Double.parseDouble(m.group(3)));
        }
        assertThat(last)
                .as("the spinner's account in %s", record.white().stderr())
                .isNotNull();
        return last;
    }

    /** The spinner replies 11 times, then exits; its opponent sleeps 300 ms before each reply. */
    private static GameRecord spinnerAgainstASlowOpponent(boolean suspend) {
        return Game.play(GameSetup.of(
                TestBots.entrant("spinner", "spin-while-waiting", "12"),
                TestBots.entrant("slow", "slow-think"),
                ROOMY.withSuspendIdle(suspend)));
    }

    /** By its cgroup's freezer, or without one by SIGSTOP to the group it leads, in a sandbox or not. */
    @ParameterizedTest(name = "cgroups {0}")
    @ValueSource(strings = {"on", "off"})
    void aBotThatSpinsWhileItWaitsGetsNoCpuWhileItsOpponentThinksWhenSuspended(String cgroups) {
        Sandboxes.withCgroups(
                cgroups, () -> theSpinnerGetsNoCpuWhileSuspended(cgroups.equals("on") ? "freezer" : "signals"));
    }

    private static void theSpinnerGetsNoCpuWhileSuspended(String suspendBy) {
        GameRecord record = spinnerAgainstASlowOpponent(true);

        assertThat(record.white().sandbox().suspendBy()).isEqualTo(suspendBy);
        assertThat(record.moves()).as(record.reason()).hasSizeGreaterThanOrEqualTo(22);
        Idle idle = idleOfWhite(record);
        assertThat(idle.wallMillis()).as("the opponent thought 300 ms a move").isGreaterThan(1000);
        // Less than a tenth of a core while it waited (running freely it spins a whole core, as
        // the next test shows against what it got at start-up). What remains is the moment
        // between its reply and the stop, and between continuing and reading the line.
        assertThat((double) idle.cpuMillis()).as("%s", idle).isLessThan(0.1 * idle.wallMillis());
    }

    @Test
    void withSuspensionOffTheSameBotSpinsOnItsOpponentsTime() {
        GameRecord record = spinnerAgainstASlowOpponent(false);

        assertThat(record.moves()).as(record.reason()).hasSizeGreaterThanOrEqualTo(22);
        Idle idle = idleOfWhite(record);
        assertThat(idle.wallMillis()).isGreaterThan(1000);
        assertThat((double) idle.cpuMillis()).as("%s", idle).isGreaterThan(0.5 * idle.rate() * idle.wallMillis());
    }

    @Test
    void aBotThatSleeps100MillisecondsAMoveLosesOnAWallClockOfOneSecond() {
        GameRecord record = Game.play(GameSetup.of(
                TestBots.entrant("sleeper", "slow-sleep"), TestBots.entrant("random", "random", "3"), ONE_SECOND));

        assertThat(record.termination()).as(record.reason()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(record.result()).isEqualTo(Result.lossFor(Side.WHITE));
        // Out of time while awaited ("... of wall time") or read just after ("... (wall clock)"), as
        // the machine's load has it: the reason names the wall clock either way.
        assertThat(record.reason()).containsAnyOf("of wall time", "(wall clock)");
    }

    @Test
    void theSameSleeperDoesNotLoseOnTheCpuClock() {
        GameRecord record = Game.play(GameSetup.of(
                TestBots.entrant("sleeper", "slow-sleep"),
                TestBots.entrant("random", "random", "3"),
                ONE_SECOND.withClock(ClockKind.CPU)));

        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        assertThat(record.moves().stream().filter(m -> m.side() == Side.WHITE).count())
                .as("more moves than a wall clock of 1 s allows at 100 ms each")
                .isGreaterThan(10);
    }

    @Test
    void aBotThatBurnsCpuLosesOnTheWallClock() {
        GameRecord record = Game.play(GameSetup.of(
                TestBots.entrant("burner", "slow-burn"), TestBots.entrant("random", "random", "3"), ONE_SECOND));

        assertThat(record.termination()).as(record.reason()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(record.result()).isEqualTo(Result.lossFor(Side.WHITE));
    }

    @Test
    void aBotThatBurnsCpuLosesOnTheCpuClockToo() {
        GameRecord record = Game.play(GameSetup.of(
                TestBots.entrant("burner", "slow-burn"),
                TestBots.entrant("random", "random", "3"),
                ONE_SECOND.withClock(ClockKind.CPU)));

        assertThat(record.termination()).as(record.reason()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(record.result()).isEqualTo(Result.lossFor(Side.WHITE));
        assertThat(record.reason()).contains("of CPU time", "(cpu clock)");
        assertThat(record.moves().stream().filter(m -> m.side() == Side.WHITE).count())
                .isLessThanOrEqualTo(4);
    }

    /**
     * The bot sleeps while a child it started burns CPU: the CPU clock charges the whole tree,
     * through the bot's cgroup or, without one, by following its running children in /proc.
     */
    @ParameterizedTest(name = "cgroups {0}")
    @ValueSource(strings = {"on", "off"})
    void aBotWhoseRunningChildBurnsCpuLosesOnTheCpuClock(String cgroups) {
        Sandboxes.withCgroups(cgroups, () -> {
            GameRecord record = Game.play(GameSetup.of(
                    TestBots.entrant("parent", "slow-burning-child"),
                    TestBots.entrant("random", "random", "3"),
                    ONE_SECOND.withClock(ClockKind.CPU)));

            assertThat(record.white().sandbox().limitsBy()).startsWith(cgroups.equals("on") ? "cgroup-" : "watchdog");
            assertThat(record.termination()).as(record.reason()).isEqualTo(Termination.TIME_FORFEIT);
            assertThat(record.result()).isEqualTo(Result.lossFor(Side.WHITE));
            assertThat(record.reason()).contains("of CPU time", "(cpu clock)");
        });
    }
}
