package caissa.arena.contest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.contest.ContestDefinition.CompetitionKind;
import caissa.arena.contest.ContestDefinition.Registration;
import caissa.arena.testkit.ContestData;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ContestFileTest {

    static final Path SAMPLE = ContestData.SAMPLE;

    @TempDir
    Path dir;

    @Test
    void theSampleReadsAsItSays() {
        ContestDefinition contest = ContestFile.read(SAMPLE);

        assertThat(contest.name()).isEqualTo("sample");
        assertThat(contest.title()).isEqualTo("Sample contest");
        assertThat(contest.registration()).isEqualTo(Registration.INVITE);
        assertThat(contest.languages())
                .extracting(ContestDefinition.Language::name)
                .containsExactly("C", "Python");
        assertThat(contest.language("python").orElseThrow().main()).contains("main.py");
        assertThat(contest.languageOf("bot.C").orElseThrow().name()).isEqualTo("C");
        assertThat(contest.languageOf("bot.rs")).isEmpty();
        assertThat(contest.maxUploadBytes()).isEqualTo(1_048_576);
        assertThat(contest.build().time()).isEqualTo(Duration.ofSeconds(60));
        assertThat(contest.build().memoryBytes()).isEqualTo(1L << 30);
        assertThat(contest.houseBots())
                .extracting(ContestDefinition.HouseBot::name)
                .containsExactly("random", "greedy");
        assertThat(contest.admission().opponents()).containsExactly("random", "greedy");
        assertThat(contest.admission().timePerGame()).isEqualTo(Duration.ofSeconds(10));
        assertThat(contest.slots()).isEqualTo(1);
        assertThat(contest.competitions())
                .extracting(ContestDefinition.Competition::kind)
                .containsExactly(CompetitionKind.TEST, CompetitionKind.FINAL);
        assertThat(contest.competitions().get(0).every()).contains(Duration.ofHours(6));
        assertThat(contest.deadline()).contains(Instant.parse("2027-01-10T12:00:00Z"));
        assertThat(contest.competition("final")
                        .orElseThrow()
                        .tournament()
                        .get("rounds")
                        .asInt())
                .isEqualTo(7);
    }

    @Test
    void aCompetitionsTournamentCannotBeChangedFromOutside() {
        ContestDefinition contest = ContestFile.read(SAMPLE);
        ((ObjectNode) contest.competitions().get(0).tournament()).put("seed", 99);

        assertThat(contest.competitions().get(0).tournament().get("seed").asInt())
                .isEqualTo(1);
    }

    /** Each mistake, at its line, named as the field it is in. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            "registration": "invite"                       | "registration": "closed"                      | :6: registration: must be "open" or "invite", got "closed"
            "name": "sample"                               | "name": "my contest"                          | :3: name: must be letters, digits
            "maxFiles": 200                                | "maxFiles": 0                                 | :12: maxFiles: must be a whole number from 1 to 10000, got 0
            "build": {"time": "60s", "memory": "1G"}       | "build": {"time": "60s", "memory": "lots"}    | :14: build.memory: must be an amount of memory
            "opponents": ["random", "greedy"]              | "opponents": ["random", "stockfish"]          | :16: admission.opponents[1]: 'stockfish' is not a house bot
            "slots": 1                                     | "slots": 1, "colour": "blue"                  | :17: colour: unknown field
            "kind": "test"                                 | "kind": "friendly"                            | :20: competitions[0].kind: must be "test" or "final", got "friendly"
            "deadline": "2027-01-10T12:00:00Z"             | "deadline": "next week"                       | :21: competitions[1].deadline: must be a UTC time
            "rounds": 7                                    | "rounds": 7, "bots": []                       | :21: competitions[1].tournament.bots: unknown field
            "gamesPerPair": 2, "timePerGame"               | "gamesPerPair": 3, "timePerGame"              | :20: competitions[0].tournament.gamesPerPair: must be even
            "run": ["./bot"]                               | "run": ["./bot", "{input}"]                   | :8: languages[0].run[1]: unknown placeholder {input}
            "command": ["sample:greedy"]                   | "command": ["sample:nosuchbot"]               | :15: houseBots[1].command:
            "schema": "caissa-arena/contest/1"             | "schema": "caissa-arena/contest/2"            | :2: schema: this arena reads "caissa-arena/contest/1", got "caissa-arena/contest/2"
            "every": "6h"                                  | "every": "0s"                                 | :20: competitions[0].every: must be positive, got "0s"
            "every": "6h"                                  | "every": 6                                    | :20: competitions[0].every: must be a duration string
            "every": "6h"                                  | "every": "6h", "deadline": "2027-01-10T12:00:00Z" | :20: competitions[0].deadline: only for a "final" competition
            "every": "6h"                                  | "every": "6h", "runner": "slurm"              | :20: competitions[0].runner: must be an object
            "every": "6h"                                  | "every": "6h", "runner": {"kind": "cloud"}    | :20: competitions[0].runner.kind: must be "local" or "slurm", got "cloud"
            "every": "6h"                                  | "every": "6h", "runner": {}                   | :20: competitions[0].runner.kind: required
            "every": "6h"                                  | "every": "6h", "runner": {"kind": "slurm"}    | :20: competitions[0].runner.shards: required for the "slurm" runner
            "every": "6h"                                  | "every": "6h", "runner": {"kind": "slurm", "shards": 0} | :20: competitions[0].runner.shards: must be a whole number from 1 to 1000, got 0
            "every": "6h"                                  | "every": "6h", "runner": {"kind": "slurm", "shards": 2, "caissa": []} | :20: competitions[0].runner.caissa: required: a non-empty array of strings
            "every": "6h"                                  | "every": "6h", "runner": {"kind": "slurm", "shards": 2, "sbatch": [1]} | :20: competitions[0].runner.sbatch[0]: must be a non-empty string
            "every": "6h"                                  | "every": "6h", "runner": {"kind": "slurm", "shards": 2, "nodes": 3} | :20: competitions[0].runner.nodes: unknown field (known: caissa, kind, sbatch, shards)
            "every": "6h"                                  | "every": "6h", "runner": {"kind": "local", "shards": 2} | :20: competitions[0].runner.shards: only for the "slurm" runner
            """)
    void aMistakeIsOneLineNamingItsLineAndField(String from, String to, String expected) throws IOException {
        String text = Files.readString(SAMPLE);
        assertThat(text).contains(from);
        Path file = dir.resolve("contest.json");
        Files.writeString(file, text.replace(from, to));

        assertThatThrownBy(() -> ContestFile.read(file))
                .isInstanceOf(ContestFileException.class)
                .hasMessageStartingWith(file + expected)
                .hasMessageNotContaining("\n");
    }

    /** The runner is read with the file: a competition on SLURM, and one played here, as the file says. */
    @Test
    void aCompetitionsRunnerIsReadWithTheFile() throws IOException {
        String text = Files.readString(SAMPLE)
                .replace(
                        "\"every\": \"6h\"",
                        "\"every\": \"6h\", \"runner\": {\"kind\":"
                                + " \"slurm\", \"shards\": 4, \"caissa\": [\"/shared/caissa\"], \"sbatch\": [\"--partition=contest\"]}")
                .replace(
                        "\"deadline\": \"2027-01-10T12:00:00Z\"",
                        "\"deadline\": \"2027-01-10T12:00:00Z\", \"runner\":" + " {\"kind\": \"local\"}");
        Path file = dir.resolve("contest.json");
        Files.writeString(file, text);

        ContestDefinition contest = ContestFile.read(file);

        assertThat(contest.competition("test").orElseThrow().slurm())
                .contains(new SlurmRunner(4, List.of("/shared/caissa"), List.of("--partition=contest")));
        assertThat(contest.competition("final").orElseThrow().slurm()).isEmpty();
        assertThat(ContestFile.read(SAMPLE).competitions())
                .allSatisfy(c -> assertThat(c.slurm()).isEmpty());
    }

    @Test
    void aMissingFileAndBrokenJsonAreOneLine() throws IOException {
        assertThatThrownBy(() -> ContestFile.read(dir.resolve("none.json")))
                .isInstanceOf(ContestFileException.class)
                .hasMessage(dir.resolve("none.json") + ": no such file");
        Path file = dir.resolve("broken.json");
        Files.writeString(file, "{\n  \"name\": \"x\",\n  \"title\": \n}\n");
        assertThatThrownBy(() -> ContestFile.read(file))
                .isInstanceOf(ContestFileException.class)
                .hasMessageStartingWith(file + ":4: not valid JSON");
    }

    @Test
    void theCopyInTheDataFolderReadsTheSame() throws IOException {
        ContestDefinition contest = ContestFile.read(SAMPLE);
        Path copy = dir.resolve("contest.json");
        ContestFile.writeCopy(SAMPLE, contest, copy);

        ContestDefinition again = ContestFile.read(copy);
        assertThat(again.houseBots()).isEqualTo(contest.houseBots());
        assertThat(again.languages()).isEqualTo(contest.languages());
        assertThat(again.competitions())
                .extracting(ContestDefinition.Competition::name)
                .containsExactly("test", "final");
        assertThat(again.admission()).isEqualTo(contest.admission());
    }

    @Test
    void defaultsWhereTheFileIsSilent() throws IOException {
        Path file = dir.resolve("small.json");
        Files.writeString(file, """
                {"name": "small", "registration": "open",
                 "languages": [{"name": "Python", "extensions": ["py"], "build": [], "run": ["python3", "{main}"]}],
                 "houseBots": [{"name": "random", "command": ["sample:random"]}]}
                """);
        ContestDefinition contest = ContestFile.read(file);

        assertThat(contest.title()).isEqualTo("small");
        assertThat(contest.registration()).isEqualTo(Registration.OPEN);
        assertThat(contest.admission().opponents()).isEqualTo(List.of("random"));
        assertThat(contest.competitions()).isEmpty();
        assertThat(contest.deadline()).isEqualTo(Optional.empty());
        assertThat(contest.slots()).isEqualTo(ContestFile.defaultSlots());
    }
}
