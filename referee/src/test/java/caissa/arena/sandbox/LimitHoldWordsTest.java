package caissa.arena.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.linux.LimitHit;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * A cgroup reports which limit the kernel enforced, as figures; the game log and the organiser
 * read it in words, with the bot's own limit and, for memory, the peak where the kernel kept it.
 */
class LimitHoldWordsTest {

    private static final ResourceLimits LIMITS = new ResourceLimits(96L << 20, 5, 64, 1L << 20, 256L << 20);

    @Test
    void aMemoryKillNamesTheLimitAndThePeak() {
        assertThat(LimitHold.words(new LimitHit.Memory(OptionalLong.of(100L << 20)), LIMITS))
                .isEqualTo("memory limit of 96 MiB (killed for memory, peak 100 MiB)");
    }

    @Test
    void aMemoryKillWithoutThePeakSaysTheBotReachedTheLimit() {
        assertThat(LimitHold.words(new LimitHit.Memory(OptionalLong.empty()), LIMITS))
                .isEqualTo("memory limit of 96 MiB (killed for memory, peak at the limit)");
    }

    @Test
    void aRefusedProcessNamesTheProcessLimit() {
        assertThat(LimitHold.words(new LimitHit.Processes(), LIMITS))
                .isEqualTo("process limit of 5 processes and threads (reached 5, one more refused)");
    }
}
