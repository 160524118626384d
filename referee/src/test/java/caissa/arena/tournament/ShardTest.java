package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.runner.Shard;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShardTest {

    @Test
    void anExplicitShardIsIndexOverCountFromOne() {
        assertThat(Shard.parse("2/4", Map.of())).isEqualTo(new Shard(2, 4));
        assertThatThrownBy(() -> Shard.parse("0/4", Map.of())).hasMessage("a shard is I/N with 1 <= I <= N, got 0/4");
        assertThatThrownBy(() -> Shard.parse("5/4", Map.of())).hasMessage("a shard is I/N with 1 <= I <= N, got 5/4");
        assertThatThrownBy(() -> Shard.parse("two", Map.of())).hasMessage("expected I/N (like 2/4) or auto, got 'two'");
    }

    @Test
    void autoReadsTheGithubMatrixVariablesFirst() {
        assertThat(Shard.parse(
                        "auto",
                        Map.of(
                                "CAISSA_SHARD_INDEX",
                                "3",
                                "CAISSA_SHARD_COUNT",
                                "4",
                                "SLURM_ARRAY_TASK_ID",
                                "0",
                                "SLURM_ARRAY_TASK_COUNT",
                                "2")))
                .isEqualTo(new Shard(3, 4));
    }

    @Test
    void autoReadsASlurmJobArrayCountedFromItsFirstId() {
        assertThat(Shard.parse("auto", Map.of("SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_COUNT", "4")))
                .isEqualTo(new Shard(1, 4));
        assertThat(Shard.parse(
                        "auto",
                        Map.of("SLURM_ARRAY_TASK_ID", "7", "SLURM_ARRAY_TASK_MIN", "5", "SLURM_ARRAY_TASK_COUNT", "4")))
                .isEqualTo(new Shard(3, 4));
    }

    @Test
    void autoReadsAKubernetesIndexedJobWithTheCountBesideIt() {
        assertThat(Shard.parse("auto", Map.of("JOB_COMPLETION_INDEX", "3", "CAISSA_SHARD_COUNT", "4")))
                .isEqualTo(new Shard(4, 4));
        assertThatThrownBy(() -> Shard.parse("auto", Map.of("JOB_COMPLETION_INDEX", "3")))
                .hasMessage("auto: CAISSA_SHARD_COUNT is not set (the number of shards)");
        assertThatThrownBy(() -> Shard.parse("auto", Map.of("JOB_COMPLETION_INDEX", "4", "CAISSA_SHARD_COUNT", "4")))
                .hasMessage("auto: JOB_COMPLETION_INDEX gives shard 5 of 4, outside 1..4");
    }

    @Test
    void autoWithoutAnyVariableSaysWhichItLooksFor() {
        assertThatThrownBy(() -> Shard.parse("auto", Map.of()))
                .hasMessage("auto: none of CAISSA_SHARD_INDEX,"
                        + " SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX is set; give the shard as I/N");
        assertThatThrownBy(() -> Shard.parse("auto", Map.of("SLURM_ARRAY_TASK_ID", "x", "SLURM_ARRAY_TASK_COUNT", "2")))
                .hasMessage("auto: SLURM_ARRAY_TASK_ID must be a whole number, got 'x'");
    }
}
