package caissa.arena.records;

import caissa.arena.input.BadInputException;
import caissa.arena.input.Limits;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;

/**
 * Reads the files the arena is given (tournament files, journals, game logs, records) so that no
 * file can hang it or fill its memory: only a regular file is opened (opening a FIFO waits for a
 * writer for ever, /dev/zero never ends), and no more than a cap is read. Each refusal is one
 * line naming the file and, for size, the cap.
 */
public final class InputFiles {

    private static final long MIB = 1024 * 1024;

    /** A tournament file: a few dozen bots with their commands fit in a few KiB. */
    public static final long TOURNAMENT_FILE_CAP = 4 * MIB;

    /**
     * A game log at its largest: two commands of {@value Limits#MAX_ARGUMENTS} arguments of
     * {@value Limits#MAX_ARGUMENT_LENGTH} characters (at most 3 bytes each in JSON) are 6 MiB; 200
     * replies of 1 KiB, escaped, two stderr excerpts of 8 KiB and the reason stay under 2 MiB.
     */
    public static final long GAME_LOG_CAP = 8 * MIB;

    /**
     * A journal of {@value Limits#MAX_GAMES} games, each line under 1 KiB (two names of at most
     * 64 characters, escaped), with room for each game to have been played and journaled again.
     */
    public static final long JOURNAL_CAP = 2L * Limits.MAX_GAMES * 1024;

    /** A bot's source file that {@code validate} reads (for its Java package): far above any real one. */
    public static final long SOURCE_FILE_CAP = 16 * MIB;

    /**
     * A run's other records (tournament.json, standings.json, a match's summary.json and shard
     * record): made from a tournament file and at most {@value Limits#MAX_GAMES} games' results.
     */
    public static final long RECORD_CAP = 64 * MIB;

    private InputFiles() {}

    /**
     * The file's bytes.
     *
     * @throws BadInputException when the file is not a regular file (a folder, a device, a pipe)
     *     or is larger than {@code cap}, naming it
     * @throws java.nio.file.NoSuchFileException when there is no such file
     * @throws IOException when it cannot be read
     */
    public static byte[] read(Path file, long cap) throws IOException {
        return read(file, cap, new LinkOption[0]);
    }

    /**
     * A record of an output folder (a game log, the journal, standings, tournament.json, a
     * summary): as {@link #read}, but only a regular file of the folder's own. A link is refused
     * even when it leads to a regular file, which could be any file the organiser can read (a
     * token), and opened with {@code O_NOFOLLOW}, so that a link put in place after the check
     * fails the open.
     *
     * @throws BadInputException when it is a link or not a regular file, or larger than {@code cap}, naming it
     */
    public static byte[] readRecord(Path file, long cap) throws IOException {
        OwnFiles.checkReadable(file);
        return read(file, cap, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * A record to read as a stream (a journal of 100,000 games is 200 MB: whole in memory, as bytes
     * and as text, it took most of a 2 GB heap), refused as {@link #readRecord} refuses it; reading
     * past {@code cap} fails naming the file and the cap.
     */
    public static InputStream openRecord(Path file, long cap) throws IOException {
        OwnFiles.checkReadable(file);
        if (Files.size(file) > cap) {
            throw tooLarge(file, cap);
        }
        InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS);
        return new FilterInputStream(in) {
            private long read;

            @Override
            public int read() throws IOException {
                int b = super.read();
                count(b < 0 ? 0 : 1);
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                count(Math.max(n, 0));
                return n;
            }

            private void count(int n) {
                read += n;
                if (read > cap) {
                    throw tooLarge(file, cap);
                }
            }
        };
    }

    private static byte[] read(Path file, long cap, LinkOption... links) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, links);
        if (!attributes.isRegularFile()) {
            throw new BadInputException(file + ": not a regular file (" + kind(attributes) + "); give a file");
        }
        if (attributes.size() > cap) {
            throw tooLarge(file, cap);
        }
        try (InputStream in = Files.newInputStream(file, links)) {
            // Read one byte past the cap: a file that grew since its size was looked at is caught too.
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, cap + 1));
            if (bytes.length > cap) {
                throw tooLarge(file, cap);
            }
            return bytes;
        }
    }

    /**
     * The file as UTF-8 text (see {@link #read}).
     *
     * @throws java.nio.charset.CharacterCodingException when it is not UTF-8, as {@link Files#readString} does
     */
    public static String readString(Path file, long cap) throws IOException {
        return StandardCharsets.UTF_8
                .newDecoder()
                .decode(ByteBuffer.wrap(read(file, cap)))
                .toString();
    }

    private static BadInputException tooLarge(Path file, long cap) {
        return new BadInputException(file + ": larger than the " + describe(cap) + " such a file may be");
    }

    /** {@code 4 MiB}, {@code 200,000 KiB}: how a cap is named in messages. */
    static String describe(long cap) {
        return cap % MIB == 0
                ? String.format(Locale.ROOT, "%,d MiB", cap / MIB)
                : String.format(Locale.ROOT, "%,d KiB", cap / 1024);
    }

    private static String kind(BasicFileAttributes attributes) {
        if (attributes.isDirectory()) {
            return "a folder";
        }
        return attributes.isOther() ? "a device, a pipe or a socket" : "not a plain file";
    }
}
