package caissa.arena.bot;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.Entrant;
import caissa.arena.linux.RunQueueWait;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.Machine;
import caissa.arena.sandbox.SandboxMode;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How a reply's time of arrival is corrected by its reader's own wait for a core, and whose
 * wait the arena reads for a bot (see caissa.arena.linux.RunQueueWaitTest for the reading itself).
 */
class ReaderDelayTest {

    private static final long MS = 1_000_000L;

    @Test
    void theReadersDelaysAreItsWaitForACoreAndTheJvmsPauses() {
        // A collection that stopped the arena for an hour while the reader waited: the reply that
        // came meanwhile is dated as the pause began, not as the reader went on after it.
        long[] paused = {0};
        try (ReaderDelay delay = new ReaderDelay(RunQueueWait.ofCurrentThread(), () -> paused[0])) {
            long before = delay.nanos();
            paused[0] += 3_600_000 * MS;
            long after = delay.nanos();

            assertThat(after - before).isGreaterThanOrEqualTo(3_600_000 * MS);
            assertThat(ReplyTime.receivedAt(5 * MS, 3_600_010 * MS, 0, before, after))
                    .isBetween(5 * MS, 10 * MS);
        }
        // Where the kernel does not tell the wait for a core, the pauses still count.
        try (ReaderDelay delay = new ReaderDelay(RunQueueWait.ofMainThread((1L << 22) + 1), () -> paused[0])) {
            long before = delay.nanos();
            paused[0] += 7 * MS;
            assertThat(delay.nanos() - before).isEqualTo(7 * MS);
        }
    }

    @Test
    void aReplyIsDatedWhenItsReaderWasWokenNotWhenItGotACore() {
        // (now, not before, the reader's figure before the read and after it)
        // Read at 10 ms; the reader waited 3 ms for a core since it blocked: the line came at 7 ms.
        assertThat(ReplyTime.receivedAt(10 * MS, 2 * MS, 40 * MS, 43 * MS)).isEqualTo(7 * MS);
        // Never before the line it answers began to be written (a wait from before the reader blocked).
        assertThat(ReplyTime.receivedAt(10 * MS, 8 * MS, 40 * MS, 43 * MS)).isEqualTo(8 * MS);
        // Unknown figures, or figures that make no sense: the time it was read.
        assertThat(ReplyTime.receivedAt(10 * MS, 2 * MS, -1, -1)).isEqualTo(10 * MS);
        assertThat(ReplyTime.receivedAt(10 * MS, 2 * MS, 40 * MS, -1)).isEqualTo(10 * MS);
        assertThat(ReplyTime.receivedAt(10 * MS, 2 * MS, 40 * MS, 40 * MS)).isEqualTo(10 * MS);
        // (wait began, line seen, its question began to be written, the figures)
        // The question was written during the wait: not dated before it.
        assertThat(ReplyTime.receivedAt(2 * MS, 10 * MS, 8 * MS, 40 * MS, 43 * MS))
                .isEqualTo(8 * MS);
        // A write that began after the line was seen is not what it answers: only the wait's start bounds it.
        assertThat(ReplyTime.receivedAt(2 * MS, 10 * MS, 12 * MS, 40 * MS, 43 * MS))
                .isEqualTo(7 * MS);
    }

    /**
     * In a sandbox with a cgroup the arena reads the bot's own main thread, not bubblewrap's
     * processes: the process it finds is the bot's JVM. Outside a sandbox nothing is read, as
     * the bot could have a helper outside its cgroup think while its main thread waits.
     */
    @ParameterizedTest(name = "sandbox {0}")
    @ValueSource(strings = {"bwrap", "none"})
    void theFigureIsTheBotsOwnAndOnlyInASandbox(String sandbox) throws Exception {
        Sandboxes.assumeCgroups(); // the figure is used only with a cgroup
        if (sandbox.equals("bwrap")) {
            Sandboxes.assumeSandbox();
        }
        Entrant entrant = TestBots.entrant("waits", "random", "1");
        Isolation isolation = Isolation.defaults().withSandbox(SandboxMode.valueOf(sandbox.toUpperCase(Locale.ROOT)));
        Containment containment = Containment.prepare(
                        Machine.current().parts(isolation.sandbox()),
                        entrant.command(),
                        TestBots.command("random", "2"),
                        isolation,
                        "waits")
                .orElseThrow();
        BotProcess bot = ((BotProcess.Start.Started) BotProcess.start(
                        entrant.command(),
                        Map.of(),
                        BotProcess.Limits.DEFAULT,
                        "waits-white",
                        containment,
                        ended -> {}))
                .bot();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            assertThat(bot.send("start", deadline)).isInstanceOf(Delivery.Written.class);
            assertThat(bot.read(deadline)).isInstanceOf(Reply.Line.class);

            long pid = bot.botPid();
            assertThat(pid).isPositive();
            assertThat(Files.readString(Path.of("/proc", Long.toString(pid), "comm"))
                            .strip())
                    .isEqualTo("java");
            assertThat(new String(
                            Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
                            StandardCharsets.UTF_8))
                    .contains("caissa.arena.testbots.TestBot");
            if (sandbox.equals("bwrap")) {
                try (RunQueueWait own = RunQueueWait.ofMainThread(pid)) {
                    // The JVM's first thread only waits for the others: its figure stands still.
                    assertThat(bot.waitedNanos()).isEqualTo(own.nanos()).isNotNegative();
                }
            } else {
                assertThat(bot.waitedNanos()).isEqualTo(-1);
            }
        } finally {
            bot.askToEnd();
            bot.awaitEnd(System.nanoTime() + TimeUnit.SECONDS.toNanos(5));
        }
    }
}
