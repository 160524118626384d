package caissa.arena.contest;

import java.util.function.BooleanSupplier;

/**
 * Waits for something another process does. The limit is far beyond any machine's load: it only
 * keeps a broken run from hanging, it is not what the test checks.
 */
public final class Await {

    private Await() {}

    public static void until(String what, BooleanSupplier condition) {
        long end = System.nanoTime() + 180_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("never happened: " + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for: " + what);
            }
        }
    }
}
