package caissa.arena.records;

import caissa.arena.game.GameRecord;
import caissa.arena.input.BadInputException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Reads a folder's game logs one at a time: a tournament may hold 100,000 of them, so a reader
 * that keeps what it needs of each (a tally, a line of a page) and lets the log go stays flat
 * in memory. Only the file names are listed up front, to read the logs in name order (which is
 * game order, their names being zero-padded numbers).
 */
public final class GameLogs {

    private GameLogs() {}

    /** One log as read: its record, or why it could not be read. */
    public sealed interface Log {
        Path file();

        record Read(Path file, GameRecord record) implements Log {}

        /** Not a game log: not a regular file, over its cap ({@link BadInputException}), or not JSON of one. */
        record Unreadable(Path file, Exception problem) implements Log {}
    }

    /**
     * The log of a game, read within {@link InputFiles#GAME_LOG_CAP}.
     *
     * @throws caissa.arena.input.BadInputException when it is not a regular file or too large
     * @throws IOException when it cannot be read or is not a game log
     */
    public static GameRecord read(Path file) throws IOException {
        try {
            return Json.mapper().readValue(InputFiles.readRecord(file, InputFiles.GAME_LOG_CAP), GameRecord.class);
        } catch (IllegalArgumentException e) {
            // A move that is not one of the variant's board, found while the log is read.
            throw new IOException(e.getMessage(), e);
        }
    }

    /**
     * The {@code .json} files in {@code gamesDir} whose names {@code accept}, in name order; hidden
     * files (a runner's temporary files, about to be renamed into place) are left out. None when
     * the folder is not there.
     *
     * @throws IOException when the folder cannot be listed
     */
    public static List<Path> files(Path gamesDir, Predicate<String> accept) throws IOException {
        List<Path> files = new ArrayList<>();
        if (Files.isSymbolicLink(gamesDir)) {
            throw new BadInputException(gamesDir + ": a symbolic link; the arena reads game logs only from a folder"
                    + " of the run's own, never through a link");
        }
        if (!Files.isDirectory(gamesDir)) {
            return files;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(gamesDir, p -> {
            String name = p.getFileName().toString();
            return name.endsWith(".json") && !name.startsWith(".") && accept.test(name);
        })) {
            stream.forEach(files::add);
        }
        files.sort(null);
        return files;
    }

    /**
     * The logs in {@code gamesDir} (see {@link #files}), each read only when the stream reaches it.
     *
     * @throws IOException when the folder cannot be listed
     */
    public static Stream<Log> stream(Path gamesDir) throws IOException {
        return files(gamesDir, name -> true).stream().map(GameLogs::log);
    }

    /** The log in {@code file}, as read. */
    public static Log log(Path file) {
        try {
            return new Log.Read(file, read(file));
        } catch (IOException | BadInputException e) {
            return new Log.Unreadable(file, e);
        }
    }
}
