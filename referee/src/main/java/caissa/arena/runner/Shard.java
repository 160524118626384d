package caissa.arena.runner;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One share of a batch of games, {@code index} of {@code count} (from 1): the batch's game pairs
 * are dealt out in turn, pair k (from 0) to shard {@code k mod count + 1}, so the two games of a
 * pair share a shard and each shard gets a spread of the schedule.
 */
public record Shard(int index, int count) {

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("a shard is I/N with 1 <= I <= N, got " + index + "/" + count);
        }
    }

    /** Whether the game pair with this ordinal in its batch (from 0) is this shard's. */
    public boolean owns(int pairOrdinal) {
        return pairOrdinal % count == index - 1;
    }

    /** The shard of the game pair with this ordinal in its batch (from 0), out of {@code count}. */
    public static int ownerOf(int pairOrdinal, int count) {
        return pairOrdinal % count + 1;
    }

    /** A game of a schedule, as far as sharing it out goes: the pair it belongs to. */
    public interface PairedGame {
        /** 1-based number of the game pair. */
        int pair();
    }

    /** The games of a batch that are this shard's. */
    public <G extends PairedGame> List<G> share(List<G> batch) {
        int firstPair = batch.isEmpty() ? 0 : batch.get(0).pair();
        return batch.stream().filter(g -> owns(g.pair() - firstPair)).toList();
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }

    /**
     * Parses {@code I/N}, or {@code auto}: the shard from the environment, in this order:
     * {@code CAISSA_SHARD_INDEX} and {@code CAISSA_SHARD_COUNT} (from 1; set them in a GitHub
     * Actions matrix); {@code SLURM_ARRAY_TASK_ID} and {@code SLURM_ARRAY_TASK_COUNT} (a job array,
     * ids counted from {@code SLURM_ARRAY_TASK_MIN}); {@code JOB_COMPLETION_INDEX} (a Kubernetes
     * Indexed Job, from 0) with {@code CAISSA_SHARD_COUNT}.
     *
     * @throws IllegalArgumentException with a sentence saying what is wrong
     */
    public static Shard parse(String text, Map<String, String> env) {
        if (text.equals("auto")) {
            return fromEnvironment(env);
        }
        String[] parts = text.split("/", -1);
        if (parts.length != 2) {
            throw new IllegalArgumentException("expected I/N (like 2/4) or auto, got '" + text + "'");
        }
        try {
            return new Shard(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected I/N (like 2/4) or auto, got '" + text + "'");
        }
    }

    private static Shard fromEnvironment(Map<String, String> env) {
        if (env.containsKey("CAISSA_SHARD_INDEX")) {
            return checked(number(env, "CAISSA_SHARD_INDEX"), count(env, "CAISSA_SHARD_COUNT"), "CAISSA_SHARD_INDEX");
        }
        if (env.containsKey("SLURM_ARRAY_TASK_ID")) {
            int id = number(env, "SLURM_ARRAY_TASK_ID");
            int min = env.containsKey("SLURM_ARRAY_TASK_MIN") ? number(env, "SLURM_ARRAY_TASK_MIN") : 0;
            return checked(id - min + 1, count(env, "SLURM_ARRAY_TASK_COUNT"), "SLURM_ARRAY_TASK_ID");
        }
        if (env.containsKey("JOB_COMPLETION_INDEX")) {
            return checked(
                    number(env, "JOB_COMPLETION_INDEX") + 1, count(env, "CAISSA_SHARD_COUNT"), "JOB_COMPLETION_INDEX");
        }
        throw new IllegalArgumentException(
                "auto: none of CAISSA_SHARD_INDEX, SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX"
                        + " is set; give the shard as I/N");
    }

    private static Shard checked(int index, int count, String variable) {
        if (index < 1 || index > count) {
            throw new IllegalArgumentException(
                    "auto: " + variable + " gives shard " + index + " of " + count + ", outside 1.." + count);
        }
        return new Shard(index, count);
    }

    private static int count(Map<String, String> env, String variable) {
        if (!env.containsKey(variable)) {
            throw new IllegalArgumentException("auto: " + variable + " is not set (the number of shards)");
        }
        return number(env, variable);
    }

    private static int number(Map<String, String> env, String variable) {
        String value = env.get(variable);
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("auto: " + variable + " must be a whole number, got '" + value + "'");
        }
    }

    /** Optional parse for a command line option that may be absent. */
    public static Optional<Shard> option(String text, Map<String, String> env) {
        return text == null ? Optional.empty() : Optional.of(parse(text, env));
    }
}
