package caissa.arena.contest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A competition is queued once: by the schedule, the organiser's page and {@code caissa contest
 * run} asking at once, and by a stop and a resume, never two runs of an entry waiting nor two jobs
 * of a run (migration V3 and the store's transactions).
 */
class CompetitionQueueTest {

    /** As many askers as threads: the server's schedule, its page, and commands from other processes. */
    private static final int ASKERS = 6;

    @TempDir
    Path dir;

    private Contest contest;
    private final Clock clock = Clock.systemUTC();
    private ExecutorService threads;

    @BeforeEach
    void openTheContest() throws IOException {
        ContestDefinition definition = ContestFile.read(ContestFileTest.SAMPLE);
        ContestLayout layout = new ContestLayout(dir);
        ContestFile.writeCopy(ContestFileTest.SAMPLE, definition, layout.contestFile());
        contest = new Contest(definition, layout, ContestStore.open(layout));
        threads = Executors.newFixedThreadPool(ASKERS);
    }

    @AfterEach
    void stopTheThreads() {
        threads.shutdownNow();
    }

    private List<Job> openJobs(long run) {
        return contest.store().jobs().stream()
                .filter(j -> j.kind() == JobKind.COMPETITION
                        && j.subject() == run
                        && (j.state() == JobState.QUEUED || j.state() == JobState.RUNNING))
                .toList();
    }

    /**
     * Several processes (each its own connection to the database, as the server's schedule, its
     * page and {@code caissa contest run} have) ask for the same competition at the same moment,
     * again and again, each after a few steps of its own that the seed chooses: one run is queued
     * each time, with one job, and every other asker is told it is queued already.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void processesAskingForTheSameCompetitionAtOnceQueueItOnce(long seed) throws Exception {
        Random random = new Random(seed);
        List<Competitions> askers = new ArrayList<>();
        askers.add(new Competitions(contest, clock));
        while (askers.size() < ASKERS) {
            askers.add(new Competitions(
                    new Contest(contest.definition(), contest.layout(), ContestStore.open(contest.layout())), clock));
        }
        int rounds = 5;
        for (int round = 1; round <= rounds; round++) {
            CyclicBarrier together = new CyclicBarrier(ASKERS);
            List<Future<Competitions.Outcome>> asked = new ArrayList<>();
            for (Competitions asker : askers) {
                int steps = random.nextInt(200);
                asked.add(threads.submit(() -> {
                    together.await();
                    for (int i = 0; i < steps; i++) {
                        Thread.yield();
                    }
                    return asker.start(Optional.of("test"));
                }));
            }
            List<Competitions.Outcome> outcomes = new ArrayList<>();
            for (Future<Competitions.Outcome> outcome : asked) {
                outcomes.add(outcome.get());
            }

            assertThat(outcomes).filteredOn(o -> o instanceof Competitions.Done).hasSize(1);
            CompetitionRun run = outcomes.stream()
                    .filter(o -> o instanceof Competitions.Done)
                    .map(o -> ((Competitions.Done) o).run())
                    .findFirst()
                    .orElseThrow();
            assertThat(outcomes)
                    .filteredOn(o -> o instanceof Competitions.Refused)
                    .hasSize(ASKERS - 1)
                    .containsOnly(
                            new Competitions.Refused("competition " + run.name() + " of 'test' is queued already"));
            assertThat(run.name()).isEqualTo("test-" + round);
            assertThat(openJobs(run.id())).hasSize(1);
            // It is cancelled so that the next round may ask again.
            assertThat(askers.get(0).cancel(run.name(), job -> {})).isInstanceOf(Competitions.Done.class);
        }
        assertThat(new CompetitionStore(contest.store()).all())
                .hasSize(rounds)
                .allSatisfy(r -> assertThat(r.state()).isEqualTo(CompetitionState.CANCELLED));
    }

    /** Stopped before its job started, then resumed: the run has one job waiting, the new one. */
    @Test
    void aCompetitionStoppedWhileQueuedAndResumedHasOneJob() {
        Competitions competitions = new Competitions(contest, clock);
        CompetitionRun run = ((Competitions.Done) competitions.start(Optional.of("test"))).run();
        long first = run.job().orElseThrow();

        assertThat(competitions.stop(run.name(), job -> {})).isInstanceOf(Competitions.Done.class);
        assertThat(openJobs(run.id())).isEmpty();
        CompetitionRun resumed = ((Competitions.Done) competitions.resume(run.name())).run();

        assertThat(resumed.state()).isEqualTo(CompetitionState.QUEUED);
        assertThat(openJobs(run.id()))
                .extracting(Job::id)
                .containsExactly(resumed.job().orElseThrow());
        assertThat(contest.store().job(first).orElseThrow().state()).isEqualTo(JobState.DONE);
        assertThat(contest.store().jobs(JobState.QUEUED))
                .extracting(Job::subject)
                .containsExactly(run.id());
    }

    /** A resume while the stopped run's child is still ending waits, rather than queue a second job beside it. */
    @Test
    void aResumeWhileTheStoppedRunsJobStillRunsIsRefusedInOneLine() {
        Competitions competitions = new Competitions(contest, clock);
        CompetitionRun run = ((Competitions.Done) competitions.start(Optional.of("test"))).run();
        Jobs jobs = new Jobs(contest.store(), clock);
        assertThat(jobs.start(contest.store().job(run.job().orElseThrow()).orElseThrow()))
                .isTrue();
        CompetitionStore store = new CompetitionStore(contest.store());
        assertThat(store.moveState(
                        run.id(),
                        List.of(CompetitionState.QUEUED),
                        CompetitionState.STOPPED,
                        Optional.of("stopped by the organiser"),
                        clock.instant()))
                .isTrue();

        assertThat(competitions.resume(run.name()))
                .isEqualTo(new Competitions.Refused(
                        "competition " + run.name() + " is still stopping; resume it in a moment"));
        assertThat(openJobs(run.id())).hasSize(1);
    }

    /** The database itself refuses a second job queued for a run that has one. */
    @Test
    void theDatabaseRefusesASecondOpenJobForOneCompetition() {
        CompetitionRun run = new CompetitionStore(contest.store())
                .create("test", ContestDefinition.CompetitionKind.TEST, Instant.now())
                .orElseThrow();

        assertThatThrownBy(() -> contest.store().addJob(JobKind.COMPETITION, run.id(), Instant.now()))
                .isInstanceOf(ContestStoreException.class)
                .hasMessageContaining("UNIQUE");
        contest.store().closeJob(run.job().orElseThrow(), "cancelled by the organiser", Instant.now());
        assertThat(contest.store()
                        .addJob(JobKind.COMPETITION, run.id(), Instant.now())
                        .state())
                .isEqualTo(JobState.QUEUED);
    }

    /**
     * A data folder of the schema before (V2) that holds a stale second job for a competition is
     * brought up to date: the competition's own job waits, the stale one is done.
     */
    @Test
    void aDatabaseWithAStaleDuplicateJobIsMigratedKeepingTheCompetitionsOwn() throws SQLException, IOException {
        ContestLayout layout = new ContestLayout(dir.resolve("old"));
        String url = "jdbc:sqlite:" + layout.database();
        Files.createDirectories(layout.dir());
        Flyway.configure(getClass().getClassLoader())
                .dataSource(url, null, null)
                .locations("classpath:db/contest")
                .target("2")
                .load()
                .migrate();
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO job (id, kind, subject, state, created) VALUES"
                    + " (1, 'competition', 1, 'queued', '2026-01-01T00:00:00Z'),"
                    + " (2, 'competition', 1, 'queued', '2026-01-01T00:01:00Z')");
            s.executeUpdate("INSERT INTO competition (id, entry, kind, name, state, job, created) VALUES"
                    + " (1, 'test', 'test', 'test-1', 'queued', 2, '2026-01-01T00:00:00Z')");
        }

        ContestStore store = ContestStore.open(layout);

        assertThat(store.job(2).orElseThrow().state()).isEqualTo(JobState.QUEUED);
        assertThat(store.job(1).orElseThrow().state()).isEqualTo(JobState.DONE);
        assertThat(store.job(1).orElseThrow().error())
                .hasValueSatisfying(e -> assertThat(e).contains("stale duplicate"));
    }
}
