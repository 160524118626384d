package caissa.bots;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.rules.Position;
import caissa.bots.TimeManager.ThinkingTime;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TimeManagerTest {

    private static final TimeControl CODECUP = TimeControl.CODECUP;

    private static ThinkingTime plan(TimeControl time, long millisLeft) {
        return new TimeManager(time).plan(Position.initial(), Duration.ofMillis(millisLeft));
    }

    @Test
    void spendsAFractionOfTheGameBudgetOnAMove() {
        ThinkingTime t = plan(CODECUP, 30_000);

        assertThat(t.hardNanos()).isLessThan(Duration.ofMillis(30_000 / 4).toNanos());
        assertThat(t.softNanos())
                .isGreaterThan(Duration.ofMillis(100).toNanos())
                .isLessThan(t.hardNanos());
    }

    @Test
    void keepsAReserveWhenAlmostOutOfTime() {
        ThinkingTime t = plan(CODECUP, 100);

        assertThat(t.hardNanos()).isPositive().isLessThan(Duration.ofMillis(50).toNanos());
        assertThat(plan(CODECUP, 0).hardNanos()).isZero();
        assertThat(plan(CODECUP, -500).hardNanos()).isZero();
    }

    @Test
    void neverReachesThePerMoveCap() {
        TimeControl capped = CODECUP.withPerMove(Duration.ofMillis(200));

        assertThat(plan(capped, 30_000).hardNanos())
                .isLessThan(Duration.ofMillis(200).toNanos());
        assertThat(plan(capped.withPerMove(Duration.ofMillis(10)), 30_000).hardNanos())
                .isZero();
    }

    @Test
    void anIncrementBuysMoreTime() {
        TimeControl increment = CODECUP.withIncrement(Duration.ofMillis(500));

        assertThat(plan(increment, 2_000).hardNanos())
                .isGreaterThan(plan(CODECUP, 2_000).hardNanos());
    }

    @Test
    void fewerMovesLeftMeansMoreTimePerMove() {
        Position late = Position.fromCfn(Position.INITIAL_CFN.replace(" 0", " 190"));
        TimeManager manager = new TimeManager(
                new TimeControl(Duration.ofSeconds(30), Optional.empty(), Duration.ZERO, Duration.ZERO));

        assertThat(manager.plan(late, Duration.ofSeconds(10)).softNanos())
                .isGreaterThan(
                        manager.plan(Position.initial(), Duration.ofSeconds(10)).softNanos());
    }
}
