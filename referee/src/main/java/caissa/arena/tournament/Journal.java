package caissa.arena.tournament;

import caissa.arena.report.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The append-only record of finished games ({@code journal.jsonl}, one JSON object a line).
 * A game counts once its line is on disk. A run killed while appending leaves at most a torn
 * last line, which {@link #open} cuts off, so the next line starts clean.
 */
final class Journal implements AutoCloseable {

    static final String FILE = "journal.jsonl";

    private final FileChannel channel;

    private Journal(FileChannel channel) {
        this.channel = channel;
    }

    /** Opens the journal for appending, creating it or cutting off a torn last line. */
    static Journal open(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        long complete = completeLength(file);
        if (channel.size() > complete) {
            channel.truncate(complete);
        }
        channel.position(complete);
        return new Journal(channel);
    }

    /** The games on record: every complete line; a torn last line is not one. */
    static List<FinishedGame> read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file)) {
            return List.of();
        }
        String text = Files.readString(file);
        List<FinishedGame> games = new ArrayList<>();
        int start = 0;
        int lineNumber = 0;
        for (int end = text.indexOf('\n'); end >= 0; start = end + 1, end = text.indexOf('\n', start)) {
            lineNumber++;
            String line = text.substring(start, end);
            if (!line.isBlank()) {
                try {
                    games.add(Json.mapper().readValue(line, FinishedGame.class));
                } catch (IOException e) {
                    throw new IOException(file + ":" + lineNumber + ": not a journal entry (" + e.getClass().getSimpleName()
                            + "); remove the line and its game will be played again", e);
                }
            }
        }
        return games;
    }

    void append(FinishedGame game) throws IOException {
        ByteBuffer line = ByteBuffer.wrap((Json.writeCompact(game) + "\n").getBytes(StandardCharsets.UTF_8));
        while (line.hasRemaining()) {
            channel.write(line);
        }
        channel.force(false);
    }

    private static long completeLength(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int last = bytes.length - 1;
        while (last >= 0 && bytes[last] != '\n') {
            last--;
        }
        return last + 1;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
