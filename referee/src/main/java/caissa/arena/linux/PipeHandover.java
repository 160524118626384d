package caissa.arena.linux;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.channels.Pipe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * Whether this JVM can hand the writing end of a {@link Pipe} to a child process, and the number
 * of that end: the child opens it through {@code /proc/self/fd/N} (Linux only). The number is
 * not public: it is read through {@code sun.nio.ch.SelChImpl#getFDVal}, which needs {@code
 * --add-exports java.base/sun.nio.ch=ALL-UNNAMED} (the arena's jar says so in its manifest; the
 * tests' JVM is given it). A fact of the JVM and the kernel, looked at once: which way bots'
 * output is read is the command's choice ({@code Parts}).
 */
public final class PipeHandover {

    private static final Method FD_VALUE = fdValue();

    private PipeHandover() {}

    /** Whether a pipe's writing end can be handed to a child here. */
    public static boolean available() {
        return FD_VALUE != null;
    }

    /** The file descriptor number of {@code sink}, empty where it cannot be had. */
    public static OptionalInt descriptor(Pipe.SinkChannel sink) {
        if (FD_VALUE == null) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of((Integer) FD_VALUE.invoke(sink));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return OptionalInt.empty();
        }
    }

    private static Method fdValue() {
        if (!Files.isDirectory(Path.of("/proc/self/fd"))) {
            return null;
        }
        try {
            Method method = Class.forName("sun.nio.ch.SelChImpl").getMethod("getFDVal");
            Pipe probe = Pipe.open();
            try {
                method.invoke(probe.sink());
            } finally {
                probe.sink().close();
                probe.source().close();
            }
            return method;
        } catch (IOException | ReflectiveOperationException | RuntimeException e) {
            // Not exported to us (or another JDK): plain pipes read on threads.
            return null;
        }
    }
}
