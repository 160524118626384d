package caissa.arena.game;

/**
 * The time source of a game, in nanoseconds on an arbitrary origin (like {@link System#nanoTime}).
 * Injectable so that tests of the clock rules run on a clock they move themselves.
 */
@FunctionalInterface
public interface Ticker {

    Ticker SYSTEM = System::nanoTime;

    long nanoTime();
}
