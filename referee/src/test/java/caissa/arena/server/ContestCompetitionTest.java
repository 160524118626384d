package caissa.arena.server;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.contest.Accounts;
import caissa.arena.contest.CompetitionRun;
import caissa.arena.contest.CompetitionState;
import caissa.arena.contest.CompetitionStore;
import caissa.arena.contest.Contest;
import caissa.arena.contest.Job;
import caissa.arena.contest.JobKind;
import caissa.arena.contest.JobState;
import caissa.arena.contest.JournalTail;
import caissa.arena.contest.Participant;
import caissa.arena.contest.Role;
import caissa.arena.contest.Submission;
import caissa.arena.contest.SubmissionState;
import caissa.arena.game.GameRecord;
import caissa.arena.records.GameLogs;
import caissa.arena.testbots.Poll;
import caissa.arena.testkit.CommandRun;
import caissa.arena.testkit.ContestData;
import caissa.arena.tournament.FinishedGame;
import java.io.OutputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test competition on a real server, as an organiser runs one: three participants with admitted
 * submissions, {@code caissa contest run} queueing the competition on the running server, the
 * server killed with SIGKILL in the middle and started again, the competition finished with every
 * game played once and {@code caissa verify} agreeing; each participant's games page and each
 * game's page showing only their own bot's standard error; the public page showing the standings.
 */
class ContestCompetitionTest {

    private static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final List<String> NAMES = List.of("alice", "bob", "carol");

    @TempDir
    Path dir;

    /**
     * A contest whose one language runs a java argument file: each submission is the test bot
     * ({@code caissa.arena.testbots.TestBot}), which writes its pid to standard error.
     */
    static Path contestFile(Path dir, String competitions) throws Exception {
        Path house = dir.resolve("house.args");
        Files.writeString(house, argFile("random"));
        // Open to all, as an organiser's files are: a root arena runs the house bot as a user of
        // its own, which must reach its argument file (else it is refused before its games).
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(house, PosixFilePermissions.fromString("rw-r--r--"));
        Path file = dir.resolve("contest.json");
        Files.writeString(file, """
                {"name": "cup", "title": "Test cup", "variant": "caissa", "registration": "invite",
                 "languages": [{"name": "Args", "extensions": ["args"], "build": ["true"], "run": ["%s", "@{main}"]}],
                 "houseBots": [{"name": "house", "command": ["%s", "@%s"]}],
                 "admission": {"opponents": ["house"], "gamesPerColour": 1, "timePerGame": "20s"},
                 "slots": 2,
                 "public": {"standings": true, "replays": true},
                 "competitions": [%s]}
                """.formatted(JAVA, JAVA, house, competitions));
        return file;
    }

    static String argFile(String behaviour) {
        return "-XX:TieredStopAtLevel=1 -Xshare:auto -cp \"" + System.getProperty("java.class.path")
                + "\" caissa.arena.testbots.TestBot " + behaviour + "\n";
    }

    /** An admitted submission, stored as an admission would leave it, and a session to see the pages with. */
    static String participantWithBot(Contest contest, String name) throws Exception {
        Participant participant = contest.store()
                .addParticipant(name, Role.PARTICIPANT, Optional.empty(), Accounts.secret(), Instant.now())
                .orElseThrow();
        admittedBot(contest, participant);
        return session(contest, participant);
    }

