package caissa.arena.report;

import caissa.arena.game.GameRecord;
import caissa.arena.records.GameFiles;
import caissa.arena.records.GameLogs;
import caissa.arena.records.Problems;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;

/**
 * The games of a report, read from their logs one at a time and kept on disk, not in memory: each
 * game's page JSON goes to a temporary file as it is made, and only its number and where it lies
 * stay here (a few bytes a game). The page lists the games by number and names the logs it left
 * out before the games, so every log must be read before the first game is written; a
 * tournament of 100,000 games would otherwise hold all of them at once.
 *
 * <p>A running tournament's live report keeps one spool for the whole run and adds only the logs
 * that came since its last rewrite ({@link #readNew}): each rewrite then parses a few logs, not
 * every log again.
 */
public final class ReportGameSpool implements AutoCloseable {

    private static final int MAX_PROBLEM_LENGTH = 300;

    private final Path file;
    private final FileChannel channel;
    private final List<String> problems = new ArrayList<>();
    private int count;
    private int[] numbers = new int[64];
    /** Where each game's entry lies in the file: its log's name (for a later duplicate's problem), then its JSON. */
    private long[] offsets = new long[64];

    private short[] nameLengths = new short[64];
    private int[] lengths = new int[64];
    private long size;
    /** The game numbers taken so far, and the logs read so far (by the number in their names, or by name). */
    private final BitSet taken = new BitSet();

    private final Set<Integer> takenBelowZero = new HashSet<>();
    private final BitSet numberedLogsRead = new BitSet();
    private final Set<String> otherLogsRead = new HashSet<>();
    /** How the bots were held, as the logs read so far record it: bot starts by sandbox and limits. */
    private final Map<ReportData.Held, Integer> held =
            new TreeMap<>(Comparator.comparing(ReportData.Held::sandbox).thenComparing(ReportData.Held::limitsBy));

    private int notStarted;

