package caissa.arena.report;

import caissa.arena.Version;
import caissa.arena.records.AtomicFiles;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tournament report: one self-contained HTML file, {@code DIR/report.html}, that shows the
 * standings, the crosstable, the irregular losses, the list of games and a viewer for each game.
 *
 * <p>The page is a fixed template (report.html and report.js beside this class, in the
 * {@link PageFrame} every page shares) and the tournament's data as one JSON document in a {@code <script type="application/json">}
 * element; the script draws everything from it. Nothing is fetched: the file works offline and
 * can be mailed or archived as it is.
 */
public final class HtmlReport {

    public static final String FILE_NAME = "report.html";

    private static final String DATA_MARKER = "<!--caissa:data-->";
    private static final String HEADER_MARKER = "<!--caissa:header-->";
    private static final String BODY_MARKER = "<!--caissa:body-->";
    private static final String SCRIPT_MARKER = "<!--caissa:script-->";

    private HtmlReport() {}

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
     * As {@link #write(Path)}, showing the standings given (rebuilt from the folder's journal, see
     * {@link TournamentFolder#withStandings}) instead of those in its {@code standings.json}.
     */
    public static Written write(Path dir, Optional<JsonNode> standings) throws IOException {
        TournamentFolder folder = TournamentFolder.read(dir);
        if (folder.match().isEmpty()) {
            folder = folder.withStandings(standings);
        }
        try (ReportGameSpool games = ReportGameSpool.read(folder.gamesDir())) {
            return write(folder, games, false, List.of());
        }
    }

    /**
     * Writes the report of a folder a run is writing now ({@code live}): the page refreshes itself
     * and lists the games being played.
     *
     * <p>The games are read one at a time and the page is written as it is made, so that neither
     * the games nor the page are ever whole in memory (see {@link ReportGameSpool}).
     */
    public static Written write(Path dir, boolean live, List<ReportData.Playing> playing) throws IOException {
        TournamentFolder folder = TournamentFolder.read(dir);
        try (ReportGameSpool games = ReportGameSpool.read(folder.gamesDir())) {
            return write(folder, games, live, playing);
        }
    }

    /**
     * Writes the live report of a folder a run is writing now, with the games it has spooled so
     * far and those logged since (see {@link ReportGameSpool#readNew}): a rewrite reads only the
     * new logs.
     */
    public static Written writeLive(Path dir, ReportGameSpool games, List<ReportData.Playing> playing)
            throws IOException {
        TournamentFolder folder = TournamentFolder.read(dir);
        games.readNew(folder.gamesDir());
        return write(folder, games, true, playing);
    }

    private static Written write(
            TournamentFolder folder, ReportGameSpool games, boolean live, List<ReportData.Playing> playing)
            throws IOException {
        Path file = folder.dir().resolve(FILE_NAME);
        Instant now = Instant.now();
        AtomicFiles.write(file, out -> {
            BufferedOutputStream buffered = new BufferedOutputStream(out, 1 << 16);
            render(buffered, folder, games, now, live, playing);
            buffered.flush();
        });
        return new Written(file, games.count(), problems(folder, games));
    }

    /** The page for the folder's content as read. */
    public static String render(TournamentFolder folder, Instant now) throws IOException {
        try (ReportGameSpool games = ReportGameSpool.read(folder.gamesDir())) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            render(out, folder, games, now, false, List.of());
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    /**
     * Writes the page: the data is {@link ReportData} as {@link ScriptJson} makes it, with the
     * games, its last field, copied in from the spool one by one.
     */
    private static void render(
            OutputStream out,
            TournamentFolder folder,
            ReportGameSpool games,
            Instant now,
            boolean live,
            List<ReportData.Playing> playing)
            throws IOException {
        // The page is published as it is: no path of the organiser's machine (PublishedPaths).
        PublishedPaths paths = PublishedPaths.of(folder.tournament());
        ReportData data = new ReportData(
                ReportData.SCHEMA,
                folder.title(),
                folderName(folder.dir()),
                now.toString(),
                Version.current(),
                folder.tournament().map(paths::tournament).orElse(null),
                folder.standings().map(paths::document).orElse(null),
                folder.match().map(paths::document).orElse(null),
                live,
                playing,
                paths.texts(problems(folder, games)),
                games.held(),
                List.of());
        String json = ScriptJson.of(data);
        String emptyGames = "[]}";
        if (!json.endsWith(emptyGames)) {
            throw new IllegalStateException(
                    "the report's data must end with its games, not " + json.substring(json.length() - 20));
        }
        out.write(Template.INSTANCE.beforeData().getBytes(StandardCharsets.UTF_8));
        out.write(json.substring(0, json.length() - emptyGames.length() + 1).getBytes(StandardCharsets.UTF_8));
        games.writeTo(out);
        out.write((emptyGames.substring(1) + Template.INSTANCE.afterData()).getBytes(StandardCharsets.UTF_8));
    }

    /** The folder's own name, which is all the page says of where it lies. */
    private static String folderName(Path dir) {
        Path name = dir.toAbsolutePath().normalize().getFileName();
        return name == null ? dir.toString() : name.toString();
    }

    private static List<String> problems(TournamentFolder folder, ReportGameSpool games) {
        List<String> problems = new ArrayList<>(folder.problems());
        problems.addAll(games.problems());
        return problems;
    }

    /** The page around the data, in the frame every page shares: loaded once, checked once. */
    private record Template(String beforeData, String afterData) {

        static final Template INSTANCE = load();

        private static Template load() {
            // report.html holds the report's own part: the lines of its header, then its body.
            String own = PageFrame.resource("report.html");
            int header = own.indexOf(HEADER_MARKER);
            int body = own.indexOf(BODY_MARKER);
            if (header < 0 || body < header) {
                throw new IllegalStateException("report.html must hold " + HEADER_MARKER + " then " + BODY_MARKER);
            }
            String script = PageFrame.resource("report.js");
            PageFrame.requireAbsent(script, "</script", "report.js");
            PageFrame.requireAbsent(script, "<!--", "report.js");
            String filled = PageFrame.page(new PageFrame.Parts(
                    "Caïssa Arena tournament report. Written by `caissa report DIR`; self-contained: no network access.",
                    "Caïssa Arena report",
                    "Caïssa Arena · tournament report",
                    "Caïssa Arena report",
                    own.substring(header + HEADER_MARKER.length(), body).strip(),
                    PageFrame.replaceOnce(
                            own.substring(body + BODY_MARKER.length()).strip(),
                            SCRIPT_MARKER,
                            "<script>\n" + script + "</script>")));
            int at = filled.indexOf(DATA_MARKER);
            if (at < 0 || filled.indexOf(DATA_MARKER, at + 1) >= 0) {
                throw new IllegalStateException("report.html must hold " + DATA_MARKER + " exactly once");
            }
            return new Template(
                    filled.substring(0, at) + "<script type=\"application/json\" id=\"report-data\">",
                    "</script>" + filled.substring(at + DATA_MARKER.length()));
        }
    }
}
