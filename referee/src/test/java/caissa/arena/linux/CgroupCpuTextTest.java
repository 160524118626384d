package caissa.arena.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** A group's CPU time, read at every move from the kernel's text without making a String of it. */
class CgroupCpuTextTest {

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void v2ReadsUsageInMicrosecondsWhereverItsLineIs() {
        byte[] first = text("usage_usec 1234\nuser_usec 1000\nsystem_usec 234\n");
        assertThat(CgroupV2.usage(first, first.length)).isEqualTo(OptionalLong.of(1_234_000));
        byte[] later = text("nr_periods 0\nusage_usec 77\n");
        assertThat(CgroupV2.usage(later, later.length)).isEqualTo(OptionalLong.of(77_000));
        byte[] none = text("user_usec 5\n");
        assertThat(CgroupV2.usage(none, none.length)).isEmpty();
    }

    @Test
    void onlyTheBytesReadCount() {
        byte[] buffer = text("usage_usec 987654321");
        assertThat(CgroupV2.usage(buffer, 14)).isEqualTo(OptionalLong.of(987_000));
        assertThat(BotCgroup.numberAt(text("123456789\n"), 0, 4)).isEqualTo(1234);
        assertThat(BotCgroup.numberAt(text("\n"), 0, 1)).isEqualTo(-1);
    }
}
