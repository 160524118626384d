package caissa.arena.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * A file the arena makes for a bot's start (the sandbox's options, the keyring filter, the mark
 * that the launch reached the bot) could not be made: a full {@code /dev/shm}, say. The arena's
 * own failure, not the bot's: unchecked, so that no catch of a bot's start failure takes it for
 * one, and it stops the run with one line naming the file (exit code 74) instead of forfeiting
 * every bot.
 */
public final class ArenaFilesException extends UncheckedIOException {

    private static final long serialVersionUID = 1L;

    ArenaFilesException(Path file, IOException cause) {
        super(named(file, cause));
    }

    private static FileSystemException named(Path file, IOException cause) {
        String reason = cause instanceof FileSystemException fs && fs.getReason() != null
                ? fs.getReason()
                : cause.getMessage() != null
                        ? cause.getMessage().lines().findFirst().orElse("")
                        : cause.getClass().getSimpleName();
        FileSystemException named = new FileSystemException(
                file.toString(),
                null,
                reason.strip()
                        + " (a file of the arena's own for a bot's start: no bot was charged; free the space and continue the run)");
        named.initCause(cause);
        return named;
    }
}
