package caissa.arena.contest;

import caissa.arena.records.Json;
import caissa.arena.records.TournamentLayout;
import caissa.arena.tournament.FinishedGame;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Follows a running tournament's {@code journal.jsonl} from where it was last read, as the live
 * pages need it: the games finished since, each once. Only complete lines count (the tournament
 * forces a line to disk before its game counts, and a line being appended has no newline yet), so
 * a reader never sees a torn line and never sees a game twice. Reads at most {@link #MAX_READ}
 * bytes a call, so that a journal of a large tournament is followed in steps.
 */
public final class JournalTail {

    static final int MAX_READ = 1 << 20;

    private final Path file;
    private long offset;

    public JournalTail(Path tournamentDir) {
        this(tournamentDir, 0);
    }

    public JournalTail(Path tournamentDir, long offset) {
        this.file = tournamentDir.resolve(TournamentLayout.JOURNAL_FILE);
        this.offset = offset;
    }

    /** Where the next read starts: the bytes of the complete lines read so far. */
    public long offset() {
        return offset;
    }

    /**
     * The games whose lines were completed since the last call, in journal order.
     *
     * @throws IOException naming the file and byte offset of a line that is not a journal entry
     */
    public synchronized List<FinishedGame> next() throws IOException {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            in.skipNBytes(Math.min(offset, Files.size(file)));
            bytes = in.readNBytes(MAX_READ);
        } catch (NoSuchFileException e) {
            return List.of();
        }
        List<FinishedGame> games = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                String line = new String(bytes, start, i - start, StandardCharsets.UTF_8);
                if (!line.isBlank()) {
                    try {
                        games.add(Json.mapper().readValue(line, FinishedGame.class));
                    } catch (IOException e) {
                        throw new IOException(
                                file + ": byte " + (offset + start) + ": not a journal entry ("
                                        + e.getClass().getSimpleName() + ")",
                                e);
                    }
                }
                start = i + 1;
            }
        }
        offset += start;
        return games;
    }
}
