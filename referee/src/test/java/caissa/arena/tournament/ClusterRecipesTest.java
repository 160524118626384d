package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import caissa.arena.records.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's GitHub Actions and Kubernetes recipes, run as their clusters would: each shard a
 * separate process that finds its share from the environment variables of its runner
 * ({@code --shard auto}), then one merge; the result equals an unsharded run.
 */
class ClusterRecipesTest {

    @TempDir
    Path dir;

    /** Where the unsharded run is played, once for both recipes. */
    @TempDir
    static Path wholeRun;

    private static StandingsDocument whole;

    /** The unsharded run of the recipes' tournament: the same for both, so played once. */
    private static synchronized StandingsDocument whole(Path file) throws Exception {
        if (whole == null) {
            whole = Tournament.open(
                            TournamentFile.read(file), file, wholeRun.resolve("whole"), false, TournamentObserver.NONE)
                    .play(1);
        }
        return whole;
    }

    private Path file() throws Exception {
        return new TournamentFiles("recipe")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .testBot("r3", "random", "3")
                .testBot("r4", "random", "4")
                .set("format", "gauntlet")
                .set("engines", List.of("r4"))
                .set("gamesPerPair", 2)
                .set("openingPlies", 2)
                .set("seed", 3)
                .set("timePerGame", "20s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("recipe.json"));
    }

    @Test
    void aGithubActionsMatrixOfShardsMergesToTheUnshardedRun() throws Exception {
        Path file = file();
        List<Path> shards = new ArrayList<>();
        List<Process> runs = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            Path out = dir.resolve("shard-" + i);
            shards.add(out);
            runs.add(start(file, out, Map.of("CAISSA_SHARD_INDEX", Integer.toString(i), "CAISSA_SHARD_COUNT", "3")));
        }
        assertMergedEqualsWhole(file, shards, runs);
    }

    @Test
    void aKubernetesIndexedJobMergesToTheUnshardedRun() throws Exception {
        Path file = file();
        List<Path> shards = new ArrayList<>();
        List<Process> runs = new ArrayList<>();
        for (int index = 0; index < 2; index++) {
            Path out = dir.resolve("shard-" + index);
            shards.add(out);
            runs.add(start(
                    file, out, Map.of("JOB_COMPLETION_INDEX", Integer.toString(index), "CAISSA_SHARD_COUNT", "2")));
        }
        assertMergedEqualsWhole(file, shards, runs);
    }

    private Process start(Path file, Path out, Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // As the launcher (./caissa) runs the arena on a runner: the client compiler alone.
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "tournament",
                file.toString(),
                "--shard",
                "auto",
                "--out",
                out.toString(),
                "--concurrency",
                "1");
        // Only the runner's variables: none of the others may leak in from the test's environment.
        builder.environment()
                .keySet()
                .removeIf(k ->
                        k.startsWith("SLURM_") || k.startsWith("CAISSA_SHARD") || k.equals("JOB_COMPLETION_INDEX"));
        builder.environment().putAll(env);
        return builder.redirectErrorStream(true)
                .redirectOutput(dir.resolve(out.getFileName() + ".log").toFile())
                .start();
    }

    private void assertMergedEqualsWhole(Path file, List<Path> shards, List<Process> runs) throws Exception {
        StandingsDocument whole = whole(file);
        for (Process run : runs) {
            assertThat(run.waitFor(300, TimeUnit.SECONDS)).isTrue();
            assertThat(run.exitValue()).isZero();
        }
        List<String> args =
                new ArrayList<>(List.of("merge", "--out", dir.resolve("merged").toString()));
        shards.forEach(s -> args.add(s.toString()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int exit = Main.run(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("merged " + shards.size() + " shards of gauntlet: 6 games")
                .contains("the tournament is complete");
        StandingsDocument merged =
                Json.mapper().readValue(dir.resolve("merged/standings.json").toFile(), StandingsDocument.class);
        assertThat(merged.standings()).isEqualTo(whole.standings());
        assertThat(merged.stages()).isEqualTo(whole.stages());
        // A gauntlet: r4 met each of the others twice; the others never met each other.
        assertThat(merged.standings())
                .allSatisfy(s -> assertThat(s.games()).isEqualTo(s.name().equals("r4") ? 6 : 2));
        assertThat(merged.crosstable().get("r1").get("r2").games()).isZero();
        assertThat(merged.crosstable().get("r4").get("r1").games()).isEqualTo(2);
        List<FinishedGame> expected = new ArrayList<>(Journal.read(wholeRun.resolve("whole")));
        expected.sort(Comparator.comparingInt(FinishedGame::game));
        assertThat(Journal.read(dir.resolve("merged"))).isEqualTo(expected);
    }
}
