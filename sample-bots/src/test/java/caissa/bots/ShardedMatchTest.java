package caissa.bots;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import caissa.arena.program.SampleBots;
import caissa.arena.records.Json;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's GitHub Actions recipe for a regression match: each matrix job a separate process
 * that finds its shard in CAISSA_SHARD_INDEX and CAISSA_SHARD_COUNT, then one merge that judges
 * the whole match, equal to the same match played in one process.
 */
class ShardedMatchTest {

    @TempDir
    Path dir;

    private List<String> match(Path out) {
        return new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + SampleBots.CLASSPATH_PROPERTY + "=" + System.getProperty("java.class.path"),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "match",
                "--engine",
                "sample:greedy --seed 3",
                "--baseline",
                "sample:random --seed 4",
                "--games",
                "8",
                "--opening-plies",
                "4",
                "--time-per-game",
                "5s",
                "--first-move-allowance",
                "10s",
                "--concurrency",
                "1",
                "--out",
                out.toString()));
    }

    @Test
    void aMatrixOfMatchShardsMergesToTheWholeMatch() throws Exception {
        Path wholeSummary = dir.resolve("whole.json");
        List<String> whole = match(dir.resolve("whole"));
        whole.addAll(List.of("--json", wholeSummary.toString()));
        Process wholeRun = new ProcessBuilder(whole)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("whole.log").toFile())
                .start();
        List<Process> shards = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            List<String> command = match(dir.resolve("shard-" + i));
            command.addAll(List.of("--shard", "auto"));
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("shard-" + i + ".log").toFile());
            builder.environment().keySet().removeIf(k -> k.startsWith("SLURM_") || k.equals("JOB_COMPLETION_INDEX"));
            builder.environment().put("CAISSA_SHARD_INDEX", Integer.toString(i));
            builder.environment().put("CAISSA_SHARD_COUNT", "3");
            shards.add(builder.start());
        }
        for (Process shard : shards) {
            assertThat(shard.waitFor(300, TimeUnit.SECONDS)).isTrue();
            assertThat(shard.exitValue())
                    .as("a shard's share is played, not judged")
                    .isZero();
        }
        assertThat(wholeRun.waitFor(300, TimeUnit.SECONDS)).isTrue();
        // Pairs 1 and 4 (games 1, 2, 7, 8) are shard 1's; pair 2 shard 2's; pair 3 shard 3's.
        try (var files = Files.list(dir.resolve("shard-1/games"))) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted())
                    .containsExactly("0001.json", "0002.json", "0007.json", "0008.json");
        }

        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(
                new String[] {
                    "merge",
                    "--out",
                    dir.resolve("merged").toString(),
                    dir.resolve("shard-1").toString(),
                    dir.resolve("shard-2").toString(),
                    dir.resolve("shard-3").toString()
                },
                new PrintWriter(out),
                new PrintWriter(err));

        JsonNode expected = Json.mapper().readTree(wholeSummary.toFile());
        JsonNode merged =
                Json.mapper().readTree(dir.resolve("merged/summary.json").toFile());
        for (String field : List.of("decision", "games", "wins", "draws", "losses", "pentanomial", "elo", "llr")) {
            assertThat(merged.get(field)).as(field).isEqualTo(expected.get(field));
        }
        assertThat(exit).as(err.toString()).isEqualTo(wholeRun.exitValue());
        assertThat(out.toString()).contains("merged 3 shards of the match greedy vs random: 8 games");

        // A shard left out is named with the games it should have brought.
        StringWriter err2 = new StringWriter();
        int refused = Main.run(
                new String[] {
                    "merge",
                    "--out",
                    dir.resolve("merged2").toString(),
                    dir.resolve("shard-1").toString(),
                    dir.resolve("shard-3").toString()
                },
                new PrintWriter(new StringWriter()),
                new PrintWriter(err2));
        assertThat(refused).isEqualTo(2);
        assertThat(err2.toString()).contains("game 3 is missing: shard 2/3 was not given");
    }
}
