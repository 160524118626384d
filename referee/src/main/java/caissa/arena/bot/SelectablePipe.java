package caissa.arena.bot;

import caissa.arena.linux.PipeHandover;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.nio.channels.Pipe;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A pipe for a bot's standard output whose reading end can wait with a timeout: a {@link
 * Pipe}, whose writing end the bot gets through {@code /proc/self/fd/N} ({@link PipeHandover}).
 * The pipes that {@link ProcessBuilder} makes offer only a blocking read, so waiting for a reply
 * with a deadline took a reader thread per bot, and every reply two thread wake-ups (the
 * reader's, then the game's). With this pipe the game's own thread waits for the reply.
 *
 * <p>Whether bots get one is their command's choice ({@code Parts#output}): where this JVM
 * cannot hand a pipe over, or with {@code -Dcaissa.pipes=threads}, bots get plain pipes read on
 * a thread, as before.
 */
final class SelectablePipe {

    private final Pipe pipe;
    private final int writingEnd;
    private final Selector selector;

    private SelectablePipe(Pipe pipe, int writingEnd, Selector selector) {
        this.pipe = pipe;
        this.writingEnd = writingEnd;
        this.selector = selector;
    }

    /**
     * A new pipe with its reading end ready to be waited on, or empty where it could not be set
     * up (no file descriptors left, or this JVM cannot hand it to a child): the bot then gets a
     * plain pipe. Everything that can fail is done here, before the bot starts.
     */
    static Optional<SelectablePipe> open() {
        Pipe pipe = null;
        Selector selector = null;
        try {
            pipe = Pipe.open();
            OptionalInt writingEnd = PipeHandover.descriptor(pipe.sink());
            if (writingEnd.isEmpty()) {
                closeQuietly(pipe.sink());
                closeQuietly(pipe.source());
                return Optional.empty();
            }
            selector = Selector.open();
            pipe.source().configureBlocking(false);
            pipe.source().register(selector, SelectionKey.OP_READ);
            return Optional.of(new SelectablePipe(pipe, writingEnd.getAsInt(), selector));
        } catch (IOException | RuntimeException e) {
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
}
