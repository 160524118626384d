package caissa.arena.contest;

import caissa.arena.contest.ContestDefinition.AdmissionTest;
import caissa.arena.contest.ContestDefinition.BuildLimits;
import caissa.arena.contest.ContestDefinition.Competition;
import caissa.arena.contest.ContestDefinition.CompetitionKind;
import caissa.arena.contest.ContestDefinition.HouseBot;
import caissa.arena.contest.ContestDefinition.Language;
import caissa.arena.contest.ContestDefinition.Publicity;
import caissa.arena.contest.ContestDefinition.Registration;
import caissa.arena.input.BadInputException;
import caissa.arena.input.Limits;
import caissa.arena.input.Names;
import caissa.arena.input.Texts;
import caissa.arena.program.BotCommand;
import caissa.arena.program.CommandCheck;
import caissa.arena.records.AtomicFiles;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.JsonFields;
import caissa.arena.records.JsonLines;
import caissa.arena.rules.Variant;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.tournament.TournamentFile;
import caissa.arena.tournament.TournamentFileException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and checks a contest file (contests/README.md, schema reports/schemas/contest.schema.json)
 * as strictly as a tournament file is read: every mistake is one line
 * {@code FILE:LINE: FIELD: PROBLEM}, for example
 * {@code contests/mine.json:4: registration: must be "open" or "invite", got "closed"}.
 */
public final class ContestFile {

    /** The format this arena reads; a file may say so in its {@code schema} field. */
    public static final String SCHEMA = "caissa-arena/contest/1";

