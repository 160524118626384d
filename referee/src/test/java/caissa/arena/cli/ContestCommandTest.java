package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.contest.Accounts;
import caissa.arena.contest.CompetitionRun;
import caissa.arena.contest.CompetitionState;
import caissa.arena.contest.CompetitionStore;
import caissa.arena.contest.Contest;
import caissa.arena.contest.ContestDefinition;
import caissa.arena.contest.ContestFile;
import caissa.arena.contest.ContestLayout;
import caissa.arena.contest.ContestStore;
import caissa.arena.contest.JobState;
import caissa.arena.contest.Submission;
import caissa.arena.contest.SubmissionState;
import caissa.arena.records.Json;
import caissa.arena.testkit.CommandRun;
import caissa.arena.testkit.ContestData;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caissa contest invite} and {@code status} on a data folder, with no server running. */
class ContestCommandTest {

    static final Path SAMPLE = ContestData.SAMPLE;
    static final Path SCHEMAS = Path.of("..", "reports", "schemas");

    @TempDir
    Path dir;

    private Path data;
    private Contest contest;

    /** The data folder as 'caissa serve' leaves it. */
    @BeforeEach
    void aServedContest() throws IOException {
        data = dir.resolve("sample");
        contest = ContestData.open(SAMPLE, data);
        contest.store().setSetting(ContestStore.SERVER_URL, "http://contest.example:8080/");
        new Accounts(contest.store(), Clock.systemUTC()).organiser();
    }

