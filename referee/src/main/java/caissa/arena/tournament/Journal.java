package caissa.arena.tournament;

import caissa.arena.records.Folders;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.OwnFiles;
import caissa.arena.records.Problems;
import caissa.arena.records.TournamentLayout;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The append-only record of finished games ({@code journal.jsonl}, one JSON object a line).
 * A game counts once its line is on disk: every line is appended (O_APPEND, never written at a
 * remembered position) and forced to disk before the game counts. A run killed while appending
 * leaves at most a torn last line, which {@link #open} cuts off, so the next line starts clean.
 * Only the holder of the folder's lock opens it for writing.
 */
final class Journal implements AutoCloseable {

    /** A journal line and its line number (from 1), for messages that name the line. */
    record Line(int number, FinishedGame game) {}

    private final Path file;
    private final FileChannel channel;

    private Journal(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /** Opens the journal for appending, creating it or cutting off a torn last line. */
    static Journal open(Path dir) throws IOException {
        Path file = dir.resolve(TournamentLayout.JOURNAL_FILE);
        try {
            OwnFiles.checkWritable(file);
            boolean created = !Files.exists(file, LinkOption.NOFOLLOW_LINKS);
            if (!created) {
                long complete = completeLength(file);
                if (Files.size(file) > complete) {
                    try (FileChannel cut = OwnFiles.open(file, StandardOpenOption.WRITE)) {
                        cut.truncate(complete);
                        cut.force(false);
                    }
                }
            }
            FileChannel channel = OwnFiles.openToAppend(file);
            if (created) {
                Folders.sync(dir);
            }
            return new Journal(file, channel);
        } catch (IOException e) {
            throw Problems.naming(file, e);
        }
    }

    /** The games on record: every complete line; a torn last line is not one. */
    static List<FinishedGame> read(Path dir) throws IOException {
        return readLines(dir).stream().map(Line::game).toList();
    }

    /**
     * The games on record with their line numbers.
     *
     * @throws IOException naming the file and line of a line that is not a journal entry
     */
    static List<Line> readLines(Path dir) throws IOException {
        Path file = dir.resolve(TournamentLayout.JOURNAL_FILE);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<Line> lines = new ArrayList<>();
        // Read as a stream, a line at a time: only the games are kept, never the file's text.
        try (InputStream in = new BufferedInputStream(InputFiles.openRecord(file, InputFiles.JOURNAL_CAP), 1 << 16)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream(1024);
            int lineNumber = 0;
            for (int b = in.read(); b >= 0; b = in.read()) {
                if (b != '\n') {
                    line.write(b);
                    continue;
                }
                lineNumber++;
                byte[] bytes = line.toByteArray();
                line.reset();
                if (!isBlank(bytes)) {
                    try {
                        StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
                        lines.add(new Line(lineNumber, Json.mapper().readValue(bytes, FinishedGame.class)));
                    } catch (IOException e) {
                        throw new IOException(
                                file + ":" + lineNumber + ": not a journal entry ("
                                        + e.getClass().getSimpleName()
                                        + "); remove the line and its game will be played again",
                                e);
                    }
                }
            }
            // What follows the last newline is a torn line: not one of the journal's.
        }
        return lines;
    }

    /** Appends the game's line and forces it to disk; the game counts once this returns. */
    void append(FinishedGame game) throws IOException {
        ByteBuffer line = ByteBuffer.wrap((Json.writeCompact(game) + "\n").getBytes(StandardCharsets.UTF_8));
        try {
            while (line.hasRemaining()) {
                channel.write(line);
            }
            channel.force(false);
        } catch (IOException e) {
            throw Problems.naming(file, e);
        }
    }

    /** The length up to the last newline, found by reading back from the end (never the whole file). */
    private static long completeLength(Path file) throws IOException {
        OwnFiles.checkReadable(file);
        try (FileChannel channel = OwnFiles.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size > InputFiles.JOURNAL_CAP) {
                InputFiles.readRecord(file, InputFiles.JOURNAL_CAP);
            }
            ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
            long end = size;
            while (end > 0) {
                long start = Math.max(0, end - buffer.capacity());
                buffer.clear().limit((int) (end - start));
                while (buffer.hasRemaining() && channel.read(buffer, start + buffer.position()) >= 0) {
                    // Until the piece is read.
                }
                for (int i = buffer.position() - 1; i >= 0; i--) {
                    if (buffer.get(i) == '\n') {
                        return start + i + 1;
                    }
                }
                end = start;
            }
            return 0;
        }
    }

    private static boolean isBlank(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
