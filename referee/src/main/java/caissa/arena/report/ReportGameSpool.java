package caissa.arena.report;

import caissa.arena.records.GameFiles;
import caissa.arena.game.GameRecord;
import caissa.arena.records.GameLogs;
import com.fasterxml.jackson.core.JsonProcessingException;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The games of a report, read from their logs one at a time and kept on disk, not in memory: each
 * game's page JSON goes to a temporary file as it is made, and only its number and where it lies
 * stay here (a few bytes a game). The page lists the games by number and names the logs it left
 * out before the games, so every log must be read before the first game is written; a
 * tournament of 100,000 games would otherwise hold all of them at once.
 */
public final class ReportGameSpool implements AutoCloseable {

    private static final Pattern NUMBERED = Pattern.compile("(\\d+)\\.json");
    private static final int MAX_PROBLEM_LENGTH = 300;

    private final Path file;
    private final FileChannel channel;
    private final List<String> problems = new ArrayList<>();
    private int count;
    private int[] numbers = new int[64];
    private long[] offsets = new long[64];
    private int[] lengths = new int[64];
    private long size;

    private ReportGameSpool() throws IOException {
        file = Files.createTempFile("caissa-report-", ".spool");
        channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                StandardOpenOption.DELETE_ON_CLOSE);
    }

    /**
     * Reads the logs in {@code gamesDir} (none when it is not there) in the order of their names.
     * A log that cannot be shown (unreadable, a move that does not replay, a number already taken)
     * is left out and named in {@link #problems()}.
     *
     * @throws IOException when the folder cannot be listed or the temporary file written
     */
    public static ReportGameSpool read(Path gamesDir) throws IOException {
        ReportGameSpool spool = new ReportGameSpool();
        try {
            if (Files.isDirectory(gamesDir)) {
                spool.readAll(gamesDir);
            }
            return spool;
        } catch (IOException | RuntimeException e) {
            spool.close();
            throw e;
        }
    }

    private void readAll(Path gamesDir) throws IOException {
        Map<Integer, String> fileOfNumber = new HashMap<>();
        int i = -1;
        try (var logs = GameLogs.stream(gamesDir)) {
            for (GameLogs.Log log : (Iterable<GameLogs.Log>) logs::iterator) {
                i++;
                String name = GameFiles.DIR + "/" + log.file().getFileName();
                byte[] json;
                int number;
                try {
                    if (log instanceof GameLogs.Log.Unreadable unreadable) {
                        throw unreadable.problem();
                    }
                    GameRecord record = ((GameLogs.Log.Read) log).record();
                    if (!GameRecord.SCHEMA.equals(record.schema()) && !GameRecord.SCHEMA_2.equals(record.schema())
                            && !GameRecord.SCHEMA_1.equals(record.schema())) {
                        throw new IllegalArgumentException("its schema is " + record.schema() + ", not "
                                + GameRecord.SCHEMA + ", " + GameRecord.SCHEMA_2 + " or " + GameRecord.SCHEMA_1);
                    }
                    number = record.tournament() != null ? record.tournament().game()
                            : fileNumber(log.file().getFileName().toString()).orElse(i + 1);
                    String earlier = fileOfNumber.putIfAbsent(number, name);
                    if (earlier != null) {
                        throw new IllegalArgumentException("it has the same game number, " + number + ", as " + earlier);
                    }
                    json = ScriptJson.of(ReportGame.of(number, name, record)).getBytes(StandardCharsets.UTF_8);
                } catch (Exception e) {
                    // Whatever is wrong with one log (a field missing, a move that does not replay),
                    // the rest of the tournament is still worth a report.
                    problems.add(name + " was left out: " + describe(e));
                    continue;
                }
                append(number, json);
            }
        }
    }

    private void append(int number, byte[] json) throws IOException {
        if (count == numbers.length) {
            numbers = Arrays.copyOf(numbers, count * 2);
            offsets = Arrays.copyOf(offsets, count * 2);
            lengths = Arrays.copyOf(lengths, count * 2);
        }
        ByteBuffer buffer = ByteBuffer.wrap(json);
        while (buffer.hasRemaining()) {
            channel.write(buffer, size + buffer.position());
        }
        numbers[count] = number;
        offsets[count] = size;
        lengths[count] = json.length;
        size += json.length;
        count++;
    }

    /** How many games the report shows. */
    public int count() {
        return count;
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
            ByteBuffer buffer = ByteBuffer.allocate(lengths[at]);
            while (buffer.hasRemaining()) {
                if (channel.read(buffer, offsets[at] + buffer.position()) < 0) {
                    throw new IOException("the report's temporary file " + file + " was cut short");
                }
            }
            out.write(buffer.array());
        }
    }

    /** Deletes the temporary file. */
    @Override
    public void close() throws IOException {
        channel.close();
        Files.deleteIfExists(file);
    }

    private static Optional<Integer> fileNumber(String name) {
        Matcher m = NUMBERED.matcher(name);
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Integer.parseInt(m.group(1)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** One short line: Jackson's messages carry a source excerpt over several lines. */
    static String describe(Exception e) {
        String message = e instanceof JsonProcessingException json
                ? json.getOriginalMessage() + (json.getLocation() == null ? ""
                        : " (line " + json.getLocation().getLineNr() + ", column " + json.getLocation().getColumnNr() + ")")
                : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        String line = message.lines().findFirst().orElse("").strip();
        return line.length() > MAX_PROBLEM_LENGTH ? line.substring(0, MAX_PROBLEM_LENGTH) + "…" : line;
    }
}