    /** A new submission of the participant, admitted (so their active one), its admission job done. */
    static Submission admittedBot(Contest contest, Participant participant) throws Exception {
        Submission submission = contest.store()
                .addSubmission(
                        participant.id(),
                        "bot.args",
                        "Args",
                        10,
                        "00",
                        Instant.now(),
                        s -> Files.createDirectories(contest.layout().submission(s.id())));
        // What its build left: the bot's files in its build folder.
        Path build = contest.layout().build(submission.id());
        Files.createDirectories(build);
        Files.writeString(build.resolve("bot.args"), argFile("random"));
        contest.store().setSubmissionState(submission.id(), SubmissionState.ADMITTED, Optional.empty(), Instant.now());
        // Its admission is done: the queue must not build it again (it has no upload to build from).
        for (Job job : contest.store().jobs(JobState.QUEUED)) {
            if (job.kind() == JobKind.ADMISSION && job.subject() == submission.id()) {
                contest.store().startJob(job.id(), Instant.now());
                contest.store().endJob(job.id(), JobState.DONE, Optional.empty(), Instant.now());
            }
        }
        return submission;
    }

    /**
     * The data folder as a server that ran once and stopped leaves it (the contest file's copy, the
     * database, the organiser), with the participants' admitted bots stored while no server runs
     * (so that no job runner takes their admission jobs meanwhile). Made in this process, as the
     * server makes it: the tests start their server on it next.
     *
     * @return each participant's session cookie
     */
    static Map<String, String> prepared(Path file, Path data, List<String> names) throws Exception {
        Contest contest = ContestData.open(file, data);
        new Accounts(contest.store(), Clock.systemUTC()).organiser();
        Map<String, String> cookies = new HashMap<>();
        for (String name : names) {
            cookies.put(name, participantWithBot(contest, name));
        }
        return cookies;
    }

    static String session(Contest contest, Participant participant) {
        String id = Accounts.secret();
        contest.store()
                .addSession(
                        Accounts.digest(id),
                        participant.id(),
                        "csrf-" + participant.id(),
                        Instant.now(),
                        Instant.now().plus(Duration.ofDays(1)));
        return Sessions.SESSION_COOKIE + "=" + id;
    }

