package caissa.arena.testbots;

import java.time.Duration;

/**
 * The one poll loop of the tests: waits for something another thread or process does (a bot
 * joining its group, a journal line, a limit being hit). The timeout only bounds a hang; tests
 * assert on what was reached, never on how long it took.
 */
public final class Poll {

    /** What is waited for; it may throw to end the wait at once (a process that died, say). */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    private static final Duration EVERY = Duration.ofMillis(10);

    private Poll() {}

    /** Polls until the condition holds or the timeout passes; returns whether it held. */
    public static boolean until(Duration timeout, Condition condition) throws Exception {
        return until(timeout, EVERY, condition);
    }

    /** As {@link #until(Duration, Condition)}, looking every {@code every}: for a wait that must end soon after. */
    public static boolean until(Duration timeout, Duration every, Condition condition) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(every.toMillis());
        }
        return true;
    }

    /** Polls until the condition holds; fails the test naming what did not happen within the timeout. */
    public static void await(Duration timeout, String what, Condition condition) throws Exception {
        await(timeout, EVERY, what, condition);
    }

    /** As {@link #await(Duration, String, Condition)}, looking every {@code every}. */
    public static void await(Duration timeout, Duration every, String what, Condition condition) throws Exception {
        if (!until(timeout, every, condition)) {
            throw new AssertionError(what + " did not happen within " + timeout.toSeconds() + " s");
        }
    }
}