    private ReportGameSpool() throws IOException {
        file = Files.createTempFile("caissa-report-", ".spool");
        channel = FileChannel.open(
                file, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
    }

    /**
     * Reads the logs in {@code gamesDir} (none when it is not there) in the order of their names.
     * A log that cannot be shown (unreadable, a move that does not replay, a number already taken)
     * is left out and named in {@link #problems()}.
     *
     * @throws IOException when the folder cannot be listed or the temporary file written
     */
    public static ReportGameSpool read(Path gamesDir) throws IOException {
        ReportGameSpool spool = empty();
        try {
            spool.readNew(gamesDir);
            return spool;
        } catch (IOException | RuntimeException e) {
            spool.close();
            throw e;
        }
    }

    /** A spool with no game yet, to be filled by {@link #readNew}. */
    public static ReportGameSpool empty() throws IOException {
        return new ReportGameSpool();
    }

    /**
     * Adds the logs in {@code gamesDir} that this spool has not read yet (none when the folder is
     * not there), as {@link #read} does. A log is read once: a running tournament writes each
     * log once, whole, under its final name.
     *
     * @throws IOException when the folder cannot be listed or the temporary file written
     */
    public void readNew(Path gamesDir) throws IOException {
        if (!Files.isDirectory(gamesDir)) {
            return;
        }
        for (Path file : GameLogs.files(gamesDir, this::unread)) {
            add(GameLogs.log(file));
        }
    }

    /**
     * Adds one log, read or not, as {@link #readNew} adds each (a log already read is not read
     * again by it): for a log whose record its writer still holds, so that it is not parsed back.
     *
     * @throws IOException when the temporary file cannot be written
     */
    public void add(GameLogs.Log log) throws IOException {
        // Its place among the logs taken so far, the number of a log that names none.
        int i = count + problems.size();
        Path file = log.file();
        String fileName = file.getFileName().toString();
        OptionalInt named = GameFiles.number(fileName);
        if (named.isPresent()) {
            numberedLogsRead.set(named.getAsInt());
        } else {
            otherLogsRead.add(fileName);
        }
        String name = GameFiles.DIR + "/" + fileName;
        byte[] json;
        int number;
        try {
            if (log instanceof GameLogs.Log.Unreadable unreadable) {
                throw unreadable.problem();
            }
            GameRecord record = ((GameLogs.Log.Read) log).record();
            if (!GameRecord.SCHEMA.equals(record.schema())
                    && !GameRecord.SCHEMA_2.equals(record.schema())
                    && !GameRecord.SCHEMA_1.equals(record.schema())) {
                throw new IllegalArgumentException("its schema is " + record.schema() + ", not " + GameRecord.SCHEMA
                        + ", " + GameRecord.SCHEMA_2 + " or " + GameRecord.SCHEMA_1);
            }
            number = record.tournament() != null ? record.tournament().game() : named.orElse(i + 1);
            if (taken(number)) {
                throw new IllegalArgumentException("it has the same game number, " + number + ", as " + nameOf(number));
            }
            json = ScriptJson.of(ReportGame.of(number, name, record)).getBytes(StandardCharsets.UTF_8);
            for (GameRecord.PlayerRecord player : List.of(record.white(), record.black())) {
                if (player.sandbox() == null && player.exit() == null) {
                    notStarted++;
                } else if (player.sandbox() == null) {
                    // Started, but its log does not say how it was held (an older log, or a bot played in process).
                    held.merge(new ReportData.Held("unrecorded", "unrecorded", 0), 1, Integer::sum);
                } else {
                    held.merge(
                            new ReportData.Held(
                                    player.sandbox().sandbox(), player.sandbox().limitsBy(), 0),
                            1,
                            Integer::sum);
                }
            }
        } catch (Exception e) {
            // Whatever is wrong with one log (a field missing, a move that does not replay),
            // the rest of the tournament is still worth a report.
            problems.add(name + " was left out: " + describe(e));
            return;
        }
        append(number, name, json);
    }

    private boolean taken(int number) {
        return number >= 0 ? taken.get(number) : takenBelowZero.contains(number);
    }

    /** Whether a log of this name has not been read into the spool yet. */
    private boolean unread(String fileName) {
        OptionalInt named = GameFiles.number(fileName);
        return named.isPresent() ? !numberedLogsRead.get(named.getAsInt()) : !otherLogsRead.contains(fileName);
    }

    private void append(int number, String name, byte[] json) throws IOException {
        if (count == numbers.length) {
            numbers = Arrays.copyOf(numbers, count * 2);
            offsets = Arrays.copyOf(offsets, count * 2);
            nameLengths = Arrays.copyOf(nameLengths, count * 2);
            lengths = Arrays.copyOf(lengths, count * 2);
        }
        byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        int nameLength = Math.min(nameBytes.length, Short.MAX_VALUE);
        write(ByteBuffer.wrap(nameBytes, 0, nameLength), size);
        write(ByteBuffer.wrap(json), size + nameLength);
        numbers[count] = number;
        offsets[count] = size;
        nameLengths[count] = (short) nameLength;
        lengths[count] = json.length;
        size += nameLength + json.length;
        if (number >= 0) {
            taken.set(number);
        } else {
            takenBelowZero.add(number);
        }
        count++;
    }

    private void write(ByteBuffer buffer, long at) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer, at + buffer.position());
        }
    }

    private byte[] readAt(long at, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, at + buffer.position()) < 0) {
                throw new IOException("the report's temporary file " + file + " was cut short");
            }
        }
        return buffer.array();
    }

    /** The log that took game number {@code number} first (a duplicate is rare: a search is enough). */
    private String nameOf(int number) throws IOException {
        for (int i = 0; i < count; i++) {
            if (numbers[i] == number) {
                return new String(readAt(offsets[i], nameLengths[i]), StandardCharsets.UTF_8);
            }
        }
        return "another log";
    }

    /** How many games the report shows. */
    public int count() {
        return count;
    }

    /**
     * How the bots of the games read were held, as their logs record it: one entry per way (the
     * sandbox and what enforced the limits) with the number of bot starts held so, then the
     * starts that never happened ({@code sandbox} "not-started"); a bot that started but whose log
     * does not say how it was held counts as "unrecorded".
     */
    public List<ReportData.Held> held() {
        List<ReportData.Held> out = new ArrayList<>();
        held.forEach((way, starts) -> out.add(new ReportData.Held(way.sandbox(), way.limitsBy(), starts)));
        if (notStarted > 0) {
            out.add(new ReportData.Held("not-started", "none", notStarted));
        }
        return out;
    }

    /** One sentence per log left out, naming it, in the order of the files. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /**
     * Writes the games' JSON (escaped for a script element, see {@link ScriptJson}) by game
     * number, separated by commas: the elements of the page's {@code games} array.
     */
    public void writeTo(OutputStream out) throws IOException {
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        // Stable, so the order is the one an in-memory sort by number gives.
        Arrays.sort(order, (a, b) -> Integer.compare(numbers[a], numbers[b]));
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                out.write(',');
            }
            int at = order[i];
            out.write(readAt(offsets[at] + nameLengths[at], lengths[at]));
        }
    }

    /** Deletes the temporary file. */
    @Override
    public void close() throws IOException {
        channel.close();
        Files.deleteIfExists(file);
    }

    /** One short line: Jackson's messages carry a source excerpt over several lines. */
    static String describe(Exception e) {
        String line = Problems.ofRecord(e);
        return line.length() > MAX_PROBLEM_LENGTH ? line.substring(0, MAX_PROBLEM_LENGTH) + "…" : line;
    }
}
