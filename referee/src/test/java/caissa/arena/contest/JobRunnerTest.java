package caissa.arena.contest;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.testkit.ContestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The durable queue and its runner, with real child processes (a stand-in for the job's work). */
class JobRunnerTest {

    @TempDir
    Path dir;

    private Contest contest;
    private Jobs jobs;
    private JobRunner runner;

    @BeforeEach
    void openTheContest() throws IOException {
        contest = ContestData.open(ContestData.SAMPLE, dir);
        jobs = new Jobs(contest.store(), Clock.systemUTC());
    }

    @AfterEach
    void stop() {
        if (runner != null) {
            runner.close();
        }
    }

    private JobRunner startRunner() {
        runner = new JobRunner(contest, jobs, StandInJobChild.class.getName());
        runner.start();
        return runner;
    }

    private Job job(long id) {
        return contest.store().job(id).orElseThrow();
    }

    private List<String> ran() throws IOException {
        Path file = dir.resolve("ran.txt");
        return Files.exists(file) ? Files.readAllLines(file) : List.of();
    }

    /** The child that runs the job, once it has written its PID. */
    private Optional<ProcessHandle> child(long job) {
        try {
            String pid = Files.readString(dir.resolve("pid-" + job));
            return pid.isEmpty() ? Optional.empty() : ProcessHandle.of(Long.parseLong(pid));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Test
    void queuedJobsRunInOrderEachInAChildProcessAndEndDone() throws IOException {
        List<Job> queued = List.of(
                jobs.enqueue(JobKind.ADMISSION, StandInJobChild.SUCCEEDS),
                jobs.enqueue(JobKind.ADMISSION, StandInJobChild.SUCCEEDS),
                jobs.enqueue(JobKind.COMPETITION, StandInJobChild.SUCCEEDS));
        startRunner();

        Await.until(
                "every job done",
                () -> queued.stream().allMatch(j -> job(j.id()).state() == JobState.DONE));
        assertThat(ran())
                .containsExactly(queued.stream().map(j -> Long.toString(j.id())).toArray(String[]::new));
        assertThat(queued).allSatisfy(j -> assertThat(job(j.id()).attempts()).isEqualTo(1));
    }

    @Test
    void aFailingJobIsTriedThreeTimesThenFailsWithItsLastLine() throws IOException {
        Job failing = jobs.enqueue(JobKind.ADMISSION, StandInJobChild.FAILS);
        Job after = jobs.enqueue(JobKind.ADMISSION, StandInJobChild.SUCCEEDS);
        startRunner();

        Await.until("the failing job failed", () -> job(failing.id()).state() == JobState.FAILED);
        Await.until("the next job done", () -> job(after.id()).state() == JobState.DONE);
        assertThat(job(failing.id()).attempts()).isEqualTo(Jobs.MAX_ATTEMPTS);
        assertThat(job(failing.id()).error())
                .hasValueSatisfying(
                        e -> assertThat(e).isEqualTo("the job's process ended with exit code 1: the disk is on fire"));
        assertThat(ran().stream().filter(l -> l.equals(Long.toString(failing.id()))))
                .hasSize(Jobs.MAX_ATTEMPTS);
    }

    @Test
    void aCompetitionWhoseJobFailsForGoodFailsWithTheArenasReason() {
        CompetitionStore competitions = new CompetitionStore(contest.store());
        CompetitionRun run = competitions
                .create("test", ContestDefinition.CompetitionKind.TEST, Instant.now())
                .orElseThrow();
        Job job = job(run.job().orElseThrow());
        for (int attempt = 1; attempt <= Jobs.MAX_ATTEMPTS; attempt++) {
            assertThat(jobs.start(job(job.id()))).isTrue();
            JobState state = jobs.ended(job.id(), false, Optional.of("the disk is on fire"));
            assertThat(state).isEqualTo(attempt < Jobs.MAX_ATTEMPTS ? JobState.QUEUED : JobState.FAILED);
            assertThat(competitions.run(run.id()).orElseThrow().state())
                    .isEqualTo(attempt < Jobs.MAX_ATTEMPTS ? run.state() : CompetitionState.FAILED);
        }
        assertThat(competitions.run(run.id()).orElseThrow().reason())
                .hasValue("the arena failed to run it 3 times: the disk is on fire");
    }

    @Test
    void aJobWaitsForAFreeSlotAndAStoppedChildEnds() throws IOException {
        assertThat(contest.definition().slots()).isEqualTo(1);
        Job waiting = jobs.enqueue(JobKind.ADMISSION, StandInJobChild.WAITS);
        Job next = jobs.enqueue(JobKind.ADMISSION, StandInJobChild.SUCCEEDS);
        startRunner();

        Await.until("the first job's child runs", () -> child(waiting.id()).isPresent());
        runner.wake();
        assertThat(runner.runningJobs()).containsExactly(waiting.id());
        assertThat(job(next.id()).state()).isEqualTo(JobState.QUEUED);
        ProcessHandle child = child(waiting.id()).orElseThrow();

        assertThat(runner.stop(waiting.id())).isTrue();
        Await.until("the stopped child ended", () -> !child.isAlive());
        Await.until("the next job done", () -> job(next.id()).state() == JobState.DONE);
    }

    @Test
    void aRunnerThatStopsEndsItsChildrenAndTheNextStartRunsTheirJobsAgain() throws IOException {
        Job waiting = jobs.enqueue(JobKind.ADMISSION, StandInJobChild.WAITS);
        startRunner();
        Await.until("the child runs", () -> child(waiting.id()).isPresent());
        ProcessHandle first = child(waiting.id()).orElseThrow();

        runner.close();
        Await.until("the child ended with its server's end of the pipe", () -> !first.isAlive());
        assertThat(job(waiting.id()).state()).isEqualTo(JobState.RUNNING);

        Files.delete(dir.resolve("pid-" + waiting.id()));
        startRunner();
        Await.until("the job runs again", () -> child(waiting.id()).isPresent());
        assertThat(child(waiting.id()).orElseThrow().pid()).isNotEqualTo(first.pid());
        assertThat(job(waiting.id()).state()).isEqualTo(JobState.RUNNING);
        assertThat(job(waiting.id()).attempts()).isEqualTo(1);
    }

    @Test
    void theChildIsTheServersOwnJavaAndClassPath() {
        runner = new JobRunner(contest, jobs);
        List<String> command = runner.childCommand(7);

        assertThat(command.get(0))
                .isEqualTo(ProcessHandle.current().info().command().orElseThrow());
        assertThat(command)
                .containsSubsequence(
                        "-cp",
                        System.getProperty("java.class.path"),
                        JobRunner.MAIN,
                        "contest",
                        "job",
                        "--data",
                        dir.toAbsolutePath().normalize().toString(),
                        "--job",
                        "7");
        assertThat(command).noneMatch(o -> o.startsWith("-javaagent") || o.startsWith("-agentlib"));
    }
}
