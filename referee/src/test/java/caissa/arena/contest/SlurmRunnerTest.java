package caissa.arena.contest;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import caissa.arena.testbots.TestBots;
import caissa.arena.tournament.FinishedGame;
import caissa.arena.tournament.Plan;
import caissa.arena.tournament.StandingsDocument;
import caissa.arena.tournament.TournamentDefinition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SLURM runner's script, run by an {@code sbatch} that runs each job at once (an array's tasks
 * one after another, each with the variables SLURM gives it): every batch sharded, merged into the
 * competition's folder, verified, as on a cluster (.ci/slurm-test.sh runs it on a real one).
 */
class SlurmRunnerTest {

    private static final String FAKE_SBATCH = """
            #!/bin/sh
            # sbatch for a test: runs the job now, an array's tasks one after another, and prints its id.
            array=""; wrap=""
            for a in "$@"; do
              case "$a" in
                --array=*) array=${a#--array=} ;;
                --wrap=*) wrap=${a#--wrap=} ;;
              esac
            done
            n=$(cat "$STATE/n" 2>/dev/null || echo 100); n=$((n+1)); echo $n > "$STATE/n"
            if [ -n "$array" ]; then
              last=${array#0-}; i=0
              while [ $i -le $last ]; do
                SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=$((last+1)) sh -c "$wrap" > "$STATE/job-$n-$i.out" 2>&1 || echo "$n" >> "$STATE/failed"
                i=$((i+1))
              done
            else
              sh -c "$wrap" > "$STATE/job-$n.out" 2>&1 || echo "$n" >> "$STATE/failed"
            fi
            echo "$n"
            """;

    @TempDir
    Path dir;

    private Map<String, String> fakeCluster() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(bin.resolve("sbatch"), FAKE_SBATCH);
        Files.writeString(bin.resolve("squeue"), "#!/bin/sh\nexit 0\n");
        for (String tool : List.of("sbatch", "squeue")) {
            Files.setPosixFilePermissions(bin.resolve(tool), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path state = Files.createDirectories(dir.resolve("state"));
        return Map.of("PATH", bin + ":" + System.getenv("PATH"), "STATE", state.toString());
    }

    /**
     * A test bot's command with its class path in a java argument file: a tournament file's
     * arguments are capped shorter than the test class path.
     */
    static List<String> testBot(Path dir, String... args) throws Exception {
        List<String> argv = TestBots.command(args).argv();
        int cp = argv.indexOf("-cp");
        Path argFile = dir.resolve("testbot.args");
        Files.writeString(argFile, "-cp \"" + argv.get(cp + 1) + "\"\n");
        List<String> command = new ArrayList<>(argv.subList(0, cp));
        command.add("@" + argFile);
        command.addAll(argv.subList(cp + 2, argv.size()));
        return command;
    }

    private static List<String> caissa() {
        return List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                "caissa.arena.cli.Main");
    }

    @Test
    void aSwissWithItsFinalRunsAsShardedBatchesMergedAndVerified() throws Exception {
        List<CompetitionEntrant> bots = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            bots.add(CompetitionEntrant.house("r" + i, testBot(dir, "random", Integer.toString(i))));
        }
        Path file = dir.resolve("competitions/swiss.json");
        TournamentDefinition definition = CompetitionFile.write(
                file,
                "swiss",
                Json.mapper()
                        .readTree(
                                "{\"format\": \"swiss\", \"rounds\": 1, \"final\": {\"top\": 2, \"gamesPerPair\": 2}, \"gamesPerPair\": 2,"
                                        + " \"timePerGame\": \"20s\", \"firstMoveAllowance\": \"10s\", \"seed\": 3}"),
                bots);
        int batches = Plan.of(definition).batchCount();
        assertThat(batches).isEqualTo(2);
        Path out = dir.resolve("competitions/swiss");
        Path work = dir.resolve("competitions/swiss.slurm");
        SlurmRunner runner = new SlurmRunner(2, caissa(), List.of("--time=10"));
        Map<String, String> env = fakeCluster();

        Optional<String> failure = runner.run(file, out, work, batches, Duration.ofMillis(10), env);

        assertThat(failure).as(String.join("\n", logs())).isEmpty();
        assertThat(dir.resolve("state/failed")).doesNotExist();
        assertThat(work.resolve(SlurmRunner.VERIFIED)).exists();
        StandingsDocument standings = CompetitionProgress.standings(out).orElseThrow();
        assertThat(standings.complete()).isTrue();
        List<FinishedGame> merged = new JournalTail(out).next();
        assertThat(merged).hasSize(standings.gamesTotal());
        Set<Integer> fromShards = new HashSet<>();
        for (Path shard : runner.shardFolders(work, batches)) {
            for (FinishedGame game : new JournalTail(shard).next()) {
                assertThat(fromShards.add(game.game()))
                        .as("game %d played once", game.game())
                        .isTrue();
            }
        }
        assertThat(fromShards).hasSize(standings.gamesTotal());
        // Submitted once: a second run (a restarted server) waits for the same jobs.
        String ids = Files.readString(work.resolve(SlurmRunner.JOBS));
        assertThat(runner.run(file, out, work, batches, Duration.ofMillis(10), env))
                .isEmpty();
        assertThat(Files.readString(work.resolve(SlurmRunner.JOBS))).isEqualTo(ids);
        assertThat(Files.readString(dir.resolve("state/n")).strip()).isEqualTo(Integer.toString(100 + 2 * batches + 1));
    }

    private List<String> logs() {
        List<String> lines = new ArrayList<>();
        try (var files = Files.list(dir.resolve("state"))) {
            for (Path f : files.sorted().toList()) {
                lines.add("== " + f.getFileName() + ": " + Files.readString(f));
            }
        } catch (Exception e) {
            lines.add(e.toString());
        }
        return lines;
    }
}
