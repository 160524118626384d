package caissa.arena.contest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where a competition's games are played: here, by the job's own process (the default), or on
 * SLURM ({@code "runner": {"kind": "slurm", "shards": 4, "caissa": ["/shared/caissa-arena/bin/caissa"],
 * "sbatch": ["--partition=contest"]}} in the competition's entry of the contest file).
 */
public final class CompetitionRunner {

    private static final Set<String> FIELDS = Set.of("kind", "shards", "caissa", "sbatch");

    private CompetitionRunner() {
    }

    /**
     * The SLURM runner of a competition entry, or empty to play here.
     *
     * @param entry the competition's object in the contest file
     * @throws IllegalArgumentException naming the field that is wrong
     */
    public static Optional<SlurmRunner> slurm(JsonNode entry, String field) {
        JsonNode runner = entry.get("runner");
        if (runner == null || runner.isNull()) {
            return Optional.empty();
        }
        if (!runner.isObject()) {
            throw new IllegalArgumentException(field + ".runner: must be an object {\"kind\": \"local\"} or {\"kind\": \"slurm\", ...}");
        }
        runner.fieldNames().forEachRemaining(name -> {
            if (!FIELDS.contains(name)) {
                throw new IllegalArgumentException(field + ".runner: unknown field '" + name + "' (known: kind, shards, caissa, sbatch)");
            }
        });
        String kind = runner.path("kind").asText("");
        if (kind.equals("local")) {
            return Optional.empty();
        }
        if (!kind.equals("slurm")) {
            throw new IllegalArgumentException(field + ".runner.kind: must be local or slurm, got '" + kind + "'");
        }
        JsonNode shards = runner.get("shards");
        if (shards == null || !shards.canConvertToInt() || !shards.isIntegralNumber() || shards.asInt() < 1 || shards.asInt() > 1000) {
            throw new IllegalArgumentException(field + ".runner.shards: must be a whole number from 1 to 1000, got " + shards);
        }
        return Optional.of(new SlurmRunner(shards.asInt(), words(runner, "caissa", field, List.of("caissa")),
                words(runner, "sbatch", field, List.of())));
    }

    private static List<String> words(JsonNode runner, String name, String field, List<String> otherwise) {
        JsonNode node = runner.get(name);
        if (node == null) {
            return otherwise;
        }
        if (!node.isArray() || (name.equals("caissa") && node.isEmpty())) {
            throw new IllegalArgumentException(field + ".runner." + name + ": must be an array of words");
        }
        List<String> words = new ArrayList<>();
        for (JsonNode word : node) {
            if (!word.isTextual()) {
                throw new IllegalArgumentException(field + ".runner." + name + ": must be an array of words, got " + word);
            }
            words.add(word.asText());
        }
        return words;
    }
}
