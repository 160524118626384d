package caissa.arena.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A bot's processes as the limit watchdog counts them: its tree, and nothing that only has a number of it. */
class TreeUsageTest {

    @Test
    void theTreeIsTheProcessAndWhatItStarted() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs /proc");
        Process shell = new ProcessBuilder("sh", "-c", "sleep 300 & sleep 300 & wait").start();
        try {
            List<Long> pids = List.of();
            // The shell starts its two children at once; they are looked for until they are there.
            for (int i = 0; i < 6000 && pids.size() < 3; i++) {
                pids = TreeUsage.of(shell.pid()).pids();
                Thread.sleep(10);
            }
            assertThat(pids).hasSize(3).startsWith(shell.pid());
            assertThat(TreeUsage.of(shell.pid()).threads()).isGreaterThanOrEqualTo(3);
        } finally {
            shell.descendants().forEach(ProcessHandle::destroyForcibly);
            shell.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aNumberThatIsAThreadOfAnotherProcessIsNoTree() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "needs /proc");
        long self = ProcessHandle.current().pid();
        long thread;
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            thread = tasks.map(t -> Long.parseLong(t.getFileName().toString()))
                    .filter(t -> t != self)
                    .findFirst()
                    .orElseThrow();
        }

        // /proc/TID/status answers for a thread as for its process: a child's number taken
        // over by a thread must not count the thread's process against a bot.
        assertThat(Files.isReadable(Path.of("/proc", Long.toString(thread), "status")))
                .isTrue();
        assertThat(TreeUsage.of(thread).pids()).isEmpty();
        assertThat(TreeUsage.of(self).pids()).startsWith(self);
    }
}
