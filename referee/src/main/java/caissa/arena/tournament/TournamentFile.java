package caissa.arena.tournament;

import caissa.arena.game.ClockKind;
import caissa.arena.game.Durations;
import caissa.arena.game.TimeControl;
import caissa.arena.input.BadInputException;
import caissa.arena.input.Limits;
import caissa.arena.input.Names;
import caissa.arena.input.Texts;
import caissa.arena.openings.BookOpenings;
import caissa.arena.openings.BookOrder;
import caissa.arena.openings.OpeningBook;
import caissa.arena.program.BotCommand;
import caissa.arena.program.CommandCheck;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.JsonFields;
import caissa.arena.rules.Variant;
import caissa.arena.runner.BrokenBots;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.sandbox.SandboxMode;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads and checks a tournament file before any game starts. Every mistake is reported as one
 * line {@code FILE:LINE: FIELD: PROBLEM}, for example
 * {@code tournaments/mine.json:5: gamesPerPair: must be even (each opening is played once with each colour), got 3}.
 *
 * <p>A bot runs in its {@code workingDir}, by default the tournament file's folder, and relative
 * paths in its command (the program and the arguments alike) are taken from there, so that a
 * tournament runs the same from any directory.
 */
public final class TournamentFile {

    /**
     * The fields that set how a tournament is played, every field but its name and its bots: a
     * contest's competitions take these (ContestFile), the server filling in the other two.
     */
    public static final Set<String> SETTINGS = Set.of(
            "gamesPerPair",
            "timePerGame",
            "timePerMove",
            "increment",
            "firstMoveAllowance",
            "timeMargin",
            "clock",
            "suspendIdle",
            "openingPlies",
            "seed",
            "concurrency",
            "format",
            "engines",
            "rounds",
            "final",
            "variant",
            "sandbox",
            "limits",
            "broken",
            "openings");

    private static final Set<String> FIELDS =
            Stream.concat(Stream.of("name", "bots"), SETTINGS.stream()).collect(Collectors.toUnmodifiableSet());
    private static final Set<String> OPENINGS_FIELDS = Set.of("file", "order", "seed");
    private static final Set<String> FINAL_FIELDS = Set.of("top", "gamesPerPair");
    private static final Set<String> BOT_FIELDS = Set.of("name", "command", "workingDir", "env", "limits");
    private static final Set<String> LIMIT_FIELDS = Set.of("memory", "processes", "openFiles", "fileSize", "scratch");
    static final int MAX_OPENING_PLIES = 40;

    private final Path file;
    private final Path folder;
    private final JsonFields<TournamentFileException> fields;
    /** With {@link #readForRun}: the bots whose command cannot be started, by name, each with its problem line. */
    private final Map<String, String> unstartable = new LinkedHashMap<>();

    private final boolean collectUnstartable;

    private TournamentFile(Path file, String text, boolean collectUnstartable) {
        this.file = file;
        this.folder = file.toAbsolutePath().getParent();
        this.fields = new JsonFields<>(file, text, TournamentFileException::new);
        this.collectUnstartable = collectUnstartable;
    }

    /**
     * A tournament file as a run reads it: its definition, its {@code broken} field, and the bots
     * whose command cannot be started (a missing or non-executable program), kept in the
     * definition so that the run decides what to do with them.
     *
     * @param unstartable by bot name, the problem as {@code FILE:LINE: bots[i].command: PROBLEM}
     */
    public record ForRun(
            TournamentDefinition definition, Optional<BrokenBots> broken, Map<String, String> unstartable) {
        public ForRun {
            unstartable = Collections.unmodifiableMap(new LinkedHashMap<>(unstartable));
        }
    }

    /**
     * As {@link #read}, but a bot whose command cannot be started is not an error: it is named in
     * {@link ForRun#unstartable()}.
     *
     * @throws TournamentFileException for anything else that would stop the tournament from running as written
     */
    public static ForRun readForRun(Path file) {
        String text = text(file);
        TournamentFile reader = new TournamentFile(file, text, true);
        JsonNode root = root(file, text);
        TournamentDefinition definition = reader.definition(root);
        return new ForRun(definition, reader.broken(root), reader.unstartable);
    }

