package caissa.arena.ratings;

import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.input.BadInputException;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.Problems;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads the game logs of tournament and match folders one at a time, keeping only who played
 * whom and the result: memory does not grow with the number of games.
 */
public final class ResultLogs {

    /** The part of a game log the ratings read; every other field is skipped. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Players(Name white, Name black, Result result, String termination) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Name(String name) {}

    private static final ObjectReader READER = Json.mapper().readerFor(Players.class);

    private ResultLogs() {}

    /**
     * Counts every game log in {@code DIR/games/} of each folder (or in the folder itself when it
     * has no {@code games/}).
     *
     * @return the number of logs read
     * @throws BadInputException naming a folder without game logs or a file that is not a game log
     */
    public static long countInto(GameTally tally, List<Path> folders) throws IOException {
        long read = 0;
        for (Path folder : folders) {
            if (!Files.isDirectory(folder)) {
                throw new BadInputException(folder + ": not a folder (give tournament or match folders)");
            }
            Path games = Files.isDirectory(folder.resolve("games")) ? folder.resolve("games") : folder;
            long here = 0;
            // In directory order, not sorted: counting does not depend on order, and no list of 100,000 paths is kept.
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(games, "*.json")) {
                for (Path file : stream) {
                    count(file, tally);
                    here++;
                }
            }
            if (here == 0) {
                throw new BadInputException(folder + ": no game logs (in games/*.json)");
            }
            read += here;
        }
        return read;
    }

    private static void count(Path file, GameTally tally) throws IOException {
        Players log;
        try {
            log = READER.readValue(InputFiles.readRecord(file, InputFiles.GAME_LOG_CAP));
        } catch (IOException e) {
            throw new BadInputException(file + ": not a game log that can be read: " + Problems.ofRecord(e));
        }
        if (log == null
                || log.white() == null
                || log.black() == null
                || log.result() == null
                || log.white().name() == null
                || log.black().name() == null) {
            throw new BadInputException(file + ": not a game log (no white, black or result)");
        }
        tally.add(
                log.white().name(),
                log.black().name(),
                log.result(),
                Termination.START_FAILURE.word().equals(log.termination()));
    }
}
