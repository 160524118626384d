package caissa.arena.contest;

import caissa.arena.game.Entrant;
import caissa.arena.game.TimeControl;
import caissa.arena.records.AtomicFiles;
import caissa.arena.records.Json;
import caissa.arena.rules.Variant;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.submission.SourceBuild;
import caissa.arena.submission.SourceBuild.Recipe;
import caissa.arena.submission.ValidationReport;
import caissa.arena.submission.Validator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A submission's admission test, as {@code caissa validate} runs it: the build by the contest's
 * recipe in the sandbox with the build's limits, then the validator's games and checks against
 * the contest's house bots, one game at a time. Everything lands in the submission's folder:
 * {@code build/}, {@code games/} and {@code admission.json} (a {@code caissa-arena/validation/1}
 * report whose paths are relative to the submission's folder, so that nothing of the organiser's
 * machine is shown to a participant).
 */
public final class Admission {

    /** The submission's folder's parts. */
    public static final String UPLOAD = "upload";

    public static final String BUILD = "build";
    public static final String GAMES = "games";
    public static final String REPORT = "admission.json";

    /**
     * The contest's admission test.
     *
     * @param buildTime the longest a build may take
     * @param buildLimits the build's limits (its memory is the contest's {@code build.memory})
     * @param isolation the bots' sandbox and limits in the test games
     */
    public record Test(
            Variant variant,
            List<Entrant> opponents,
            int gamesPerColour,
            TimeControl clock,
            Duration buildTime,
            ResourceLimits buildLimits,
            Isolation isolation) {

        public Test {
            opponents = List.copyOf(opponents);
        }
    }

    /** The outcome: admitted or not, with the verdict's one line (the whole report is in {@code admission.json}). */
    public record Result(boolean admitted, String reason) {}

    /** The states a submission moves through while its admission runs. */
    public static final String BUILDING = "building";

    public static final String TESTING = "testing";

    private Admission() {}

    /**
     * Builds and tests the submission in {@code submissionDir} (its sources in {@code upload/}),
     * telling {@code state} when the build starts and when the games start.
     *
     * @param bot the bot's name in the report and in the games' logs
     */
    public static Result run(Path submissionDir, Recipe language, String bot, Test test, Consumer<String> state)
            throws Exception {
        Path upload = submissionDir.resolve(UPLOAD);
        Path build = submissionDir.resolve(BUILD);
        Path games = submissionDir.resolve(GAMES);
        // A re-run starts afresh: what an earlier run left would mix with this one's.
        UploadedSource.deleteTree(build);
        UploadedSource.deleteTree(games);
        Files.deleteIfExists(submissionDir.resolve(REPORT));
        Files.createDirectories(build);
        // The built bot runs as nobody when the arena is root: the folder must be open to it.
        Files.setPosixFilePermissions(build, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> files = files(upload);
        List<String> sources = files.stream().filter(language::isSource).toList();
        String main = mainFile(language, files, sources);
        state.accept(BUILDING);
        SourceBuild.Outcome outcome = SourceBuild.prepare(
                language,
                upload,
                sources,
                main,
                build,
                test.buildTime(),
                test.isolation().withLimits(test.buildLimits()));
        ValidationReport report;
        if (outcome instanceof SourceBuild.Outcome.Built built) {
            state.accept(TESTING);
            report = Validator.validate(
                    test.variant(),
                    new Entrant(bot, built.command()),
                    test.opponents(),
                    test.gamesPerColour(),
                    test.clock(),
                    1,
                    Optional.of(built),
                    main,
                    games,
                    (done, total, game) -> {},
                    test.isolation());
        } else {
            report = ValidationReport.buildFailed(bot, main, (SourceBuild.Outcome.Failed) outcome);
        }
        String json = Json.write(report).replace(submissionDir.toAbsolutePath().normalize() + "/", "");
        AtomicFiles.write(submissionDir.resolve(REPORT), json);
        return new Result(report.passed(), report.verdict());
    }

    /** The main file: the one source of a single upload, else the language's main, else the first source. */
    static String mainFile(Recipe language, List<String> files, List<String> sources) {
        if (files.size() == 1) {
            return files.get(0);
        }
        return language.main().orElse(sources.isEmpty() ? files.get(0) : sources.get(0));
    }

    private static List<String> files(Path upload) throws IOException {
        try (Stream<Path> walk = Files.walk(upload)) {
            return walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .map(p -> upload.relativize(p).toString())
                    .sorted()
                    .toList();
        }
    }
}
