package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The arithmetic of RULES.md 9 on one side's clock, in exact nanoseconds. */
class ClockTest {

    private static final long MS = 1_000_000L;

    private static TimeControl control(long perGameMs, Long capMs, long incrementMs, long firstMs, long marginMs) {
        return new TimeControl(
                Duration.ofMillis(perGameMs),
                Optional.ofNullable(capMs).map(Duration::ofMillis),
                Duration.ofMillis(incrementMs),
                Duration.ofMillis(firstMs),
                Duration.ofMillis(marginMs),
                ClockKind.WALL,
                true);
    }

    @Test
    void theFirstReplyMayAlsoUseTheStartUpAllowanceWhichIsNotCharged() {
        Clock clock = new Clock(control(1000, null, 0, 500, 0));

        assertThat(clock.allowance()).isEqualTo(1500 * MS);
        clock.charge(700 * MS);

        assertThat(clock.used()).isEqualTo(200 * MS);
        assertThat(clock.remaining()).isEqualTo(800 * MS);
        assertThat(clock.allowance())
                .as("only the first reply has the allowance")
                .isEqualTo(800 * MS);
    }

    @Test
    void aFirstReplyWithinTheAllowanceCostsNothing() {
        Clock clock = new Clock(control(1000, null, 0, 500, 0));

        clock.charge(300 * MS);

        assertThat(clock.used()).isZero();
        assertThat(clock.remaining()).isEqualTo(1000 * MS);
    }

    @Test
    void theIncrementIsAddedAfterEveryReply() {
        Clock clock = new Clock(control(1000, null, 100, 0, 0));

        clock.charge(150 * MS);
        clock.charge(150 * MS);

        assertThat(clock.remaining()).isEqualTo((1000 - 300 + 200) * MS);
        assertThat(clock.used()).isEqualTo(300 * MS);
    }

    @Test
    void theCapPerMoveLimitsTheAllowanceButNotTheBudget() {
        Clock clock = new Clock(control(10_000, 250L, 0, 1000, 0));

        assertThat(clock.allowance()).as("cap plus start-up on the first reply").isEqualTo(1250 * MS);
        clock.charge(1100 * MS);
        assertThat(clock.allowance()).isEqualTo(250 * MS);
        assertThat(clock.remaining()).isEqualTo(9900 * MS);
    }

    @Test
    void whatIsLeftLimitsTheAllowanceWhenItIsLessThanTheCap() {
        Clock clock = new Clock(control(300, 250L, 0, 0, 0));

        clock.charge(200 * MS);

        assertThat(clock.allowance()).isEqualTo(100 * MS);
    }

    @Test
    void aReplyAtTheLimitIsInTimeAndOneNanosecondLaterIsNot() {
        Clock clock = new Clock(control(1000, null, 0, 0, 0));

        assertThat(clock.inTime(1000 * MS)).isTrue();
        assertThat(clock.inTime(1000 * MS + 1)).isFalse();
    }

    @Test
    void theMarginTakesLateRepliesButIsNeverCreditedToTheClock() {
        Clock clock = new Clock(control(1000, null, 0, 0, 50));

        assertThat(clock.limit()).isEqualTo(1050 * MS);
        assertThat(clock.inTime(1050 * MS)).isTrue();
        assertThat(clock.inTime(1050 * MS + 1)).isFalse();
        clock.charge(1040 * MS);

        assertThat(clock.remaining())
                .as("lateness is forgiven, not carried as a debt")
                .isZero();
        assertThat(clock.used()).isEqualTo(1040 * MS);
        assertThat(clock.limit()).isEqualTo(50 * MS);
    }
}
