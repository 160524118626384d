package caissa.arena.report;

import caissa.arena.game.GameRecord;
import caissa.arena.input.BadInputException;
import caissa.arena.records.GameFiles;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.MatchLayout;
import caissa.arena.records.TournamentLayout;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a tournament output folder holds at the moment it is read: {@code tournament.json},
 * {@code standings.json} and the game logs under {@code games/}. A running tournament has only
 * some of them, so each part may be absent; a file that cannot be read is left out and named in
 * {@link #problems()} instead of failing the whole report.
 *
 * @param tournament {@code tournament.json} (schema caissa-arena/tournament/2), as written
 * @param standings {@code standings.json} (schema caissa-arena/standings/2), as written
 * @param games the readable games, by number
 * @param problems one sentence per file that was left out, naming it
 */
public record TournamentFolder(Path dir, Optional<JsonNode> tournament, Optional<JsonNode> standings,
        Optional<JsonNode> match, List<ReportGame> games, List<String> problems) {

    private static final int MAX_PROBLEM_LENGTH = 300;

    public TournamentFolder {
        games = List.copyOf(games);
        problems = List.copyOf(problems);
    }

    /**
     * Reads the folder.
     *
     * @throws IllegalArgumentException when the folder does not exist or is not a tournament's
     *     output (neither tournament.json nor games/), with a sentence naming it
     * @throws IOException when the folder cannot be listed
     */
    public static TournamentFolder read(Path dir) throws IOException {
        return read(dir, Map.of());
    }

    /**
     * Reads the folder, taking the games in {@code known} (by file name, {@code games/NNNN.json})
     * as they are instead of reading their logs again: a run's live report knows the games it
     * recorded, and reading every log at every rewrite grew with the run.
     */
    public static TournamentFolder read(Path dir, Map<String, ReportGame> known) throws IOException {
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
        Optional<JsonNode> tournament = readObject(tournamentFile, problems);
        Optional<JsonNode> standings = readObject(dir.resolve(TournamentLayout.STANDINGS_FILE), problems);
        // summary.json is a match's when it says so (caissa match, or caissa merge of match shards).
        Optional<JsonNode> match = readObject(matchFile, problems)
                .filter(node -> "caissa-arena/match/1".equals(node.path("schema").asText()));
        List<ReportGame> games = Files.isDirectory(gamesDir) ? readGames(gamesDir, problems, known) : List.of();
        return new TournamentFolder(dir, tournament, standings, match, games, problems);
    }

    /** The name to show: the tournament's, else the one in the game logs, else the folder's. */
    public String title() {
        Optional<String> matchTitle = match.map(m -> m.path("engine").path("name").asText("") + " vs "
                + m.path("baseline").path("name").asText("")).filter(t -> !t.equals(" vs "));
        if (matchTitle.isPresent()) {
            return matchTitle.get();
        }
        return tournament.map(t -> t.path("definition").path("name").asText(""))
                .filter(name -> !name.isBlank())
                .or(() -> standings.map(s -> s.path("tournament").asText("")).filter(name -> !name.isBlank()))
                .orElseGet(() -> {
                    Path name = dir.toAbsolutePath().normalize().getFileName();
                    return name == null ? dir.toString() : name.toString();
                });
    }

    /** A JSON object file, or empty when it is not there yet; one that cannot be read is a problem. */
    private static Optional<JsonNode> readObject(Path file, List<String> problems) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode node = Json.mapper().readTree(InputFiles.read(file, InputFiles.RECORD_CAP));
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

    private static List<ReportGame> readGames(Path gamesDir, List<String> problems, Map<String, ReportGame> known)
            throws IOException {
        List<Path> files = new ArrayList<>();
        // Hidden files are the runner's temporary files, about to be renamed into place.
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(gamesDir,
                p -> p.getFileName().toString().endsWith(".json") && !p.getFileName().toString().startsWith("."))) {
            stream.forEach(files::add);
        }
        files.sort(Comparator.comparing(p -> p.getFileName().toString()));
        List<ReportGame> games = new ArrayList<>();
        Map<Integer, String> fileOfNumber = new HashMap<>();
        for (int i = 0; i < files.size(); i++) {
            Path file = files.get(i);
            String name = GameFiles.DIR + "/" + file.getFileName();
            ReportGame game = known.get(name);
            if (game != null) {
                String earlier = fileOfNumber.putIfAbsent(game.number(), name);
                if (earlier == null) {
                    games.add(game);
                } else {
                    problems.add(name + " was left out: it has the same game number, " + game.number() + ", as " + earlier);
                }
                continue;
            }
            try {
                GameRecord record = Json.mapper().readValue(InputFiles.read(file, InputFiles.GAME_LOG_CAP), GameRecord.class);
                if (!GameRecord.SCHEMA.equals(record.schema()) && !GameRecord.SCHEMA_2.equals(record.schema())
                        && !GameRecord.SCHEMA_1.equals(record.schema())) {
                    throw new IllegalArgumentException("its schema is " + record.schema() + ", not " + GameRecord.SCHEMA
                            + ", " + GameRecord.SCHEMA_2 + " or " + GameRecord.SCHEMA_1);
                }
                int number = record.tournament() != null ? record.tournament().game() : fileNumber(file).orElse(i + 1);
                String earlier = fileOfNumber.putIfAbsent(number, name);
                if (earlier != null) {
                    throw new IllegalArgumentException("it has the same game number, " + number + ", as " + earlier);
                }
                games.add(ReportGame.of(number, name, record));
            } catch (IOException | RuntimeException e) {
                // Whatever is wrong with one log (a field missing, a move that does not replay),
                // the rest of the tournament is still worth a report.
                problems.add(name + " was left out: " + describe(e));
            }
        }
        games.sort(Comparator.comparingInt(ReportGame::number));
        return games;
    }

    private static Optional<Integer> fileNumber(Path file) {
        OptionalInt number = GameFiles.number(file.getFileName().toString());
        return number.isPresent() ? Optional.of(number.getAsInt()) : Optional.empty();
    }

    /** One short line: Jackson's messages carry a source excerpt over several lines. */
    private static String describe(Exception e) {
        String message = e instanceof JsonProcessingException json
                ? json.getOriginalMessage() + (json.getLocation() == null ? ""
                        : " (line " + json.getLocation().getLineNr() + ", column " + json.getLocation().getColumnNr() + ")")
                : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        String line = message.lines().findFirst().orElse("").strip();
        return line.length() > MAX_PROBLEM_LENGTH ? line.substring(0, MAX_PROBLEM_LENGTH) + "…" : line;
    }
}