    @Test
    void inviteePrintsOneLineAParticipantWhoseLinkSetsTheirPassword() {
        CommandRun run = CommandRun.of("contest", "invite", "--data", data.toString(), "ada", "bob");

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.outLines()).hasSize(2);
        assertThat(run.outLines().get(0))
                .matches("ada [A-Za-z0-9_-]{43} http://contest\\.example:8080/invite/[A-Za-z0-9_-]{43}");
        assertThat(run.outLines().get(1)).startsWith("bob ");
        String[] ada = run.outLines().get(0).split(" ");
        Accounts accounts = new Accounts(contest.store(), Clock.systemUTC());
        String code = ada[2].substring(ada[2].lastIndexOf('/') + 1);
        assertThat(accounts.acceptInvitation(code, "correct horse")).isInstanceOf(Accounts.Granted.class);
        assertThat(accounts.bySubmitToken(ada[1]).orElseThrow().name()).isEqualTo("ada");
    }

    @Test
    void aNameThatIsTakenOrNoNameIsOneLineAndTheOthersAreStillInvited() {
        CommandRun.of("contest", "invite", "--data", data.toString(), "ada");

        CommandRun run = CommandRun.of("contest", "invite", "--data", data.toString(), "ADA", "bob", " x", "organiser");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly(
                        "caissa contest invite: ADA: the name 'ADA' is taken",
                        "caissa contest invite: \" x\": the name must not start or end with spaces, got ' x'"
                                .replace("\" x\"", " x"),
                        "caissa contest invite: organiser: the name 'organiser' is taken");
        assertThat(run.outLines()).hasSize(1).allMatch(l -> l.startsWith("bob "));
    }

    @Test
    void aFolderThatIsNoContestsIsOneLine() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));

        CommandRun run = CommandRun.of("contest", "status", "--data", empty.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("caissa contest status: " + empty + " is not a contest's data folder (no"
                        + " contest.json and contest.db in it); start the server on it first: caissa serve CONTEST.json --data "
                        + empty + "\n");
    }

    /**
     * A competition's runner is checked when the contest file is read, as its other fields are:
     * a mistake is one line naming the file, the entry's line and the field, and nothing runs.
     */
    @Test
    void aCompetitionsBadRunnerIsOneLineNamingItsLineWhenTheFileIsRead() throws IOException {
        Path copy = contest.layout().contestFile();
        Files.writeString(
                copy,
                Files.readString(SAMPLE)
                        .replace(
                                "\"every\": \"6h\"",
                                "\"every\": \"6h\", \"runner\": {\"kind\": \"slurm\", \"shards\": \"four\"}"));

        CommandRun run = CommandRun.of("contest", "status", "--data", data.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err())
                .isEqualTo("caissa contest status: " + copy + ":20: competitions[0].runner.shards: must be"
                        + " a whole number from 1 to 1000, got \"four\"\n");
    }

    /**
     * A competition with fewer than two bots says so and does not start: one house bot, and a
     * participant whose only submission was not admitted (so not a bot of the competition).
     */
    @Test
    void aCompetitionWithFewerThanTwoBotsSaysSoAndDoesNotStart() throws IOException {
        Path file = dir.resolve("lonely.json");
        String text = Files.readString(SAMPLE)
                .replace(", {\"name\": \"greedy\", \"command\": [\"sample:greedy\"]}", "")
                .replace("\"opponents\": [\"random\", \"greedy\"]", "\"opponents\": [\"random\"]")
                .replace("\"name\": \"sample\"", "\"name\": \"lonely\"");
        Files.writeString(file, text);
        Path lonely = dir.resolve("lonely");
        ContestLayout layout = new ContestLayout(lonely);
        Files.createDirectories(lonely);
        ContestDefinition definition = ContestFile.read(file);
        assertThat(definition.houseBots()).hasSize(1);
        ContestFile.writeCopy(file, definition, layout.contestFile());
        Contest small = new Contest(definition, layout, ContestStore.open(layout));
        new Accounts(small.store(), Clock.systemUTC()).invite("dave");
        long dave = small.store().participantByName("dave").orElseThrow().id();
        Submission refused = small.store()
                .addSubmission(
                        dave,
                        "bot.c",
                        "C",
                        10,
                        "0".repeat(64),
                        Instant.now(),
                        s -> Files.createDirectories(layout.upload(s.id())));
        small.store()
                .setSubmissionState(
                        refused.id(), SubmissionState.NOT_ADMITTED, Optional.of("build: no"), Instant.now());

        CommandRun run = CommandRun.of("contest", "run", "--data", lonely.toString(), "test");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines())
                .contains("competition test-1: failed: competition 'test-1' needs at least 2 bots with"
                        + " an admitted submission or house bots, got 1 (random)");
        CompetitionRun failed =
                new CompetitionStore(small.store()).byName("test-1").orElseThrow();
        assertThat(failed.state()).isEqualTo(CompetitionState.FAILED);
        assertThat(failed.gamesPlayed()).isZero();
        assertThat(new CompetitionStore(small.store()).bots(failed.id())).isEmpty();
        assertThat(layout.competition("test-1")).doesNotExist();
        assertThat(layout.competition("test-1").resolveSibling("test-1.json")).doesNotExist();
        // Not an arena failure: the job is not tried again.
        assertThat(small.store().job(failed.job().orElseThrow()).orElseThrow().state())
                .isEqualTo(JobState.DONE);
    }

    @Test
    void statusListsEveryAccountAndSubmissionAndItsDocumentConformsToItsSchema() throws IOException {
        Accounts accounts = new Accounts(contest.store(), Clock.systemUTC());
        accounts.invite("ada");
        accounts.invite("<b>bob</b>");
        long ada = contest.store().participantByName("ada").orElseThrow().id();
        Submission first = submit(ada, "bot.c", "C");
        Submission second = submit(ada, "bot.py", "Python");
        contest.store().setSubmissionState(first.id(), SubmissionState.ADMITTED, Optional.empty(), Instant.now());
        contest.store()
                .setSubmissionState(
                        second.id(),
                        SubmissionState.NOT_ADMITTED,
                        Optional.of("build: the compiler said no"),
                        Instant.now());
        Files.writeString(
                contest.layout().admission(first.id()),
                "{\"schema\": \"caissa-arena/validation/1\", \"passed\": true, \"verdict\": \"PASS: ready to submit\"}");
        Path json = dir.resolve("status.json");

        CommandRun run = CommandRun.of("contest", "status", "--data", data.toString(), "--json", json.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines())
                .containsExactly(
                        "contest 'sample' (invite, deadline 2027-01-10T12:00:00Z): 3 accounts",
                        "organiser (organiser): 0 submissions",
                        "<b>bob</b> (participant): 0 submissions",
                        "ada (participant): 2 submissions",
                        "  #1 (id " + first.id() + ") bot.c, C: admitted [PASS: ready to submit] (plays)",
                        "  #2 (id " + second.id() + ") bot.py, Python: not-admitted: build: the compiler said no",
                        "jobs: 2 queued, 0 running, 0 done, 0 failed");
        JsonNode doc = Json.mapper().readTree(json.toFile());
        assertThat(problems(doc)).isEmpty();
        JsonNode adaRow = doc.get("participants").get(2);
        assertThat(adaRow.get("activeSubmission").asLong()).isEqualTo(first.id());
        assertThat(adaRow.get("submissions")
                        .get(0)
                        .get("admission")
                        .get("passed")
                        .asBoolean())
                .isTrue();
        assertThat(adaRow.get("submissions").get(1).get("admission").isNull()).isTrue();

        CommandRun toStandardOutput = CommandRun.of("contest", "status", "--data", data.toString(), "--json", "-");
        assertThat(problems(Json.mapper().readTree(toStandardOutput.out()))).isEmpty();
        assertThat(Files.readString(contest.layout().contestFile())).doesNotContain(dir.toString());
    }

    @Test
    void theSchemaRefusesWhatTheDocumentMustNotBe() throws IOException {
        JsonNode doc = Json.mapper()
                .readTree(CommandRun.of("contest", "status", "--data", data.toString(), "--json", "-")
                        .out());
        ((ObjectNode) doc.get("jobs")).put("lost", 1);

        assertThat(problems(doc)).isNotEmpty();
    }

    @Test
    void theSampleContestConformsToTheContestFilesSchemaAndAMistakeDoesNot() throws IOException {
        JsonNode sample = Json.mapper().readTree(SAMPLE.toFile());
        assertThat(problems("contest.schema.json", sample)).isEmpty();

        var test = (ObjectNode) sample.path("competitions").get(0);
        test.putObject("runner")
                .put("kind", "slurm")
                .put("shards", 4)
                .putArray("caissa")
                .add("/shared/caissa");
        assertThat(problems("contest.schema.json", sample)).isEmpty();
        ((ObjectNode) test.get("runner")).put("nodes", 3);
        assertThat(problems("contest.schema.json", sample)).isNotEmpty();
        ((ObjectNode) test.get("runner")).remove("nodes");

        ((ObjectNode) sample).put("registration", "closed");
        assertThat(problems("contest.schema.json", sample)).isNotEmpty();
    }

    private Submission submit(long participant, String file, String language) {
        return contest.store()
                .addSubmission(
                        participant,
                        file,
                        language,
                        10,
                        "0".repeat(64),
                        Instant.now(),
                        s -> Files.createDirectories(contest.layout().upload(s.id())));
    }

    private static List<String> problems(JsonNode doc) throws IOException {
        return problems("contest-status.schema.json", doc);
    }

    private static List<String> problems(String schemaFile, JsonNode doc) throws IOException {
        JsonNode schema = Json.mapper().readTree(SCHEMAS.resolve(schemaFile).toFile());
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                .getSchema(
                        schema,
                        SchemaValidatorsConfig.builder()
                                .formatAssertionsEnabled(true)
                                .build())
                .validate(doc)
                .stream()
                .map(ValidationMessage::getMessage)
                .toList();
    }
}
