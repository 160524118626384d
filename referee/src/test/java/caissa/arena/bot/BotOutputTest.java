package caissa.arena.bot;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.program.BotCommand;
import caissa.arena.sandbox.Host;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A bot's standard output comes back as the same replies whichever way it is read: polled by
 * the thread that waits for a reply (a selectable pipe, the default in the arena's jar and in
 * these tests) or on a thread of its own (plain pipes, where the JVM does not let the arena
 * make a selectable one, or with {@code -Dcaissa.pipes=threads}): the command's parts choose
 * which ({@code Parts#output}), and each test here chooses it for its plain bot.
 */
class BotOutputTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
    private static final BotProcess.Limits LIMITS = new BotProcess.Limits(16, 4, 4096);

    private BotProcess bot;

    @AfterEach
    void end() {
        if (bot != null) {
            bot.askToEnd();
            bot.awaitEnd(System.nanoTime() + SECOND);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"polled", "threads"})
    void eachLineComesBackWhenItIsWrittenAndNotBeforeItsQuestion(String mode) {
        start(mode, "while read line; do echo \"got $line\"; done");
        assertThat(bot.polled()).isEqualTo(mode.equals("polled"));
        for (String line : List.of("start", "a2-b3", "c7-c6")) {
            long asked = System.nanoTime();
            assertThat(bot.send(line, asked + 10 * SECOND)).isInstanceOf(Delivery.Written.class);
            Reply reply = bot.read(asked + 10 * SECOND);
            assertThat(reply).isInstanceOfSatisfying(Reply.Line.class, answer -> {
                assertThat(answer.text()).isEqualTo("got " + line);
                assertThat(answer.receivedNanos() - asked).isNotNegative();
            });
        }
        assertThat(bot.unasked()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"polled", "threads"})
    void aLineWrittenInPartsComesBackWholeOnceItsEndComes(String mode) {
        start(mode, "read line; printf 'a2-'; sleep 0.2; printf 'b3\\n'; exec sleep 30");
        long asked = System.nanoTime();
        bot.send("start", asked + 10 * SECOND);
        assertThat(bot.read(asked + 10 * SECOND))
                .isInstanceOfSatisfying(
                        Reply.Line.class, line -> assertThat(line.text()).isEqualTo("a2-b3"));
        assertThat(bot.unasked()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"polled", "threads"})
    void aLineLongerThanOneReadComesBackWhole(String mode) {
        start(
                mode,
                "read line; head -c 20000 /dev/zero | tr '\\0' x; echo; exec sleep 30",
                new BotProcess.Limits(32768, 4, 4096));
        long asked = System.nanoTime();
        bot.send("start", asked + 10 * SECOND);
        assertThat(bot.read(asked + 10 * SECOND))
                .isInstanceOfSatisfying(
                        Reply.Line.class, line -> assertThat(line.text()).isEqualTo("x".repeat(20000)));
        assertThat(bot.unasked()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"polled", "threads"})
    void aSilentBotTimesOutAtTheDeadlineNotBefore(String mode) {
        start(mode, "exec sleep 30");
        long deadline = System.nanoTime() + SECOND / 5;
        assertThat(bot.read(deadline)).isEqualTo(Reply.TIMEOUT);
        assertThat(System.nanoTime() - deadline).isNotNegative();
        // And again: a time-out does not end the output.
        assertThat(bot.read(System.nanoTime() + SECOND / 20)).isEqualTo(Reply.TIMEOUT);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"polled", "threads"})
    void theLastWordsOfABotThatExitsComeBeforeTheEndOfItsOutput(String mode) {
        start(mode, "read line; echo last; exit 3");
        long deadline = System.nanoTime() + 10 * SECOND;
        bot.send("start", deadline);
        assertThat(bot.read(deadline))
                .isInstanceOfSatisfying(
                        Reply.Line.class, line -> assertThat(line.text()).isEqualTo("last"));
        assertThat(bot.read(deadline)).isEqualTo(Reply.CLOSED);
        // For good: asked again, or looked at as an unasked reply.
        assertThat(bot.read(deadline)).isEqualTo(Reply.CLOSED);
        assertThat(bot.unasked()).contains(Reply.CLOSED);
        assertThat(bot.exitStatus(Duration.ofSeconds(5))).contains(3);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"polled", "threads"})
    void aLineLongerThanTheLimitEndsTheOutput(String mode) {
        start(mode, "read line; printf 'short\\n0123456789abcdefXYZ\\nnever\\n'; exec sleep 30");
        long deadline = System.nanoTime() + 10 * SECOND;
        bot.send("start", deadline);
        assertThat(bot.read(deadline)).isInstanceOf(Reply.Line.class);
        assertThat(bot.read(deadline)).isEqualTo(new Reply.TooLong(16));
        assertThat(bot.read(deadline)).isEqualTo(new Reply.TooLong(16));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"polled", "threads"})
    void linesNobodyAskedForAreSeenAndAFloodEndsTheOutput(String mode) {
        // Eight lines in one write, then it exits: all of it is in the pipe before anything is read.
        start(mode, "echo early; read line; printf '1\\n2\\n3\\n4\\n5\\n6\\n7\\n8\\n'; exit 0");
        long deadline = System.nanoTime() + 10 * SECOND;
        Optional<Reply> early = Optional.empty();
        while (early.isEmpty() && System.nanoTime() < deadline) {
            early = bot.unasked();
        }
        assertThat(early)
                .hasValueSatisfying(
                        reply -> assertThat(((Reply.Line) reply).text()).isEqualTo("early"));
        bot.send("start", deadline);
        assertThat(bot.exitStatus(Duration.ofSeconds(10))).contains(0);
        List<String> lines = new ArrayList<>();
        Reply reply;
        while ((reply = bot.read(deadline)) instanceof Reply.Line line) {
            lines.add(line.text());
        }
        if (mode.equals("polled")) {
            // Read at once: the fifth line waiting is one more than allowed.
            assertThat(lines).containsExactly("1", "2", "3", "4", "5");
            assertThat(reply).isEqualTo(new Reply.Flood(4));
        } else {
            // A reader thread counts what the reading side has not taken yet, which it may take meanwhile.
            assertThat(lines)
                    .isEqualTo(List.of("1", "2", "3", "4", "5", "6", "7", "8").subList(0, lines.size()));
            assertThat(reply).isIn(new Reply.Flood(4), Reply.CLOSED);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"polled", "threads"})
    void aWaitThatIsInterruptedSaysSoAndKeepsTheInterrupt(String mode) throws Exception {
        start(mode, "exec sleep 30");
        CompletableFuture<List<Object>> waited = new CompletableFuture<>();
        Thread waiter = new Thread(() -> {
            Reply reply = bot.read(System.nanoTime() + 30 * SECOND);
            waited.complete(List.of(reply, Thread.currentThread().isInterrupted()));
        });
        waiter.start();
        Thread.sleep(100);
        waiter.interrupt();
        assertThat(waited.get(10, TimeUnit.SECONDS)).containsExactly(Reply.INTERRUPTED, true);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"polled", "threads"})
    void theEndOfTheOutputOfABotThatSaysGoodbyeAndExitsIsSeen(String mode) {
        start(mode, "read line; read line; echo bye; echo bye; exit 0");
        bot.send("start", System.nanoTime() + 10 * SECOND);
        bot.askToEnd();
        ShutdownReport report = bot.awaitEnd(System.nanoTime() + 10 * SECOND);
        bot = null;
        assertThat(report.exitedByItself()).isTrue();
        assertThat(report.exitCode()).contains(0);
        // Its output was read to the end: nothing held it open, nothing was killed.
        assertThat(report.leftoverProcesses()).isZero();
        assertThat(report.killed()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"polled", "threads"})
    void aChildThatKeepsTheOutputOpenAfterTheBotIsFoundAndKilled(String mode) throws Exception {
        // The child leaves the bot's process group and session, and keeps only the bot's output:
        // its hold on that pipe alone gives it away.
        start(mode, "read line; setsid sleep 60 </dev/null 2>/dev/null & echo started; read line; exit 0");
        long deadline = System.nanoTime() + 10 * SECOND;
        bot.send("start", deadline);
        assertThat(bot.read(deadline)).isInstanceOf(Reply.Line.class);
        bot.askToEnd();
        ShutdownReport report = bot.awaitEnd(System.nanoTime() + 10 * SECOND);
        bot = null;
        assertThat(report.exitedByItself()).isTrue();
        assertThat(report.leftoverProcesses()).isPositive();
    }

    private void start(String mode, String script) {
        start(mode, script, LIMITS);
    }

    private void start(String mode, String script, BotProcess.Limits limits) {
        // The reading is a part: the test substitutes it, as a command's parts would choose it.
        Host.Output output = mode.equals("polled") ? Host.Output.POLLED : Host.Output.THREADS;
        BotProcess.Start start =
                BotProcess.start(BotCommand.of("/bin/sh", "-c", script), Map.of(), limits, "output", output);
        assertThat(start).isInstanceOf(BotProcess.Start.Started.class);
        bot = ((BotProcess.Start.Started) start).bot();
    }
}
