package caissa.arena.report;

import caissa.arena.input.BadInputException;
import caissa.arena.records.GameFiles;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.MatchLayout;
import caissa.arena.records.TournamentLayout;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a tournament output folder holds at the moment it is read: {@code tournament.json},
 * {@code standings.json} and the game logs under {@code games/}. A running tournament has only
 * some of them, so each part may be absent; a file that cannot be read is left out and named in
 * {@link #problems()} instead of failing the whole report.
 *
 * @param tournament {@code tournament.json} (schema caissa-arena/tournament/2), as written
 * @param standings {@code standings.json} (schema caissa-arena/standings/3), as written
 * @param problems one sentence per file that was left out, naming it (the game logs are read
 *     apart, one at a time, by {@link ReportGameSpool})
 */
public record TournamentFolder(
        Path dir,
        Optional<JsonNode> tournament,
        Optional<JsonNode> standings,
        Optional<JsonNode> match,
        List<String> problems) {

    public TournamentFolder {
        problems = List.copyOf(problems);
    }

    /**
     * Reads the folder's records (not its game logs: see {@link #gamesDir()}).
     *
     * @throws IllegalArgumentException when the folder does not exist or is not a tournament's
     *     output (neither tournament.json nor games/), with a sentence naming it
     * @throws IOException when the folder cannot be read
     */
    public static TournamentFolder read(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            throw new IllegalArgumentException("no such folder: " + dir);
        }
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + " is not a folder");
        }
        Path tournamentFile = dir.resolve(TournamentLayout.RECORD_FILE);
        Path gamesDir = dir.resolve(GameFiles.DIR);
        Path matchFile = dir.resolve(MatchLayout.SUMMARY_FILE);
        if (!Files.isRegularFile(tournamentFile) && !Files.isDirectory(gamesDir) && !Files.isRegularFile(matchFile)) {
            throw new IllegalArgumentException(dir + " is not a tournament output folder: it has neither "
                    + TournamentLayout.RECORD_FILE + " nor " + GameFiles.DIR + "/");
        }
        List<String> problems = new ArrayList<>();
        Optional<JsonNode> tournament = readObject(tournamentFile, problems).map(TournamentFolder::withoutEnvValues);
        Optional<JsonNode> standings = readObject(dir.resolve(TournamentLayout.STANDINGS_FILE), problems);
        // summary.json is a match's when it says so (caissa match, or caissa merge of match shards).
        Optional<JsonNode> match = readObject(matchFile, problems)
                .filter(node ->
                        "caissa-arena/match/1".equals(node.path("schema").asText()));
        return new TournamentFolder(dir, tournament, standings, match, problems);
    }

    /**
     * The folder with its standings replaced by those rebuilt from its journal, so that a page
     * shows only what its games say: a {@code standings.json} written by hand (a bot given 99
     * points) is never published. Without rebuilt standings the table is left out, and said so.
     */
    public TournamentFolder withStandings(Optional<JsonNode> rebuilt) {
        List<String> said = new ArrayList<>(problems);
        if (rebuilt.isEmpty() && standings.isPresent()) {
            said.add(TournamentLayout.STANDINGS_FILE
                    + " was left out: its standings cannot be rebuilt from this folder's" + " journal alone");
        }
        return new TournamentFolder(dir, tournament, rebuilt, match, said);
    }

    /** The folder of the game logs, which may not be there yet. */
    public Path gamesDir() {
        return dir.resolve(TournamentLayout.GAMES_DIR);
    }

    /** The name to show: the tournament's, else the one in the game logs, else the folder's. */
    public String title() {
        Optional<String> matchTitle = match.map(
                        m -> m.path("engine").path("name").asText("") + " vs "
                                + m.path("baseline").path("name").asText(""))
                .filter(t -> !t.equals(" vs "));
        if (matchTitle.isPresent()) {
            return matchTitle.get();
        }
        return tournament
                .map(t -> t.path("definition").path("name").asText(""))
                .filter(name -> !name.isBlank())
                .or(() -> standings.map(s -> s.path("tournament").asText("")).filter(name -> !name.isBlank()))
                .orElseGet(() -> {
                    Path name = dir.toAbsolutePath().normalize().getFileName();
                    return name == null ? dir.toString() : name.toString();
                });
    }

    /** What a page shows of a bot's environment: its variables' names, never their values. */
    static final String HIDDEN_VALUE = "(set; its value is not published)";

    /**
     * The run's record with each bot's {@code env} values replaced: an organiser gives a bot its
     * keys and tokens there, and a published page must not carry them.
     */
    private static JsonNode withoutEnvValues(JsonNode tournament) {
        JsonNode copy = tournament.deepCopy();
        for (JsonNode bot : copy.path("definition").path("bots")) {
            if (bot.path("env") instanceof ObjectNode env) {
                List<String> names = new ArrayList<>();
                env.fieldNames().forEachRemaining(names::add);
                names.forEach(name -> env.put(name, HIDDEN_VALUE));
            }
        }
        return copy;
    }

    /** A JSON object file, or empty when it is not there yet; one that cannot be read is a problem. */
    private static Optional<JsonNode> readObject(Path file, List<String> problems) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode node = Json.mapper().readTree(InputFiles.readRecord(file, InputFiles.RECORD_CAP));
            if (node == null || !node.isObject()) {
                problems.add(file.getFileName() + " was left out: it is not a JSON object");
                return Optional.empty();
            }
            return Optional.of(node);
        } catch (IOException | BadInputException e) {
            problems.add(file.getFileName() + " was left out: " + describe(e));
            return Optional.empty();
        }
    }

    private static String describe(Exception e) {
        return ReportGameSpool.describe(e);
    }
}
