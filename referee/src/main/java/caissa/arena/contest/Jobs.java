package caissa.arena.contest;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The durable job queue over the database: jobs wait {@code queued}, run, and end {@code done}
 * or {@code failed}; a job whose attempt failed for the arena's reasons is queued again, at most
 * {@value #MAX_ATTEMPTS} attempts in all.
 */
public final class Jobs {

    /** Attempts at a job before it fails for good: a passing fault is retried, a lasting one named. */
    public static final int MAX_ATTEMPTS = 3;

    private final ContestStore store;
    private final Clock clock;

    public Jobs(ContestStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    public Job enqueue(JobKind kind, long subject) {
        return store.addJob(kind, subject, clock.instant());
    }

    /** The jobs waiting, oldest first: the order they run in. */
    public List<Job> queued() {
        return store.jobs(JobState.QUEUED);
    }

    /**
     * At a server's start: the jobs a dead server was running wait again.
     *
     * @return how many
     */
    public int requeueInterrupted() {
        return store.requeueRunningJobs();
    }

    /** The job starts an attempt; false when it is not queued any more (cancelled meanwhile). */
    public boolean start(Job job) {
        return store.startJob(job.id(), clock.instant());
    }

    /**
     * An attempt ended: {@code done} when it succeeded; otherwise queued again, or {@code failed}
     * with its error after {@value #MAX_ATTEMPTS} attempts.
     *
     * @return the state it ended in
     */
    public JobState ended(long jobId, boolean succeeded, Optional<String> error) {
        if (succeeded) {
            store.endJob(jobId, JobState.DONE, Optional.empty(), clock.instant());
            return JobState.DONE;
        }
        int attempts = store.job(jobId).map(Job::attempts).orElse(MAX_ATTEMPTS);
        JobState state = attempts >= MAX_ATTEMPTS ? JobState.FAILED : JobState.QUEUED;
        store.endJob(jobId, state, error, clock.instant());
        if (state == JobState.FAILED) {
            // A competition whose job failed for good is failed too, with the arena's reason, rather
            // than shown running for ever; its journal keeps every game it finished.
            store.job(jobId)
                    .filter(j -> j.kind() == JobKind.COMPETITION)
                    .ifPresent(j -> new CompetitionStore(store)
                            .moveState(
                                    j.subject(),
                                    List.of(CompetitionState.QUEUED, CompetitionState.RUNNING),
                                    CompetitionState.FAILED,
                                    Optional.of("the arena failed to run it " + MAX_ATTEMPTS + " times"
                                            + error.map(e -> ": " + e).orElse("")),
                                    clock.instant()));
        }
        return state;
    }
}
