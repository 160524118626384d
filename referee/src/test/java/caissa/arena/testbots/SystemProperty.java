package caissa.arena.testbots;

import java.util.function.Supplier;

/** Runs a piece of a test with a system property of the arena's set, and puts it back as it was after. */
public final class SystemProperty {

    private SystemProperty() {}

    public static <T> T with(String name, String value, Supplier<T> body) {
        String before = System.getProperty(name);
        System.setProperty(name, value);
        try {
            return body.get();
        } finally {
            if (before == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, before);
            }
        }
    }

    public static void with(String name, String value, Runnable body) {
        with(name, value, () -> {
            body.run();
            return null;
        });
    }
}