    private Optional<BrokenBots> broken(JsonNode root) {
        if (!root.hasNonNull("broken")) {
            return Optional.empty();
        }
        JsonNode value = root.get("broken");
        Optional<BrokenBots> broken = value.isTextual() ? BrokenBots.fromWord(value.asText()) : Optional.empty();
        if (broken.isEmpty()) {
            throw error("/broken", "broken", "must be " + String.join(", ", BrokenBots.words()) + ", got " + value);
        }
        return broken;
    }

    /**
     * @throws TournamentFileException for anything that would stop the tournament from running as written
     */
    public static TournamentDefinition read(Path file) {
        String text = text(file);
        TournamentFile reader = new TournamentFile(file, text, false);
        JsonNode root = root(file, text);
        TournamentDefinition definition = reader.definition(root);
        reader.broken(root);
        return definition;
    }

    private static String text(Path file) {
        String text;
        try {
            text = InputFiles.readString(file, InputFiles.TOURNAMENT_FILE_CAP);
        } catch (BadInputException e) {
            throw new TournamentFileException(e.getMessage());
        } catch (NoSuchFileException e) {
            throw new TournamentFileException(file + ": no such file");
        } catch (IOException e) {
            throw new TournamentFileException(file + ": cannot read: " + e.getMessage());
        }
        return text;
    }