    private static final Set<String> FIELDS = Set.of(
            "schema",
            "name",
            "title",
            "variant",
            "registration",
            "languages",
            "maxUploadBytes",
            "maxFiles",
            "maxUnpackedBytes",
            "build",
            "houseBots",
            "admission",
            "slots",
            "public",
            "competitions");
    private static final Set<String> LANGUAGE_FIELDS = Set.of("name", "extensions", "main", "build", "run");
    private static final Set<String> BUILD_FIELDS = Set.of("time", "memory");
    private static final Set<String> HOUSE_BOT_FIELDS = Set.of("name", "command");
    private static final Set<String> ADMISSION_FIELDS = Set.of("opponents", "gamesPerColour", "timePerGame");
    private static final Set<String> PUBLIC_FIELDS = Set.of("standings", "replays");
    private static final Set<String> COMPETITION_FIELDS =
            Set.of("name", "kind", "every", "deadline", "tournament", "runner");
    private static final Set<String> RUNNER_FIELDS = Set.of("kind", "shards", "caissa", "sbatch");
    private static final int MAX_SHARDS = 1000;
    /** A competition's tournament: a tournament file's fields but the two the server fills in. */
    private static final Set<String> TOURNAMENT_FIELDS = TournamentFile.SETTINGS;

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^}]*)\\}");
    private static final Set<String> PLACEHOLDERS = Set.of("sources", "main");
    private static final String SIMPLE_NAME = "[A-Za-z0-9][A-Za-z0-9._-]*";
    static final long MAX_UPLOAD_BYTES = 256L << 20;
    static final long MAX_UNPACKED_BYTES = 1L << 30;
    static final int MAX_FILES = 10_000;
    static final int MAX_SLOTS = 256;

    private final Path file;
    private final JsonFields<ContestFileException> fields;

    private ContestFile(Path file, String text) {
        this.file = file;
        this.fields = new JsonFields<>(file, text, ContestFileException::new);
    }

    /**
     * @throws ContestFileException for anything that would stop the contest from being served as written
     */
    public static ContestDefinition read(Path file) {
        String text;
        try {
            text = InputFiles.readString(file, InputFiles.TOURNAMENT_FILE_CAP);
        } catch (BadInputException e) {
            throw new ContestFileException(e.getMessage());
        } catch (NoSuchFileException e) {
            throw new ContestFileException(file + ": no such file");
        } catch (IOException e) {
            throw new ContestFileException(file + ": cannot read: " + e.getMessage());
        }
        return new ContestFile(file, text).definition(root(file, text));
    }

    /**
     * Writes the contest file as read into the data folder ({@link ContestLayout#contestFile}),
     * with the house bots' commands as resolved from the file's own folder, so that the copy
     * reads the same from the data folder.
     */
    public static void writeCopy(Path file, ContestDefinition definition, Path target) throws IOException {
        ObjectNode root =
                (ObjectNode) Json.mapper().readTree(InputFiles.readString(file, InputFiles.TOURNAMENT_FILE_CAP));
        if (root.has("houseBots")) {
            var bots = root.putArray("houseBots");
            for (HouseBot bot : definition.houseBots()) {
                var command = bots.addObject().put("name", bot.name()).putArray("command");
                bot.command().forEach(command::add);
            }
        }
        AtomicFiles.write(target, Json.write(root));
    }

    private static JsonNode root(Path file, String text) {
        JsonNode root;
        try (JsonParser parser = Json.mapper().createParser(text)) {
            root = Json.mapper()
                    .reader()
                    .without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .readTree(parser);
            if (root != null && parser.nextToken() != null) {
                throw new ContestFileException(
                        file + ":" + parser.currentLocation().getLineNr()
                                + ": not valid JSON: more content after the JSON object; a contest file holds exactly one");
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            String problem = e.getOriginalMessage().split("\n")[0].replaceAll(" \\(start marker at .*", "");
            if (problem.startsWith("Duplicate field")) {
                problem = problem.replace("Duplicate field", "the field") + " is given twice";
            }
            throw new ContestFileException(file + ":" + line + ": not valid JSON: " + problem);
        } catch (IOException e) {
            throw new ContestFileException(file + ": cannot read: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new ContestFileException(file + ":1: the file must hold one JSON object");
        }
        return root;
    }

    private ContestDefinition definition(JsonNode root) {
        unknownFields(root, "", FIELDS);
        if (root.has("schema")
                && !(root.get("schema").isTextual()
                        && root.get("schema").asText().equals(SCHEMA))) {
            throw error("/schema", "schema", "this arena reads \"" + SCHEMA + "\", got " + root.get("schema"));
        }
        String name = text(root, "", "name", null);
        if (!name.matches(SIMPLE_NAME) || name.length() > Limits.MAX_NAME_LENGTH) {
            throw error(
                    "/name",
                    "name",
                    "must be letters, digits, '.', '_' or '-' (it names the data folder), at most "
                            + Limits.MAX_NAME_LENGTH + " characters, got " + Json.writeCompact(name));
        }
        String title = root.hasNonNull("title") ? text(root, "", "title", null) : name;
        Optional<String> control = Texts.control(title);
        if (control.isPresent()) {
            throw error("/title", "title", "holds the control character " + control.get());
        }
        Variant variant = variant(root);
        Registration registration = registration(root);
        List<Language> languages = languages(root);
        long maxUpload = bytes(root, "", "maxUploadBytes", 1L << 20, 1, MAX_UPLOAD_BYTES);
        int maxFiles = (int) whole(root, "", "maxFiles", 200, 1, MAX_FILES);
        long maxUnpacked = bytes(root, "", "maxUnpackedBytes", 8L << 20, 1, MAX_UNPACKED_BYTES);
        BuildLimits build = buildLimits(root);
        List<HouseBot> houseBots = houseBots(root);
        AdmissionTest admission = admission(root, houseBots);
        int slots = (int) whole(root, "", "slots", defaultSlots(), 1, MAX_SLOTS);
        Publicity publicity = publicity(root);
        List<Competition> competitions = competitions(root, houseBots);
        return new ContestDefinition(
                name,
                title,
                variant,
                registration,
                languages,
                maxUpload,
                maxFiles,
                maxUnpacked,
                build,
                houseBots,
                admission,
                slots,
                publicity,
                competitions);
    }

    /** One slot for every two cores, at least one: a game's two bots each have a core. */
    public static int defaultSlots() {
        return Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    }

    private Variant variant(JsonNode root) {
        JsonNode value = root.get("variant");
        if (value == null || value.isNull()) {
            return Variant.CAISSA;
        }
        return (value.isTextual() ? Variant.fromId(value.asText()) : Optional.<Variant>empty())
                .orElseThrow(() -> error("/variant", "variant", "must be one of " + Variant.ids() + ", got " + value));
    }

    private Registration registration(JsonNode root) {
        JsonNode value = root.get("registration");
        if (value == null || value.isNull()) {
            return Registration.INVITE;
        }
        for (Registration r : Registration.values()) {
            if (value.isTextual() && value.asText().equals(r.word())) {
                return r;
            }
        }
        throw error("/registration", "registration", "must be \"open\" or \"invite\", got " + value);
    }

    private List<Language> languages(JsonNode root) {
        JsonNode node = root.get("languages");
        if (node == null || !node.isArray() || node.isEmpty()) {
            throw error(
                    "/languages",
                    "languages",
                    "required: an array of languages, each {\"name\": ..., \"extensions\": [...],"
                            + " \"build\": [...], \"run\": [...]}");
        }
        List<Language> languages = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < node.size(); i++) {
            String pointer = "/languages/" + i;
            String field = "languages[" + i + "]";
            JsonNode language = node.get(i);
            if (!language.isObject()) {
                throw error(
                        pointer, field, "each language must be an object {\"name\": ..., \"extensions\": [...], ...}");
            }
            unknownFields(language, pointer, LANGUAGE_FIELDS);
            String name = text(language, pointer, "name", field);
            Optional<String> badName = Names.problem(name);
            if (badName.isPresent()) {
                throw error(pointer + "/name", field + ".name", badName.get());
            }
            if (!names.add(name.toLowerCase(Locale.ROOT))) {
                throw error(pointer + "/name", field + ".name", "the language '" + name + "' is given twice");
            }
            List<String> extensions = strings(language, pointer, "extensions", field, false);
            for (int e = 0; e < extensions.size(); e++) {
                if (!extensions.get(e).matches("[a-z0-9]+")) {
                    throw error(
                            pointer + "/extensions/" + e,
                            field + ".extensions[" + e + "]",
                            "must be lower-case letters and digits without the dot, like \"c\" or \"py\", got "
                                    + Json.writeCompact(extensions.get(e)));
                }
            }
            Optional<String> main = language.hasNonNull("main")
                    ? Optional.of(text(language, pointer, "main", field))
                    : Optional.empty();
            if (main.isPresent() && (main.get().contains("/") || main.get().startsWith("."))) {
                throw error(
                        pointer + "/main",
                        field + ".main",
                        "must be a file name without a folder, got " + Json.writeCompact(main.get()));
            }
            List<String> buildCommand = strings(language, pointer, "build", field, true);
            List<String> run = strings(language, pointer, "run", field, false);
            placeholders(buildCommand, pointer + "/build", field + ".build");
            placeholders(run, pointer + "/run", field + ".run");
            languages.add(new Language(name, extensions, main, buildCommand, run));
        }
        return languages;
    }

    private void placeholders(List<String> words, String pointer, String field) {
        for (int i = 0; i < words.size(); i++) {
            Matcher m = PLACEHOLDER.matcher(words.get(i));
            while (m.find()) {
                if (!PLACEHOLDERS.contains(m.group(1))) {
                    throw error(
                            pointer + "/" + i,
                            field + "[" + i + "]",
                            "unknown placeholder {" + m.group(1) + "} (known: {main}, {sources})");
                }
            }
        }
    }

    private BuildLimits buildLimits(JsonNode root) {
        JsonNode node = root.get("build");
        if (node == null || node.isNull()) {
            return new BuildLimits(Duration.ofSeconds(60), 1L << 30);
        }
        if (!node.isObject()) {
            throw error("/build", "build", "must be an object {\"time\": \"60s\", \"memory\": \"1G\"}, got " + node);
        }
        unknownFields(node, "/build", BUILD_FIELDS);
        Duration time = duration(node, "/build", "time", "build", Duration.ofSeconds(60));
        long memory = 1L << 30;
        if (node.hasNonNull("memory")) {
            JsonNode value = node.get("memory");
            try {
                memory = value.isTextual() ? ResourceLimits.parseBytes(value.asText()) : -1;
            } catch (IllegalArgumentException e) {
                memory = -1;
            }
            if (memory < (16L << 20)) {
                throw error(
                        "/build/memory",
                        "build.memory",
                        "must be an amount of memory of at least 16M, like \"1G\" or" + " \"512M\", got " + value);
            }
        }
        return new BuildLimits(time, memory);
    }

    private List<HouseBot> houseBots(JsonNode root) {
        JsonNode node = root.get("houseBots");
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw error(
                    "/houseBots", "houseBots", "must be an array of bots, each {\"name\": ..., \"command\": [...]}");
        }
        List<HouseBot> bots = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Path folder = file.toAbsolutePath().getParent();
        for (int i = 0; i < node.size(); i++) {
            String pointer = "/houseBots/" + i;
            String field = "houseBots[" + i + "]";
            JsonNode bot = node.get(i);
            if (!bot.isObject()) {
                throw error(pointer, field, "each house bot must be an object {\"name\": ..., \"command\": [...]}");
            }
            unknownFields(bot, pointer, HOUSE_BOT_FIELDS);
            String name = text(bot, pointer, "name", field);
            Optional<String> badName = Names.problem(name);
            if (badName.isPresent()) {
                throw error(pointer + "/name", field + ".name", badName.get());
            }
            if (!names.add(name)) {
                throw error(pointer + "/name", field + ".name", "duplicate house bot name '" + name + "'");
            }
            List<String> command = new ArrayList<>(strings(bot, pointer, "command", field, false));
            Optional<String> badText = CommandCheck.textProblem(command);
            if (badText.isPresent()) {
                throw error(pointer + "/command", field + ".command", badText.get());
            }
            // As in a tournament file: a program given by a relative path is the contest file's folder's.
            String program = command.get(0);
            if (program.contains("/") && !Path.of(program).isAbsolute()) {
                command.set(0, folder.resolve(program).normalize().toString());
            }
            Optional<String> problem = CommandCheck.problem(new BotCommand(command, Optional.of(folder), Map.of()));
            if (problem.isPresent()) {
                throw error(pointer + "/command", field + ".command", problem.get());
            }
            bots.add(new HouseBot(name, command));
        }
        return bots;
    }

    private AdmissionTest admission(JsonNode root, List<HouseBot> houseBots) {
        JsonNode node = root.get("admission");
        if (node == null || node.isNull()) {
            if (houseBots.isEmpty()) {
                throw error(
                        "/admission",
                        "admission",
                        "required when there are no house bots: {\"opponents\": [...],"
                                + " \"gamesPerColour\": 1, \"timePerGame\": \"10s\"}");
            }
            return new AdmissionTest(List.of(houseBots.get(0).name()), 1, Duration.ofSeconds(10));
        }
        if (!node.isObject()) {
            throw error(
                    "/admission",
                    "admission",
                    "must be an object {\"opponents\": [...], \"gamesPerColour\": 1,"
                            + " \"timePerGame\": \"10s\"}, got " + node);
        }
        unknownFields(node, "/admission", ADMISSION_FIELDS);
        List<String> opponents = strings(node, "/admission", "opponents", "admission", false);
        for (int i = 0; i < opponents.size(); i++) {
            String opponent = opponents.get(i);
            if (houseBots.stream().noneMatch(b -> b.name().equals(opponent))) {
                throw error(
                        "/admission/opponents/" + i,
                        "admission.opponents[" + i + "]",
                        "'" + opponent
                                + "' is not a house bot (house bots: "
                                + String.join(
                                        ", ",
                                        houseBots.stream().map(HouseBot::name).toList()) + ")");
            }
        }
        int games = (int) whole(node, "/admission", "gamesPerColour", 1, 1, 100);
        Duration time = duration(node, "/admission", "timePerGame", "admission", Duration.ofSeconds(10));
        return new AdmissionTest(opponents, games, time);
    }

    private Publicity publicity(JsonNode root) {
        JsonNode node = root.get("public");
        if (node == null || node.isNull()) {
            return new Publicity(true, true);
        }
        if (!node.isObject()) {
            throw error("/public", "public", "must be an object {\"standings\": true, \"replays\": true}, got " + node);
        }
        unknownFields(node, "/public", PUBLIC_FIELDS);
        return new Publicity(bool(node, "/public", "standings", "public"), bool(node, "/public", "replays", "public"));
    }

    private List<Competition> competitions(JsonNode root, List<HouseBot> houseBots) {
        JsonNode node = root.get("competitions");
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw error(
                    "/competitions",
                    "competitions",
                    "must be an array of competitions, each {\"name\": ..., \"kind\":"
                            + " \"test\" or \"final\", \"tournament\": {...}}");
        }
        List<Competition> competitions = new ArrayList<>();
        Set<String> names = new HashSet<>();
        boolean hasFinal = false;
        for (int i = 0; i < node.size(); i++) {
            String pointer = "/competitions/" + i;
            String field = "competitions[" + i + "]";
            JsonNode competition = node.get(i);
            if (!competition.isObject()) {
                throw error(
                        pointer,
                        field,
                        "each competition must be an object {\"name\": ..., \"kind\": ..., \"tournament\":"
                                + " {...}}");
            }
            unknownFields(competition, pointer, COMPETITION_FIELDS);
            String name = text(competition, pointer, "name", field);
            if (!name.matches(SIMPLE_NAME) || name.length() > Limits.MAX_NAME_LENGTH) {
                throw error(
                        pointer + "/name",
                        field + ".name",
                        "must be letters, digits, '.', '_' or '-' (it names a" + " folder), at most "
                                + Limits.MAX_NAME_LENGTH + " characters, got " + Json.writeCompact(name));
            }
            if (!names.add(name)) {
                throw error(pointer + "/name", field + ".name", "duplicate competition name '" + name + "'");
            }
            String kindWord = text(competition, pointer, "kind", field);
            CompetitionKind kind = switch (kindWord) {
                case "test" -> CompetitionKind.TEST;
                case "final" -> CompetitionKind.FINAL;
                default ->
                    throw error(
                            pointer + "/kind",
                            field + ".kind",
                            "must be \"test\" or \"final\", got " + Json.writeCompact(kindWord));
            };
            Optional<Duration> every = Optional.empty();
            Optional<Instant> deadline = Optional.empty();
            if (kind == CompetitionKind.TEST) {
                onlyFor(competition, pointer, field, "deadline", "final");
                if (competition.hasNonNull("every")) {
                    every = Optional.of(duration(competition, pointer, "every", field, null));
                }
            } else {
                onlyFor(competition, pointer, field, "every", "test");
                if (hasFinal) {
                    throw error(pointer + "/kind", field + ".kind", "a contest has one final");
                }
                hasFinal = true;
                String text = text(competition, pointer, "deadline", field);
                try {
                    deadline = Optional.of(Instant.parse(text));
                } catch (DateTimeParseException e) {
                    throw error(
                            pointer + "/deadline",
                            field + ".deadline",
                            "must be a UTC time like" + " \"2027-01-10T12:00:00Z\", got " + Json.writeCompact(text));
                }
            }
            JsonNode tournament = competition.get("tournament");
            if (tournament == null || !tournament.isObject()) {
                throw error(
                        pointer + "/tournament",
                        field + ".tournament",
                        "required: an object with a tournament"
                                + " file's fields but name and bots, like {\"format\": \"round-robin\", \"gamesPerPair\": 2}");
            }
            unknownFields(tournament, pointer + "/tournament", TOURNAMENT_FIELDS);
            checkTournament(tournament, pointer + "/tournament", field + ".tournament", houseBots);
            Optional<SlurmRunner> slurm = runner(competition, pointer, field);
            competitions.add(new Competition(name, kind, every, deadline, tournament, slurm));
        }
        return competitions;
    }

    /**
     * The competition's tournament is checked now, as the tournament file it will be, so that a
     * mistake stops the server at its start instead of the final at its deadline: it is written
     * with two stand-in bots and read by {@link TournamentFile}, and a problem is reported at the
     * competition's line.
     */
    private void checkTournament(JsonNode tournament, String pointer, String field, List<HouseBot> houseBots) {
        ObjectNode whole = Json.mapper().createObjectNode();
        whole.put("name", "check");
        var bots = whole.putArray("bots");
        // Stand-in bots whose program is always there (this Java): the check is of the tournament's
        // fields, and must not need the sample bots built.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (String name : List.of("a", "b", "c", "d", "e", "f", "g", "h")) {
            bots.addObject().put("name", name).putArray("command").add(java);
        }
        whole.setAll((ObjectNode) tournament.deepCopy());
        whole.remove("engines");
        Path temp = null;
        try {
            temp = Files.createTempFile("caissa-contest-", ".json");
            Files.writeString(temp, Json.write(whole));
            TournamentFile.read(temp);
        } catch (TournamentFileException e) {
            String message = e.getMessage();
            String prefix = temp + ":";
            if (message.startsWith(prefix)) {
                // FILE:LINE: FIELD: problem, with the stand-in file's line replaced by the competition's.
                String rest = message.substring(prefix.length());
                rest = rest.substring(rest.indexOf(':') + 1).strip();
                throw fields.at(pointer, field + "." + rest);
            }
            throw error(pointer, field, message);
        } catch (IOException e) {
            throw new ContestFileException(file + ": cannot check " + field + ": " + e.getMessage());
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    // A stand-in file left in the temporary folder harms nothing.
                }
            }
        }
    }

    /**
     * Where the competition is played: here ({@code {"kind": "local"}}, the default) or on SLURM
     * ({@code {"kind": "slurm", "shards": 4, "caissa": [...], "sbatch": [...]}}). Read now, as
     * every other field, so that a mistake stops the server at its start, at the entry's line,
     * rather than the competition when it is due.
     */
    private Optional<SlurmRunner> runner(JsonNode competition, String pointer, String field) {
        JsonNode node = competition.get("runner");
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        String at = pointer + "/runner";
        String named = field + ".runner";
        if (!node.isObject()) {
            throw error(
                    at,
                    named,
                    "must be an object {\"kind\": \"local\"} or {\"kind\": \"slurm\", \"shards\": 4,"
                            + " \"caissa\": [...]}, got " + node);
        }
        unknownFields(node, at, RUNNER_FIELDS);
        String kind = text(node, at, "kind", named);
        if (kind.equals("local")) {
            for (String slurmOnly : List.of("shards", "caissa", "sbatch")) {
                if (node.has(slurmOnly)) {
                    throw error(at + "/" + slurmOnly, named + "." + slurmOnly, "only for the \"slurm\" runner");
                }
            }
            return Optional.empty();
        }
        if (!kind.equals("slurm")) {
            throw error(
                    at + "/kind", named + ".kind", "must be \"local\" or \"slurm\", got " + Json.writeCompact(kind));
        }
        if (!node.hasNonNull("shards")) {
            throw error(at, named + ".shards", "required for the \"slurm\" runner: the array's tasks a batch, like 4");
        }
        int shards = (int) whole(node, at, "shards", 1, 1, MAX_SHARDS);
        List<String> caissa = node.has("caissa") ? strings(node, at, "caissa", named, false) : List.of("caissa");
        List<String> sbatch = node.has("sbatch") ? strings(node, at, "sbatch", named, true) : List.of();
        return Optional.of(new SlurmRunner(shards, caissa, sbatch));
    }

    private void onlyFor(JsonNode node, String pointer, String field, String name, String kind) {
        if (node.has(name)) {
            throw error(pointer + "/" + name, field + "." + name, "only for a \"" + kind + "\" competition");
        }
    }

    private void unknownFields(JsonNode node, String pointer, Set<String> known) {
        fields.unknownFields(node, pointer, known);
    }

    private String text(JsonNode node, String pointer, String name, String prefix) {
        return fields.requiredText(node, pointer, prefix == null ? name : prefix + "." + name, name);
    }

    private List<String> strings(JsonNode node, String pointer, String name, String prefix, boolean mayBeEmpty) {
        JsonNode value = node.get(name);
        String field = prefix + "." + name;
        if (value == null || !value.isArray() || (!mayBeEmpty && value.isEmpty())) {
            throw error(
                    pointer + "/" + name,
                    field,
                    "required: " + (mayBeEmpty ? "an" : "a non-empty") + " array of strings");
        }
        List<String> words = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            JsonNode word = value.get(i);
            if (!word.isTextual() || word.asText().isEmpty() || word.asText().indexOf('\0') >= 0) {
                throw error(
                        pointer + "/" + name + "/" + i,
                        field + "[" + i + "]",
                        "must be a non-empty string without" + " NUL, got " + word);
            }
            words.add(word.asText());
        }
        return words;
    }

    private long whole(JsonNode node, String pointer, String name, long defaultValue, long min, long max) {
        String field = pointer.isEmpty() ? name : JsonLines.dotted(pointer) + "." + name;
        return fields.whole(node, pointer, field, name, defaultValue, min, max);
    }

    private long bytes(JsonNode node, String pointer, String name, long defaultValue, long min, long max) {
        return whole(node, pointer, name, defaultValue, min, max);
    }

    private boolean bool(JsonNode node, String pointer, String name, String prefix) {
        return fields.bool(node, pointer, prefix + "." + name, name, true);
    }

    /** A positive duration, or {@code defaultValue} when absent; required when that is null. */
    private Duration duration(JsonNode node, String pointer, String name, String prefix, Duration defaultValue) {
        String field = prefix + "." + name;
        Optional<Duration> duration = fields.duration(node, pointer, field, name);
        if (duration.isEmpty()) {
            if (defaultValue == null) {
                throw error(pointer, field, "required");
            }
            return defaultValue;
        }
        if (duration.get().isZero()) {
            throw error(pointer + "/" + name, field, "must be positive, got " + node.get(name));
        }
        return duration.get();
    }

    private ContestFileException error(String pointer, String field, String problem) {
        return fields.error(pointer, field, problem);
    }
}
