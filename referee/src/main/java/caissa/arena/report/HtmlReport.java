package caissa.arena.report;

import caissa.arena.Version;
import caissa.arena.records.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * The tournament report: one self-contained HTML file, {@code DIR/report.html}, that shows the
 * standings, the crosstable, the irregular losses, the list of games and a viewer for each game.
 *
 * <p>The page is a fixed template (report.html, report.css and report.js beside this class)
 * and the tournament's data as one JSON document in a {@code <script type="application/json">}
 * element; the script draws everything from it. Nothing is fetched: the file works offline and
 * can be mailed or archived as it is.
 */
public final class HtmlReport {

    public static final String FILE_NAME = "report.html";

    private static final String DATA_MARKER = "<!--caissa:data-->";
    private static final String STYLE_MARKER = "<!--caissa:style-->";
    private static final String SCRIPT_MARKER = "<!--caissa:script-->";

    private HtmlReport() {
    }

    /** What {@link #write(Path)} did: the file it wrote, how many games it shows, what it left out. */
    public record Written(Path file, int games, List<String> problems) {
        public Written {
            problems = List.copyOf(problems);
        }
    }

    /**
     * Reads the tournament folder and writes {@code DIR/report.html} atomically.
     *
     * @throws IllegalArgumentException when the folder is missing or not a tournament's output
     * @throws IOException when the folder cannot be read or the report cannot be written
     */
    public static Written write(Path dir) throws IOException {
        return write(dir, false, List.of());
    }

    /**
     * Writes the report of a folder a run is writing now ({@code live}): the page refreshes itself
     * and lists the games being played.
     */
    public static Written write(Path dir, boolean live, List<ReportData.Playing> playing) throws IOException {
        return write(dir, live, playing, java.util.Map.of());
    }

    /**
     * {@link #write(Path, boolean, List)} with the games already known (by file name) taken as
     * they are, not read again from their logs (see {@link TournamentFolder#read(Path, java.util.Map)}).
     */
    public static Written write(Path dir, boolean live, List<ReportData.Playing> playing,
            java.util.Map<String, ReportGame> known) throws IOException {
        TournamentFolder folder = TournamentFolder.read(dir, known);
        Path file = dir.resolve(FILE_NAME);
        AtomicFiles.write(file, render(folder, Instant.now(), live, playing));
        return new Written(file, folder.games().size(), folder.problems());
    }

    /** The page for the folder's content as read. */
    public static String render(TournamentFolder folder, Instant now) {
        return render(folder, now, false, List.of());
    }

    static String render(TournamentFolder folder, Instant now, boolean live, List<ReportData.Playing> playing) {
        ReportData data = new ReportData(ReportData.SCHEMA, folder.title(), folder.dir().toString(), now.toString(),
                Version.current(), folder.tournament().orElse(null), folder.standings().orElse(null),
                folder.match().orElse(null), live, playing, folder.problems(), folder.games());
        return Template.INSTANCE.fill(ScriptJson.of(data));
    }

    /** The page around the data: loaded once, checked once. */
    private record Template(String beforeData, String afterData) {

        static final Template INSTANCE = load();

        String fill(String json) {
            return beforeData + json + afterData;
        }

        private static Template load() {
            String page = resource("report.html");
            String style = resource("report.css");
            String script = resource("report.js");
            // Inlined text ends its element at the first closing tag; ours must not contain one.
            requireAbsent(style, "</style", "report.css");
            requireAbsent(script, "</script", "report.js");
            requireAbsent(script, "<!--", "report.js");
            String filled = replaceOnce(page, STYLE_MARKER, "<style>\n" + style + "</style>");
            filled = replaceOnce(filled, SCRIPT_MARKER, "<script>\n" + script + "</script>");
            int at = filled.indexOf(DATA_MARKER);
            if (at < 0 || filled.indexOf(DATA_MARKER, at + 1) >= 0) {
                throw new IllegalStateException("report.html must hold " + DATA_MARKER + " exactly once");
            }
            return new Template(filled.substring(0, at) + "<script type=\"application/json\" id=\"report-data\">",
                    "</script>" + filled.substring(at + DATA_MARKER.length()));
        }

        private static String replaceOnce(String text, String marker, String replacement) {
            int at = text.indexOf(marker);
            if (at < 0 || text.indexOf(marker, at + 1) >= 0) {
                throw new IllegalStateException("report.html must hold " + marker + " exactly once");
            }
            return text.substring(0, at) + replacement + text.substring(at + marker.length());
        }

        private static void requireAbsent(String text, String tag, String name) {
            if (text.toLowerCase(Locale.ROOT).contains(tag)) {
                throw new IllegalStateException(name + " must not contain " + tag);
            }
        }

        private static String resource(String name) {
            try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
                if (in == null) {
                    throw new IllegalStateException("resource " + name + " is missing from the jar");
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
