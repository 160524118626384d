package caissa.arena.docs;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CI guide's GitHub Actions matrix recipe, run as written: the workflow is read from the
 * guide, and each of its {@code run} steps runs with bash, the shard jobs with their matrix
 * variables, then the judge job's steps, in one workspace laid out as the checkouts would lay it
 * out ({@code bot/}, {@code baseline/}, {@code arena/}). The sample C bot stands in for both
 * versions of the user's: an unchanged engine passes every step. Only the match's length is cut,
 * so that the test runs in a minute or two; how often the recipe errs at its full length is
 * {@code CiRecipeTest}'s.
 */
class MatrixRecipeTest {

    private static final Path GUIDE = Path.of("..", "docs", "ci-guide.md");
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** Enough games for a gross regression to be judged, few enough to run in seconds. */
    private static final String GAMES = "32";

    @TempDir
    Path workspace;

    /** The workflow's YAML, the fenced block of the section "A match split over a matrix". */
    static JsonNode workflow() throws IOException {
        String guide = Files.readString(GUIDE);
        int section = guide.indexOf("## A match split over a matrix");
        assertThat(section).as("the matrix recipe in " + GUIDE).isNotNegative();
        int start = guide.indexOf("```yaml\n", section) + "```yaml\n".length();
        return new YAMLMapper().readTree(guide.substring(start, guide.indexOf("```", start)));
    }

    /** The scripts of a job's {@code run} steps, in order. */
    private static List<String> runSteps(JsonNode job) {
        List<String> steps = new ArrayList<>();
        job.get("steps").forEach(step -> {
            if (step.has("run")) {
                steps.add(step.get("run").asText());
            }
        });
        return steps;
    }

    private record StepRun(String script, int exit, String output) {}

    /** Runs one step's script with bash in the workspace, as a runner does. */
    private StepRun step(String script, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("bash", "-e", "-c", script)
                .directory(workspace.toFile())
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().putAll(env);
        Process process = builder.start();
        byte[] output = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(10, TimeUnit.MINUTES)).as(script).isTrue();
        return new StepRun(script, process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }

    /** The three checkouts: the bot's new and previous sources, and an arena whose caissa runs this build. */
    private void checkouts(String newSource, String oldSource) throws IOException {
        // A runner's workspace is readable by all; a test's temporary folder is its owner's alone, which a
        // sandboxed bot, run as nobody when the tests run as root, could not enter.
        Files.setPosixFilePermissions(workspace, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(workspace.resolve("bot"));
        Files.createDirectories(workspace.resolve("baseline"));
        Files.writeString(workspace.resolve("bot/mybot.c"), newSource);
        Files.writeString(workspace.resolve("baseline/mybot.c"), oldSource);
        Path arena = Files.createDirectories(workspace.resolve("arena"));
        Path books = Files.createDirectories(arena.resolve("tournaments/books"));
        try (var shipped = Files.list(ROOT.resolve("tournaments/books"))) {
            for (Path book : shipped.toList()) {
                Files.copy(book, books.resolve(book.getFileName()));
            }
        }
        Path caissa = arena.resolve("caissa");
        Files.writeString(
                caissa,
                // With the client compiler alone, as the real launcher runs the arena.
                "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                        + "' -XX:TieredStopAtLevel=1 -cp '"
                        + System.getProperty("java.class.path") + "' " + Main.class.getName() + " \"$@\"\n");
        Files.setPosixFilePermissions(caissa, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** Every step of the workflow: the shard job once for each value of its matrix, then the judge job. */
    private List<StepRun> runWorkflow() throws Exception {
        JsonNode jobs = workflow().get("jobs");
        JsonNode shard = jobs.get("shard");
        List<StepRun> runs = new ArrayList<>();
        for (JsonNode value : shard.at("/strategy/matrix/shard")) {
            Map<String, String> env = new LinkedHashMap<>();
            shard.get("env")
                    .fields()
                    .forEachRemaining(
                            e -> env.put(e.getKey(), matrix(e.getValue().asText(), value.asText())));
            for (String script : runSteps(shard)) {
                StepRun run = step(shortened(matrix(script, value.asText())), env);
                runs.add(run);
                if (run.exit() != 0) {
                    return runs;
                }
            }
        }
        for (String script : runSteps(jobs.get("judge"))) {
            StepRun run = step(script, Map.of());
            runs.add(run);
            if (run.exit() != 0) {
                return runs;
            }
        }
        return runs;
    }

    private static String matrix(String text, String shard) {
        return text.replace("${{ matrix.shard }}", shard);
    }

    /** The recipe's match, cut to {@value #GAMES} games; the only change to its commands. */
    private static String shortened(String script) {
        return script.replaceAll("--games \\d+", "--games " + GAMES);
    }

    private static String randomBot() throws IOException {
        return Files.readString(ROOT.resolve("sample-bots/examples/random_bot.c"));
    }

    private static void assumeCompiler() throws InterruptedException {
        boolean gcc;
        try {
            gcc = new ProcessBuilder("gcc", "--version")
                            .redirectErrorStream(true)
                            .start()
                            .waitFor()
                    == 0;
        } catch (IOException e) {
            gcc = false;
        }
        Assumptions.assumeTrue(gcc, "the recipe builds C bots: needs gcc");
    }

    @Test
    void theRecipeReadsTheGuidesTestInEveryShardAndItsJudgeAcceptsAnUnchangedEngine() throws Exception {
        assumeCompiler();
        checkouts(randomBot(), randomBot());

        List<StepRun> runs = runWorkflow();

        StepRun last = runs.get(runs.size() - 1);
        assertThat(last.exit()).as(last.script() + "\n" + last.output()).isZero();
        assertThat(runs)
                .hasSize(runSteps(workflow().get("jobs").get("shard")).size() * 4
                        + runSteps(workflow().get("jobs").get("judge")).size());
        JsonNode summary = JsonMapper.builder()
                .build()
                .readTree(workspace.resolve("match/summary.json").toFile());
        assertThat(summary.get("games").asInt()).isEqualTo(Integer.parseInt(GAMES));
        // The guide's non-regression test, not match's default.
        assertThat(summary.get("sprt").get("elo0").asDouble()).isEqualTo(-20.0);
        assertThat(summary.get("sprt").get("elo1").asDouble()).isEqualTo(0.0);
    }

    /**
     * The judge step, as written, with the merge's every exit code: it fails on a regression (1) and
     * on no result (4), and passes on H1 (0) and on no decision (3). A real regression big enough
     * for a cut match to decide takes minutes of games (the test's hypotheses are 20 Elo apart), so
     * the merge here is a stand-in that exits with the code; how often each code comes is
     * {@code CiRecipeTest}'s.
     */
    @ParameterizedTest(name = "merge exits {0}")
    @CsvSource({"0, true", "1, false", "3, true", "4, false"})
    void theJudgeStepFailsOnARegressionAndOnNoResult(int mergeExit, boolean passes) throws Exception {
        Path caissa = Files.createDirectories(workspace.resolve("arena")).resolve("caissa");
        Files.writeString(caissa, "#!/bin/sh\n[ \"$1\" = merge ] && exit " + mergeExit + "\nexit 0\n");
        Files.setPosixFilePermissions(caissa, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> judge = runSteps(workflow().get("jobs").get("judge"));
        String step = judge.stream()
                .filter(s -> s.contains("arena/caissa merge"))
                .findFirst()
                .orElseThrow();

        StepRun run = step(step, Map.of());

        assertThat(run.exit() == 0).as(step + "\n" + run.output()).isEqualTo(passes);
    }
}