    private static JsonNode root(Path file, String text) {
        JsonNode root;
        try (JsonParser parser = Json.mapper().createParser(text)) {
            // Trailing content is checked below, to say so instead of naming the garbage's first token.
            root = Json.mapper()
                    .reader()
                    .without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .readTree(parser);
            if (root != null && hasMoreContent(parser)) {
                throw new TournamentFileException(
                        file + ":" + parser.currentLocation().getLineNr()
                                + ": not valid JSON: more content after the JSON object; a tournament file holds exactly one");
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            // Jackson's message names its own input source; the file and line say it better.
            String problem = e.getOriginalMessage().split("\n")[0].replaceAll(" \\(start marker at .*", "");
            if (problem.startsWith("Trailing token")) {
                problem = "more content after the JSON object; a tournament file holds exactly one";
            } else if (problem.startsWith("Duplicate field")) {
                problem = problem.replace("Duplicate field", "the field") + " is given twice";
            }
            throw new TournamentFileException(file + ":" + line + ": not valid JSON: " + problem);
        } catch (IOException e) {
            throw new TournamentFileException(file + ": cannot read: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new TournamentFileException(file + ":1: the file must hold one JSON object");
        }
        return root;
    }

    private TournamentDefinition definition(JsonNode root) {
        unknownFields(root, "", FIELDS);
        String name = requiredText(root, "name");
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw error(
                    "/name",
                    "name",
                    "must be letters, digits, '.', '_' or '-' (it names the output folder), got '" + shown(name) + "'");
        }
        if (name.length() > Limits.MAX_NAME_LENGTH) {
            throw error(
                    "/name",
                    "name",
                    "is " + name.length() + " characters long; a name has at most " + Limits.MAX_NAME_LENGTH);
        }
        JsonNode botsNode = root.get("bots");
        if (botsNode == null || !botsNode.isArray()) {
            throw error("/bots", "bots", "required: an array of bots, each {\"name\": ..., \"command\": [...]}");
        }
        if (botsNode.size() < 2) {
            throw error("/bots", "bots", "a tournament needs at least 2 bots, got " + botsNode.size());
        }
        List<BotEntry> bots = new ArrayList<>();
        Set<String> names = new HashSet<>();
        ResourceLimits limits = limits(root.get("limits"), "/limits", "limits", ResourceLimits.DEFAULT);
        Map<String, ResourceLimits> botLimits = new HashMap<>();
        for (int i = 0; i < botsNode.size(); i++) {
            BotEntry bot = bot(botsNode.get(i), "/bots/" + i, "bots[" + i + "]");
            if (!names.add(bot.name())) {
                throw error("/bots/" + i + "/name", "bots[" + i + "].name", "duplicate bot name '" + bot.name() + "'");
            }
            if (botsNode.get(i).has("limits")) {
                botLimits.put(
                        bot.name(),
                        limits(
                                botsNode.get(i).get("limits"),
                                "/bots/" + i + "/limits",
                                "bots[" + i + "].limits",
                                limits));
            }
            bots.add(bot);
        }
        SandboxMode sandbox = SandboxMode.fromEnvironment();
        if (root.hasNonNull("sandbox")) {
            try {
                sandbox = SandboxMode.fromWord(
                        root.get("sandbox").isTextual()
                                ? root.get("sandbox").asText()
                                : root.get("sandbox").toString());
            } catch (IllegalArgumentException e) {
                throw error(
                        "/sandbox",
                        "sandbox",
                        e.getMessage().replace("unknown sandbox", "must be auto, bwrap or none, got"));
            }
        }
        Isolation isolation =
                Isolation.defaults().withSandbox(sandbox).withLimits(limits).withBotLimits(botLimits);
        int gamesPerPair = integer(root, "gamesPerPair", 2, 2, 10_000);
        if (gamesPerPair % 2 != 0) {
            throw error(
                    "/gamesPerPair",
                    "gamesPerPair",
                    "must be even (each opening is played once with each colour), got " + gamesPerPair);
        }
        Duration perGame = duration(root, "timePerGame", "30s");
        Optional<Duration> perMove = fields.duration(root, "", "timePerMove", "timePerMove");
        Duration increment = duration(root, "increment", "0s");
        Duration allowance = duration(root, "firstMoveAllowance", "1s");
        if (perGame.isZero()) {
            throw error(
                    "/timePerGame",
                    "timePerGame",
                    "must be positive, got " + root.get("timePerGame").asText());
        }
        if (perMove.isPresent() && perMove.get().isZero()) {
            throw error(
                    "/timePerMove",
                    "timePerMove",
                    "must be positive or null (no cap), got "
                            + root.get("timePerMove").asText());
        }
        Duration margin = duration(root, "timeMargin", "0s");
        ClockKind clock = clock(root);
        boolean suspendIdle = bool(root, "suspendIdle", true);
        TimeControl timeControl = new TimeControl(perGame, perMove, increment, allowance, margin, clock, suspendIdle);
        int openingPlies = integer(root, "openingPlies", 0, 0, MAX_OPENING_PLIES);
        long seed = root.has("seed") ? fields.whole(root, "", "seed", "seed") : 1;
        Optional<Integer> concurrency = root.hasNonNull("concurrency")
                ? Optional.of(integer(root, "concurrency", 1, 1, Limits.MAX_CONCURRENCY))
                : Optional.empty();
        Format format = format(root, bots);
        Variant variant = variant(root);
        Optional<BookOpenings> book = openings(root, variant, seed);
        if (book.isPresent() && openingPlies > 0) {
            throw error("/openings", "openings", "comes instead of openingPlies: give one of them");
        }
        TournamentDefinition definition = new TournamentDefinition(
                name,
                bots,
                gamesPerPair,
                timeControl,
                openingPlies,
                seed,
                concurrency,
                format,
                variant,
                isolation,
                book);
        // Counted by the scheme without building anything, so that a huge file is refused at once
        // instead of overflowing the count or spending minutes on its schedule.
        long games = definition.scheme().totalGames();
        if (games > Limits.MAX_GAMES) {
            throw error(
                    "/gamesPerPair",
                    "gamesPerPair",
                    bots.size() + " bots playing " + gamesPerPair + " games per pair make " + games
                            + " games; a tournament has at most " + Limits.MAX_GAMES);
        }
        return definition;
    }

    /**
     * The openings from a book: {@code {"file": "...", "order": "sequential" | "random", "seed": N}},
     * the file relative to the tournament file's folder, the order sequential and the seed the
     * tournament's by default. The book is read and every line checked now, before any game.
     */
    private Optional<BookOpenings> openings(JsonNode root, Variant variant, long defaultSeed) {
        JsonNode node = root.get("openings");
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isObject()) {
            throw error(
                    "/openings",
                    "openings",
                    "must be an object {\"file\": \"book.txt\", \"order\": \"sequential\" or"
                            + " \"random\", \"seed\": N}, got " + node);
        }
        unknownFields(node, "/openings", OPENINGS_FIELDS);
        Path book = folder.resolve(requiredText(node, "/openings", "openings", "file"))
                .normalize();
        BookOrder order = BookOrder.SEQUENTIAL;
        if (node.hasNonNull("order")) {
            JsonNode value = node.get("order");
            order = BookOrder.fromWord(value.asText())
                    .filter(o -> value.isTextual())
                    .orElseThrow(() -> error(
                            "/openings/order", "openings.order", "must be " + BookOrder.words() + ", got " + value));
        }
        long seed = defaultSeed;
        if (node.has("seed")) {
            seed = fields.whole(node, "/openings", "openings.seed", "seed");
        }
        try {
            return Optional.of(new BookOpenings(OpeningBook.read(book, variant), order, seed));
        } catch (BadInputException e) {
            throw new TournamentFileException(e.getMessage());
        } catch (IOException e) {
            throw new TournamentFileException(book + ": cannot read the book: " + e.getMessage());
        }
    }

