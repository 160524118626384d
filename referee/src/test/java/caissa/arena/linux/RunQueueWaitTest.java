package caissa.arena.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The time a thread waited for a core, as the arena reads it from Linux's schedstat. */
class RunQueueWaitTest {

    @Test
    void theWaitIsTheMiddleFigureOfSchedstat() {
        byte[] text = "281053 1234567890 3\n".getBytes(StandardCharsets.US_ASCII);
        assertThat(RunQueueWait.secondNumber(text, text.length)).isEqualTo(1_234_567_890L);
        byte[] zero = "5 0 1\n".getBytes(StandardCharsets.US_ASCII);
        assertThat(RunQueueWait.secondNumber(zero, zero.length)).isZero();
        byte[] garbage = "nothing here\n".getBytes(StandardCharsets.US_ASCII);
        assertThat(RunQueueWait.secondNumber(garbage, garbage.length)).isEqualTo(-1);
    }

    @Test
    void thisThreadsWaitIsTheSecondFigureOfItsSchedstat() throws Exception {
        Path file = Path.of("/proc/thread-self/schedstat");
        assumeTrue(Files.isReadable(file), "no schedstat on this system");
        try (RunQueueWait wait = RunQueueWait.ofCurrentThread()) {
            long before = Long.parseLong(Files.readString(file).strip().split(" ")[1]);
            long read = wait.nanos();
            long after = Long.parseLong(Files.readString(file).strip().split(" ")[1]);
            // A total that only grows: read between two readings of the file, it lies between them.
            assertThat(read).isBetween(before, after);
        }
    }

    @Test
    void aProcessThatIsGoneHasNoFigure() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try (RunQueueWait wait = RunQueueWait.ofMainThread(sleeper.pid())) {
            assertThat(wait.nanos()).as("read while it runs").isNotNegative();
            sleeper.destroyForcibly();
            assertThat(sleeper.waitFor(10, TimeUnit.SECONDS)).isTrue();
            // Reaped: the file opened while it ran answers nothing, whatever process takes its pid next.
            assertThat(wait.nanos()).isEqualTo(-1);
        }
        // A pid above the largest Linux hands out: never a process.
        assertThat(RunQueueWait.ofMainThread((1L << 22) + 1).nanos()).isEqualTo(-1);
    }
}
