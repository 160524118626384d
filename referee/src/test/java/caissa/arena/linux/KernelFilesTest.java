package caissa.arena.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The reader of /proc and cgroup files: the whole text whatever its length, and the numbers listed. */
class KernelFilesTest {

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 255, 256, 257, 4096, 70_000})
    void readsTheWholeTextWhateverItsLength(int length, @TempDir Path dir) throws IOException {
        StringBuilder text = new StringBuilder();
        Random random = new Random(length);
        while (text.length() < length) {
            text.append((char) ('a' + random.nextInt(26)));
        }
        Path file = Files.writeString(dir.resolve("f"), text, StandardCharsets.US_ASCII);

        assertThat(KernelFiles.read(file)).isEqualTo(text.toString());
    }

    @Test
    void readsAProcessFileTheKernelWritesAsItIsRead() throws IOException {
        Path cmdline = Path.of("/proc/self/cmdline");
        assumeTrue(Files.isReadable(cmdline), "needs /proc");

        // The JVM's command line, class path included: longer than the first buffer.
        assertThat(KernelFiles.read(cmdline))
                .isEqualTo(Files.readString(cmdline))
                .hasSizeGreaterThan(256);
    }

    @Test
    void aProcessNameThatIsNotUtf8IsReadNotRefused(@TempDir Path dir) throws IOException {
        Path stat = Files.write(dir.resolve("stat"), new byte[] {'1', ' ', '(', (byte) 0xff, ')', ' ', 'S'});

        assertThat(KernelFiles.read(stat)).startsWith("1 (").endsWith(") S");
    }

    @Test
    void listsTheNumbersOnLinesOrSeparatedBySpaces(@TempDir Path dir) throws IOException {
        assertThat(KernelFiles.numbers(Files.writeString(dir.resolve("procs"), "12\n345\n6\n")))
                .containsExactly(12L, 345L, 6L);
        assertThat(KernelFiles.numbers(Files.writeString(dir.resolve("children"), "7 8 9 ")))
                .containsExactly(7L, 8L, 9L);
        assertThat(KernelFiles.numbers(Files.writeString(dir.resolve("empty"), "")))
                .isEmpty();
    }

    @Test
    void aFileThatIsGoneOrHoldsSomethingElseListsNoNumber(@TempDir Path dir) throws IOException {
        assertThat(KernelFiles.numbers(dir.resolve("gone"))).isEmpty();
        assertThat(KernelFiles.numbers(Files.writeString(dir.resolve("text"), "12\nmax\n")))
                .isEmpty();
        assertThatThrownBy(() -> KernelFiles.read(dir.resolve("gone"))).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void theChildrenOfAProcessAreThoseItStarted() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/task")), "needs /proc");
        Process child = new ProcessBuilder("sleep", "30").start();
        try {
            List<Long> children = new ArrayList<>(KernelFiles.children(
                    Path.of("/proc", Long.toString(ProcessHandle.current().pid()))));

            assertThat(children).contains(child.pid());
            assertThat(KernelFiles.children(Path.of("/proc", "not-a-process"))).isEmpty();
        } finally {
            child.destroyForcibly().waitFor();
        }
    }
}