    @Test
    void aTestCompetitionSurvivesASigkillOfTheServerAndEachAuthorSeesOnlyTheirOwnStandardError() throws Exception {
        Path file = contestFile(dir, """
                {"name": "test", "kind": "test", "tournament": {"gamesPerPair": 2, "timePerGame": "30s",
                 "firstMoveAllowance": "20s", "seed": 1, "sandbox": "none"}}""");
        Path data = dir.resolve("data");
        Map<String, String> cookies = prepared(file, data, NAMES);
        ContestServerProcess server = ContestServerProcess.start(file, data);
        Contest contest = Contest.open(data);
        // Not yet admitted: listed as such, and not in the competition.
        contest.store().addParticipant("dave", Role.PARTICIPANT, Optional.empty(), Accounts.secret(), Instant.now());

        Process run = new ProcessBuilder(
                        ContestServerProcess.caissa("contest", "run", "--data", data.toString(), "test"))
                .redirectErrorStream(true)
                .start();
        String printed = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(run.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(run.exitValue()).as(printed).isZero();
        assertThat(printed)
                .contains("competition test-1: queued on the running server; follow it at " + server.url
                        + "competitions/test-1");

        CompetitionStore competitions = new CompetitionStore(contest.store());
        Path folder = data.resolve("competitions/test-1");
        Poll.await(
                Duration.ofMinutes(5),
                "three games of test-1 played",
                () -> new JournalTail(folder).next().size() >= 3);
        server.kill();
        assertThat(competitions.byName("test-1").orElseThrow().state()).isEqualTo(CompetitionState.RUNNING);
        // While it is down, alice's new submission is admitted and becomes her active one: it does
        // not enter the competition that started with her first.
        Participant alice = contest.store().participantByName("alice").orElseThrow();
        long first = alice.activeSubmission().orElseThrow();
        Submission second = admittedBot(contest, alice);
        assertThat(contest.store().participantByName("alice").orElseThrow().activeSubmission())
                .contains(second.id());

        server = ContestServerProcess.start(file, data);
        try {
            Poll.await(
                    Duration.ofMinutes(10),
                    "test-1 done",
                    () -> competitions.byName("test-1").orElseThrow().state().ended());
            CompetitionRun done = competitions.byName("test-1").orElseThrow();
            assertThat(done.state())
                    .as(done.reason().orElse("") + "\n" + server.output())
                    .isEqualTo(CompetitionState.DONE);

            // Every game once: 4 bots (three participants and the house bot), 2 games a pair.
            List<FinishedGame> games = new JournalTail(folder).next();
            Set<Integer> numbers = new HashSet<>();
            games.forEach(g -> assertThat(numbers.add(g.game()))
                    .as("game %d once", g.game())
                    .isTrue());
            assertThat(numbers)
                    .hasSize(12)
                    .isEqualTo(done.gamesTotal()
                            .map(t -> {
                                Set<Integer> all = new HashSet<>();
                                for (int i = 1; i <= t; i++) {
                                    all.add(i);
                                }
                                return all;
                            })
                            .orElseThrow());
            Process verify = new ProcessBuilder(ContestServerProcess.caissa("verify", folder.toString()))
                    .redirectErrorStream(true)
                    .start();
            String verified = new String(verify.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(verify.waitFor(300, TimeUnit.SECONDS)).isTrue();
            assertThat(verify.exitValue()).as(verified).isZero();

            long test1 = done.id();
            assertThat(competitions.bots(test1))
                    .filteredOn(b -> b.bot().equals("alice"))
                    .singleElement()
                    .satisfies(b -> assertThat(b.submission()).contains(first));
            assertThat(server.get("/competitions/test-1", cookies.get("alice")).body())
                    .contains("<td>alice</td><td>submission 1 (bot.args, Args, sha256 ");

            // Each participant: their six games, and in each only their own bot's standard error.
            for (String name : NAMES) {
                HttpResponse<String> mine = server.get("/me/games", cookies.get(name));
                assertThat(mine.statusCode()).isEqualTo(200);
                Matcher links =
                        Pattern.compile("/competitions/test-1/games/(\\d+)").matcher(mine.body());
                Set<Integer> listed = new HashSet<>();
                while (links.find()) {
                    listed.add(Integer.parseInt(links.group(1)));
                }
                Set<Integer> expected = new HashSet<>();
                games.stream()
                        .filter(g -> g.white().equals(name) || g.black().equals(name))
                        .forEach(g -> expected.add(g.game()));
                assertThat(listed).hasSize(6).isEqualTo(expected);
                int number = expected.iterator().next();
                FinishedGame game = games.stream()
                        .filter(g -> g.game() == number)
                        .findFirst()
                        .orElseThrow();
                GameRecord record = GameLogs.read(folder.resolve(game.file()));
                GameRecord.PlayerRecord own = record.white().name().equals(name) ? record.white() : record.black();
                GameRecord.PlayerRecord other = own == record.white() ? record.black() : record.white();
                HttpResponse<String> page = server.get("/competitions/test-1/games/" + number, cookies.get(name));
                assertThat(page.statusCode()).isEqualTo(200);
                assertThat(own.stderr().head()).startsWith("pid ");
                assertThat(page.body())
                        .contains("Standard error of " + name)
                        .contains(firstLine(own.stderr().head()))
                        .doesNotContain("Standard error of " + other.name())
                        .doesNotContain(firstLine(other.stderr().head()));
            }

            // The public: the standings of the finished competition and its replays, no standard error.
            HttpResponse<String> standings = server.get("/competitions/test-1", null);
            assertThat(standings.statusCode()).isEqualTo(200);
            assertThat(standings.body())
                    .contains("alice", "bob", "carol", "house")
                    .contains("12</span> of");
            HttpResponse<String> replay = server.get("/competitions/test-1/games/1", null);
            assertThat(replay.statusCode()).isEqualTo(200);
            assertThat(replay.body()).doesNotContain("Standard error").doesNotContain("pid ");
            assertThat(server.get("/me/games", null).statusCode()).isEqualTo(401);
            assertThat(server.get("/competitions/test-1/report", cookies.get("alice"))
                            .statusCode())
                    .isEqualTo(403);
            HttpResponse<String> ranking = server.get("/ranking", null);
            assertThat(ranking.body()).contains("Ratings over the test competitions");
            // Dave, without an admitted submission, is listed as such, and only he.
            Matcher without = Pattern.compile("Without an admitted submission, so in no competition: ([^<]*)</p>")
                    .matcher(ranking.body());
            assertThat(without.find()).as(ranking.body()).isTrue();
            assertThat(without.group(1).strip()).isEqualTo("dave");
        } finally {
            server.close();
        }
    }

    /**
     * Two competitions asked for at once, each taking every slot of the machine: the second's job
     * starts once the first's has ended, so that no game of one shares a slot with the other's.
     */
    @Test
    void twoCompetitionsAskedForAtOnceRunOneAfterTheOther() throws Exception {
        String entry = """
                {"name": "%s", "kind": "test", "tournament": {"gamesPerPair": 2, "timePerGame": "30s",
                 "firstMoveAllowance": "20s", "seed": 1, "sandbox": "none"}}""";
        Path file = contestFile(dir, entry.formatted("a") + ", " + entry.formatted("b"));
        Path data = dir.resolve("data");
        prepared(file, data, List.of("alice"));
        try (ContestServerProcess server = ContestServerProcess.start(file, data)) {
            Contest contest = Contest.open(data);
            assertThat(contest.definition().slots()).isEqualTo(2);
            for (String name : List.of("a", "b")) {
                CommandRun run = CommandRun.of("contest", "run", "--data", data.toString(), name);
                assertThat(run.exitCode()).as(run.err()).isZero();
                assertThat(run.out()).startsWith("competition " + name + "-1: queued on the running server");
            }

            CompetitionStore competitions = new CompetitionStore(contest.store());
            Poll.await(
                    Duration.ofMinutes(10),
                    "both competitions ended",
                    () -> List.of("a-1", "b-1").stream()
                            .allMatch(n ->
                                    competitions.byName(n).orElseThrow().state().ended()));
            CompetitionRun a = competitions.byName("a-1").orElseThrow();
            CompetitionRun b = competitions.byName("b-1").orElseThrow();
            for (CompetitionRun run : List.of(a, b)) {
                assertThat(run.state())
                        .as(run.reason().orElse("") + server.output())
                        .isEqualTo(CompetitionState.DONE);
                assertThat(run.gamesPlayed())
                        .isEqualTo(2)
                        .isEqualTo(run.gamesTotal().orElseThrow());
            }
            Job first = contest.store().job(a.job().orElseThrow()).orElseThrow();
            Job second = contest.store().job(b.job().orElseThrow()).orElseThrow();
            assertThat(second.started().orElseThrow())
                    .isAfterOrEqualTo(first.finished().orElseThrow());
            assertThat(b.started().orElseThrow()).isAfterOrEqualTo(a.finished().orElseThrow());
        }
    }

    /**
     * A disk that fills during a competition (a small tmpfs under the competitions' folder, which
     * needs root; CI sets CAISSA_REQUIRE_TMPFS=1 so that this cannot be skipped there) stops it
     * with the message; once there is room, the organiser resumes it from its page and it ends
     * with every game played once and {@code caissa verify} agreeing.
     */
    @Test
    void aFullDiskStopsTheCompetitionWithAMessageAndItResumesCleanlyOnceThereIsRoom() throws Exception {
        if (!"1".equals(System.getenv("CAISSA_REQUIRE_TMPFS"))) {
            Assumptions.assumeTrue(
                    "root".equals(System.getProperty("user.name")),
                    "mounting a small tmpfs needs root (CI runs as root)");
        }
        Path file = contestFile(dir, """
                {"name": "test", "kind": "test", "tournament": {"gamesPerPair": 2, "timePerGame": "30s",
                 "firstMoveAllowance": "20s", "seed": 1, "sandbox": "none"}}""");
        Path data = dir.resolve("data");
        prepared(file, data, NAMES);
        Path disk = Files.createDirectories(data.resolve("competitions"));
        assertThat(command("mount", "-t", "tmpfs", "-o", "size=" + 96 * 1024, "tmpfs", disk.toString()))
                .as("mount a small tmpfs at " + disk)
                .isZero();
        try (ContestServerProcess server = ContestServerProcess.start(file, data)) {
            Contest contest = Contest.open(data);
            Participant organiser = contest.store().participants().stream()
                    .filter(Participant::isOrganiser)
                    .findFirst()
                    .orElseThrow();
            String cookie = session(contest, organiser);
            String csrf = "csrf=csrf-" + organiser.id();
            assertThat(server.post("/competitions/test/start", cookie, csrf).statusCode())
                    .isEqualTo(303);

            CompetitionStore competitions = new CompetitionStore(contest.store());
            Poll.await(
                    Duration.ofMinutes(10),
                    "test-1 stopped or ended",
                    () -> competitions
                            .byName("test-1")
                            .map(r -> r.state() == CompetitionState.STOPPED
                                    || r.state().ended())
                            .orElse(false));
            CompetitionRun stopped = competitions.byName("test-1").orElseThrow();
            assertThat(stopped.state()).as(server.output()).isEqualTo(CompetitionState.STOPPED);
            assertThat(stopped.reason())
                    .hasValueSatisfying(r -> assertThat(r)
                            .startsWith("stopped: ")
                            .contains("No space left on device")
                            .endsWith("; once this is fixed, resume the competition from its page"));
            assertThat(server.get("/competitions/test-1", cookie).body()).contains("No space left on device");

            // Its job ends once the server's runner has seen its child exit; a resume before is refused.
            Poll.await(
                    Duration.ofMinutes(1),
                    "the stopped run's job ended",
                    () -> contest.store()
                                    .job(stopped.job().orElseThrow())
                                    .orElseThrow()
                                    .state()
                            != JobState.RUNNING);
            assertThat(command("mount", "-o", "remount,size=" + (64 << 20), disk.toString()))
                    .as("grow the tmpfs")
                    .isZero();
            assertThat(server.post("/competitions/test-1/resume", cookie, csrf).statusCode())
                    .isEqualTo(303);
            Poll.await(
                    Duration.ofMinutes(10),
                    "test-1 ended",
                    () -> competitions.byName("test-1").orElseThrow().state().ended());
            CompetitionRun done = competitions.byName("test-1").orElseThrow();
            assertThat(done.state())
                    .as(done.reason().orElse("") + "\n" + server.output())
                    .isEqualTo(CompetitionState.DONE);

            Path folder = data.resolve("competitions/test-1");
            List<FinishedGame> games = new JournalTail(folder).next();
            Set<Integer> numbers = new HashSet<>();
            games.forEach(g -> assertThat(numbers.add(g.game()))
                    .as("game %d once", g.game())
                    .isTrue());
            assertThat(numbers).hasSize(12);
            assertThat(done.gamesTotal()).contains(12);
            Process verify = new ProcessBuilder(ContestServerProcess.caissa("verify", folder.toString()))
                    .redirectErrorStream(true)
                    .start();
            String verified = new String(verify.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(verify.waitFor(300, TimeUnit.SECONDS)).isTrue();
            assertThat(verify.exitValue()).as(verified).isZero();
        } finally {
            command("umount", "-l", disk.toString());
        }
    }

    private static int command(String... words) throws Exception {
        Process process = new ProcessBuilder(words).redirectErrorStream(true).start();
        process.getInputStream().transferTo(OutputStream.nullOutputStream());
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return process.exitValue();
    }

    private static String firstLine(String text) {
        return text.split("\n")[0];
    }
}