    /** The game played: {@code caissa} (the default) or {@code hexcaissa}. */
    private Variant variant(JsonNode root) {
        JsonNode value = root.get("variant");
        if (value == null || value.isNull()) {
            return Variant.CAISSA;
        }
        if (!value.isTextual()) {
            throw error("/variant", "variant", "must be one of " + Variant.ids() + ", got " + value);
        }
        // The value is quoted as JSON, so that a control character in it cannot garble the message.
        return Variant.fromId(value.asText())
                .orElseThrow(() -> error("/variant", "variant", "must be one of " + Variant.ids() + ", got " + value));
    }

    private Format format(JsonNode root, List<BotEntry> bots) {
        String word = "round-robin";
        if (root.hasNonNull("format")) {
            JsonNode node = root.get("format");
            word = node.isTextual() ? node.asText() : node.toString();
        }
        Format format = switch (word) {
            case "round-robin" -> Format.ROUND_ROBIN;
            case "gauntlet" -> new Format.Gauntlet(engines(root, bots));
            case "swiss" -> swiss(root, bots);
            default ->
                throw error(
                        "/format",
                        "format",
                        "must be \"round-robin\", \"gauntlet\" or \"swiss\", got " + root.get("format"));
        };
        onlyFor(root, format, "engines", "gauntlet");
        onlyFor(root, format, "rounds", "swiss");
        onlyFor(root, format, "final", "swiss");
        return format;
    }

    private void onlyFor(JsonNode root, Format format, String field, String formatWord) {
        if (root.has(field) && !format.word().equals(formatWord)) {
            throw error(
                    "/" + field,
                    field,
                    "only for \"format\": \"" + formatWord + "\" (this tournament is a " + format.word() + ")");
        }
    }

