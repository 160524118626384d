package caissa.arena.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ProcessTreeTest {

    private final List<ProcessHandle> started = new ArrayList<>();

    @AfterEach
    void endAll() {
        ProcessTree.kill(started, Duration.ZERO, Duration.ofSeconds(5));
    }

    /**
     * A process this JVM is starting holds every descriptor of the JVM for an instant, another
     * bot's pipes among them. The search for processes that escaped a bot and still hold its
     * pipes must find those and never that one, or a bot's end kills the next bot as it starts.
     */
    @Test
    void pipeHoldersAreEscapedProcessesNeverTheArenasOwnChildren() throws Exception {
        assumeTrue(new File("/proc/self/fd").isDirectory(), "needs /proc (Linux)");
        Process bot = start(new ProcessBuilder("sleep", "60"));
        ProcessTree tree = new ProcessTree();
        tree.setRoot(bot.toHandle());
        tree.notePipes();
        File botOutput = new File("/proc/" + bot.pid() + "/fd/1");

        // A child of the arena holding the bot's output pipe, as a bot being started does.
        Process child = start(new ProcessBuilder("sleep", "60").redirectInput(botOutput));
        // A process that left the bot's tree and session but kept the pipe.
        Process launcher = start(new ProcessBuilder(
                "sh", "-c", "setsid sleep 60 <\"$1\" >/dev/null 2>&1 & echo $!", "sh", botOutput.getPath()));
        long escaped = Long.parseLong(firstLine(launcher.getInputStream()));
        launcher.waitFor();
        ProcessHandle.of(escaped).ifPresent(started::add);

        List<Long> holders = tree.pipeHolders().stream().map(ProcessHandle::pid).toList();

        assertThat(holders).contains(escaped).doesNotContain(child.pid(), bot.pid());
    }

    private Process start(ProcessBuilder builder) throws IOException {
        Process process = builder.start();
        started.add(process.toHandle());
        return process;
    }

    private static String firstLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
            line.append((char) b);
        }
        return line.toString().strip();
    }
}
