package caissa.arena.bot;

import caissa.arena.linux.Portable;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.channels.Pipe;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A pipe for a bot's standard output whose reading end can wait with a timeout: a {@link
 * Pipe}, whose writing end the bot gets through {@code /proc/self/fd/N}. The pipes that {@link
 * ProcessBuilder} makes offer only a blocking read, so waiting for a reply with a deadline
 * took a reader thread per bot, and every reply two thread wake-ups (the reader's, then the
 * game's). With this pipe the game's own thread waits for the reply.
 *
 * <p>The number of the writing end is not public: it is read through {@code
 * sun.nio.ch.SelChImpl#getFDVal}, which needs {@code --add-exports
 * java.base/sun.nio.ch=ALL-UNNAMED} (the arena's jar says so in its manifest; the tests' JVM
 * is given it). Without it, or with {@code -Dcaissa.pipes=threads}, bots get plain pipes read on
 * a thread, as before.
 */
final class SelectablePipe {

    /** The system property that turns these pipes off ({@code -Dcaissa.pipes=threads}). */
    static final String SWITCH = "caissa.pipes";

    private static final Method FD_VALUE = fdValue();

    private final Pipe pipe;
    private final int writingEnd;
    private final Selector selector;

    private SelectablePipe(Pipe pipe, int writingEnd, Selector selector) {
        this.pipe = pipe;
        this.writingEnd = writingEnd;
        this.selector = selector;
    }

    /** Whether bots' output is polled through these pipes in this JVM (see the class comment). */
    static boolean inUse() {
        // The child's end is handed over through /proc/self/fd: Linux only.
        return FD_VALUE != null && !"threads".equals(System.getProperty(SWITCH)) && Portable.procAvailable();
    }

    /**
     * A new pipe with its reading end ready to be waited on, or empty where this JVM cannot hand
     * one to a child (see the class comment), or it could not be set up (no file descriptors
     * left): the bot then gets a plain pipe. Everything that can fail is done here, before the
     * bot starts.
     */
    static Optional<SelectablePipe> open() {
        if (!inUse()) {
            return Optional.empty();
        }
        Pipe pipe = null;
        Selector selector = null;
        try {
            pipe = Pipe.open();
            int writingEnd = (Integer) FD_VALUE.invoke(pipe.sink());
            selector = Selector.open();
            pipe.source().configureBlocking(false);
            pipe.source().register(selector, SelectionKey.OP_READ);
            return Optional.of(new SelectablePipe(pipe, writingEnd, selector));
        } catch (IOException | ReflectiveOperationException | RuntimeException e) {
            if (pipe != null) {
                closeQuietly(pipe.sink());
                closeQuietly(pipe.source());
            }
            if (selector != null) {
                closeQuietly(selector);
            }
            return Optional.empty();
        }
    }

    /** What to redirect the child's output to: opened in the arena, it is the pipe's writing end. */
    File childEnd() {
        return new File("/proc/self/fd/" + writingEnd);
    }

    /** Closes the arena's own writing end (once the child has its copy): the reading end sees the end of output when the child's copies close. */
    void closeWritingEnd() {
        closeQuietly(pipe.sink());
    }

    /** The reading end, in non-blocking mode and registered with {@link #selector()} for reading. */
    Pipe.SourceChannel readingEnd() {
        return pipe.source();
    }

    Selector selector() {
        return selector;
    }

    /** Both ends and the selector, when the child could not be started. */
    void close() {
        closeQuietly(pipe.sink());
        closeQuietly(pipe.source());
        closeQuietly(selector);
    }

    private static void closeQuietly(Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            // Nothing more to do with it.
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