    private List<String> engines(JsonNode root, List<BotEntry> bots) {
        JsonNode node = root.get("engines");
        if (node == null || !node.isArray() || node.isEmpty()) {
            throw error(
                    "/engines",
                    "engines",
                    "required for a gauntlet: the names of the bots that play everyone, like [\"mine\"]");
        }
        Set<String> names = new HashSet<>(bots.stream().map(BotEntry::name).toList());
        List<String> engines = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            JsonNode engine = node.get(i);
            if (!engine.isTextual() || !names.contains(engine.asText())) {
                throw error("/engines/" + i, "engines[" + i + "]", "must name a bot of the tournament, got " + engine);
            }
            if (engines.contains(engine.asText())) {
                throw error("/engines/" + i, "engines[" + i + "]", "'" + engine.asText() + "' is named twice");
            }
            engines.add(engine.asText());
        }
        if (engines.size() == bots.size()) {
            throw error(
                    "/engines",
                    "engines",
                    "every bot is an engine: a gauntlet needs at least one other bot to play against");
        }
        return engines;
    }

    private Format.Swiss swiss(JsonNode root, List<BotEntry> bots) {
        if (!root.hasNonNull("rounds")) {
            throw error("/rounds", "rounds", "required for a Swiss: the number of rounds, like 5");
        }
        int rounds = integer(root, "rounds", 1, 1, 1000);
        Optional<Format.Final> finalStage = Optional.empty();
        if (root.hasNonNull("final")) {
            JsonNode node = root.get("final");
            if (!node.isObject()) {
                throw error("/final", "final", "must be an object {\"top\": K, \"gamesPerPair\": G}, got " + node);
            }
            unknownFields(node, "/final", FINAL_FIELDS);
            if (!node.hasNonNull("top")) {
                throw error("/final", "final.top", "required: how many of the best bots of the Swiss play the final");
            }
            int top = (int) fields.whole(node, "/final", "final.top", "top", 2, 2, bots.size());
            int games = (int) fields.whole(node, "/final", "final.gamesPerPair", "gamesPerPair", 2, 2, 10_000);
            if (games % 2 != 0) {
                throw error(
                        "/final/gamesPerPair",
                        "final.gamesPerPair",
                        "must be even (each opening is played once with each colour), got " + games);
            }
            finalStage = Optional.of(new Format.Final(top, games));
        }
        return new Format.Swiss(rounds, finalStage);
    }

    /**
     * A {@code limits} object: {@code memory}, {@code fileSize} and {@code scratch} as sizes ({@code "512M"},
     * {@code "1G"}), {@code processes} and {@code openFiles} as whole numbers; what it leaves
     * out comes from {@code base} (the defaults, or the file's limits for a bot's own).
     */
    private ResourceLimits limits(JsonNode node, String pointer, String field, ResourceLimits base) {
        if (node == null || node.isNull()) {
            return base;
        }
        if (!node.isObject()) {
            throw error(pointer, field, "must be an object like {\"memory\": \"1G\", \"processes\": 64}");
        }
        unknownFields(node, pointer, LIMIT_FIELDS);
        ResourceLimits limits = base;
        try {
            if (node.has("memory")) {
                limits = limits.withMemory(size(node.get("memory"), pointer + "/memory", field + ".memory"));
            }
            if (node.has("fileSize")) {
                limits = limits.withFileSize(size(node.get("fileSize"), pointer + "/fileSize", field + ".fileSize"));
            }
            if (node.has("scratch")) {
                limits = limits.withScratch(size(node.get("scratch"), pointer + "/scratch", field + ".scratch"));
            }
            if (node.has("processes")) {
                limits = limits.withProcesses(
                        count(node.get("processes"), pointer + "/processes", field + ".processes"));
            }
            if (node.has("openFiles")) {
                limits = limits.withOpenFiles(
                        count(node.get("openFiles"), pointer + "/openFiles", field + ".openFiles"));
            }
        } catch (IllegalArgumentException e) {
            throw error(pointer, field, e.getMessage());
        }
        return limits;
    }

    private long size(JsonNode value, String pointer, String field) {
        if (!value.isTextual() && !value.isIntegralNumber()) {
            throw error(pointer, field, "must be a size like \"512M\" or \"1G\", got " + value);
        }
        try {
            return value.isIntegralNumber() ? value.asLong() : ResourceLimits.parseBytes(value.asText());
        } catch (IllegalArgumentException e) {
            throw error(pointer, field, e.getMessage());
        }
    }

    private int count(JsonNode value, String pointer, String field) {
        if (!value.isIntegralNumber() || value.asLong() < 1 || value.asLong() > 1_000_000) {
            throw error(pointer, field, "must be a whole number from 1 to 1000000, got " + value);
        }
        return value.asInt();
    }

    private BotEntry bot(JsonNode node, String pointer, String field) {
        if (!node.isObject()) {
            throw error(pointer, field, "each bot must be an object {\"name\": ..., \"command\": [...]}");
        }
        unknownFields(node, pointer, BOT_FIELDS);
        String name = requiredText(node, pointer, field, "name");
        Optional<String> badName = Names.problem(name);
        if (badName.isPresent()) {
            throw error(pointer + "/name", field + ".name", badName.get());
        }
        JsonNode commandNode = node.get("command");
        if (commandNode == null || !commandNode.isArray() || commandNode.isEmpty()) {
            throw error(
                    pointer + "/command",
                    field + ".command",
                    "required: the argument list, like [\"./mybot\", \"--fast\"] or [\"sample:random\"]");
        }
        List<String> command = new ArrayList<>();
        for (int i = 0; i < commandNode.size(); i++) {
            JsonNode arg = commandNode.get(i);
            if (!arg.isTextual()) {
                throw error(pointer + "/command/" + i, field + ".command[" + i + "]", "must be a string, got " + arg);
            }
            command.add(arg.asText());
        }
        // Before any argument is taken as a path: a NUL in one would not even make a path.
        Optional<String> badText = CommandCheck.textProblem(command);
        if (badText.isPresent()) {
            throw error(pointer + "/command", field + ".command", badText.get());
        }
        Optional<Path> workingDir = Optional.of(folder.toAbsolutePath().normalize());
        boolean ownFolder = node.hasNonNull("workingDir");
        if (ownFolder) {
            JsonNode dir = node.get("workingDir");
            if (!dir.isTextual() || dir.asText().isEmpty()) {
                throw error(pointer + "/workingDir", field + ".workingDir", "must be a string (a folder)");
            }
            Optional<String> control = Texts.control(dir.asText());
            if (control.isPresent()) {
                throw error(
                        pointer + "/workingDir", field + ".workingDir", "holds the control character " + control.get());
            }
            workingDir =
                    Optional.of(folder.toAbsolutePath().resolve(dir.asText()).normalize());
        }
        Map<String, String> env = new LinkedHashMap<>();
        if (node.hasNonNull("env")) {
            JsonNode envNode = node.get("env");
            if (!envNode.isObject()) {
                throw error(pointer + "/env", field + ".env", "must be an object of names to string values");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = envNode.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                String variable = entry.getKey();
                if (variable.isEmpty() || variable.indexOf('=') >= 0 || variable.indexOf('\0') >= 0) {
                    throw error(
                            pointer + "/env/" + variable,
                            field + ".env",
                            "'" + variable
                                    + "' is not an environment variable name (it must be non-empty, without '=' or NUL)");
                }
                if (!entry.getValue().isTextual() || entry.getValue().asText().indexOf('\0') >= 0) {
                    throw error(
                            pointer + "/env/" + variable,
                            field + ".env." + variable,
                            "must be a string without NUL characters, got " + entry.getValue());
                }
                env.put(entry.getKey(), entry.getValue().asText());
            }
        }
        // The program is found from the folder the bot runs in, like its arguments. In the file's
        // own folder it is written out in full; in a workingDir of its own the process finds it there.
        List<String> resolved = new ArrayList<>(command);
        String program = command.get(0);
        if (program.contains("/") && !Path.of(program).isAbsolute() && !ownFolder) {
            resolved.set(0, workingDir.get().resolve(program).normalize().toString());
        }
        BotEntry entry = new BotEntry(name, resolved, workingDir, env);
        Optional<String> problem = CommandCheck.problem(new BotCommand(resolved, workingDir, env));
        if (problem.isPresent()) {
            TournamentFileException unstartableCommand = error(pointer + "/command", field + ".command", problem.get());
            if (!collectUnstartable) {
                throw unstartableCommand;
            }
            unstartable.put(name, unstartableCommand.getMessage());
        }
        return entry;
    }

    private void unknownFields(JsonNode node, String pointer, Set<String> known) {
        fields.unknownFields(node, pointer, known);
    }

    private String requiredText(JsonNode node, String field) {
        return fields.requiredText(node, "", field, field);
    }

    private String requiredText(JsonNode node, String pointer, String prefix, String field) {
        return fields.requiredText(node, pointer, prefix.isEmpty() ? field : prefix + "." + field, field);
    }

    private int integer(JsonNode root, String field, int defaultValue, int min, int max) {
        return (int) fields.whole(root, "", field, field, defaultValue, min, max);
    }

    private ClockKind clock(JsonNode root) {
        JsonNode value = root.get("clock");
        if (value == null || value.isNull()) {
            return ClockKind.WALL;
        }
        try {
            return ClockKind.fromWord(value.isTextual() ? value.asText() : value.toString());
        } catch (IllegalArgumentException e) {
            throw error("/clock", "clock", "must be \"wall\" or \"cpu\", got " + value);
        }
    }

    private boolean bool(JsonNode root, String field, boolean defaultValue) {
        return fields.bool(root, "", field, field, defaultValue);
    }

    private Duration duration(JsonNode root, String field, String defaultValue) {
        return fields.duration(root, "", field, field).orElseGet(() -> Durations.parse(defaultValue));
    }

    private TournamentFileException error(String pointer, String field, String problem) {
        return fields.error(pointer, field, problem);
    }

    /** Whether anything but white space follows the value: valid JSON followed by garbage is not valid JSON. */
    private static boolean hasMoreContent(JsonParser parser) {
        try {
            return parser.nextToken() != null;
        } catch (IOException e) {
            return true;
        }
    }

    /** Text from the file as it may be shown in one line of a message: control characters named, long text cut. */
    private static String shown(String text) {
        StringBuilder sb = new StringBuilder();
        text.codePoints()
                .limit(80)
                .forEach(cp -> sb.append(
                        Character.isISOControl(cp) || Character.getType(cp) == Character.FORMAT
                                ? "<" + Texts.describe(cp) + ">"
                                : Character.toString(cp)));
        return text.codePointCount(0, text.length()) > 80 ? sb + "…" : sb.toString();
    }
}
