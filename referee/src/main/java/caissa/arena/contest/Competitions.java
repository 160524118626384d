package caissa.arena.contest;

import caissa.arena.contest.ContestDefinition.Competition;
import caissa.arena.contest.ContestDefinition.CompetitionKind;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Starting, stopping, resuming and cancelling competitions, and their schedule: a test
 * competition every {@code every} (the first as soon as two bots can play), the final at its
 * deadline, when uploads close. The server's page, {@code caissa contest run} and the server's
 * schedule all come here; the games are played by the {@code competition} job.
 */
public final class Competitions {

    /** What became of a request to start, stop, resume or cancel. */
    public sealed interface Outcome {}

    public record Done(CompetitionRun run) implements Outcome {}

    public record Refused(String reason) implements Outcome {}

    private final Contest contest;
    private final CompetitionStore store;
    private final Clock clock;

    public Competitions(Contest contest, Clock clock) {
        this.contest = contest;
        this.store = new CompetitionStore(contest.store());
        this.clock = clock;
    }

    public CompetitionStore store() {
        return store;
    }

    /** The submission window: uploads close at the final's deadline. */
    public SubmissionWindow window() {
        return contest.definition().deadline().map(SubmissionWindow::closingAt).orElse(SubmissionWindow.open());
    }

    /**
     * Queues a run of the entry named, or of the contest's first test competition without a name.
     * A final starts only at its deadline, and once.
     */
    public Outcome start(Optional<String> entryName) {
        Optional<Competition> entry = entryName.isPresent()
                ? contest.definition().competition(entryName.get())
                : contest.definition().competitions().stream()
                        .filter(c -> c.kind() == CompetitionKind.TEST)
                        .findFirst();
        if (entry.isEmpty()) {
            return new Refused(entryName
                    .map(n -> "the contest has no competition '" + n + "'; it has: "
                            + String.join(
                                    ", ",
                                    contest.definition().competitions().stream()
                                            .map(Competition::name)
                                            .toList()))
                    .orElse("the contest file has no test competition"));
        }
        Instant now = clock.instant();
        if (entry.get().kind() == CompetitionKind.FINAL
                && entry.get().deadline().map(now::isBefore).orElse(false)) {
            return new Refused("the final '" + entry.get().name() + "' starts at its deadline, "
                    + entry.get().deadline().get() + ", when uploads close");
        }
        // The store checks for a run queued or running in the transaction that queues this one: a
        // check here, before it, would let the schedule and 'caissa contest run' both pass it.
        Optional<CompetitionRun> created =
                store.create(entry.get().name(), entry.get().kind(), now);
        if (created.isPresent()) {
            return new Done(created.get());
        }
        return store.open(entry.get().name())
                .<Outcome>map(active -> new Refused("competition " + active.name() + " of '"
                        + entry.get().name() + "' is " + active.state().word() + " already"))
                .orElseGet(() -> new Refused("the final '" + entry.get().name() + "' has been played already"));
    }

    /** Stops a queued or running competition; it waits to be resumed from where it stopped. */
    public Outcome stop(String name, JobStopper runner) {
        return move(
                name,
                List.of(CompetitionState.QUEUED, CompetitionState.RUNNING),
                CompetitionState.STOPPED,
                "stopped by the organiser",
                runner);
    }

    /** Cancels a competition that has not ended: it will not play again; its folder stays as it was. */
    public Outcome cancel(String name, JobStopper runner) {
        return move(
                name,
                List.of(CompetitionState.QUEUED, CompetitionState.RUNNING, CompetitionState.STOPPED),
                CompetitionState.CANCELLED,
                "cancelled by the organiser",
                runner);
    }

    /** Queues a stopped competition again; it resumes from its journal. */
    public Outcome resume(String name) {
        Optional<CompetitionRun> run = store.byName(name);
        if (run.isEmpty()) {
            return new Refused("no competition " + name);
        }
        CompetitionStore.Requeue requeue = store.requeue(run.get().id(), clock.instant());
        if (requeue instanceof CompetitionStore.Requeued requeued) {
            return new Done(requeued.run());
        }
        return new Refused(((CompetitionStore.NotRequeued) requeue).reason());
    }

    /** Two bots, one of them a participant's: house bots alone make no competition worth scheduling. */
    private static boolean playable(List<CompetitionEntrant> entrants) {
        return entrants.size() >= 2 && entrants.stream().anyMatch(e -> !e.isHouse());
    }

    /** Ends a running job's child: the server's job runner, given by the caller. */
    @FunctionalInterface
    public interface JobStopper {
        void stop(long jobId);
    }

    private Outcome move(
            String name, List<CompetitionState> from, CompetitionState to, String reason, JobStopper runner) {
        Optional<CompetitionRun> run = store.byName(name);
        if (run.isEmpty()) {
            return new Refused("no competition " + name);
        }
        if (!store.moveState(run.get().id(), from, to, Optional.of(reason), clock.instant())) {
            return new Refused(
                    "competition " + name + " is " + run.get().state().word() + "; it cannot be " + to.word());
        }
        run.get().job().ifPresent(job -> {
            runner.stop(job);
            // The job ends with its competition, whether it ran or still waited: a restarted server
            // does not pick it up again, and a resume's new job is the run's only one.
            contest.store().closeJob(job, reason, clock.instant());
        });
        return new Done(store.run(run.get().id()).orElseThrow());
    }

    /**
     * What the schedule starts now: each test competition whose last run began {@code every} ago
     * (or that never ran) once at least two bots can play, and the final once its deadline passed.
     *
     * @return the runs queued
     */
    public List<CompetitionRun> due() throws IOException {
        Instant now = clock.instant();
        List<CompetitionRun> started = new ArrayList<>();
        for (Competition entry : contest.definition().competitions()) {
            if (entry.kind() == CompetitionKind.FINAL) {
                if (entry.deadline().map(d -> !now.isBefore(d)).orElse(false)) {
                    store.create(entry.name(), entry.kind(), now, latest -> latest.isEmpty())
                            .ifPresent(started::add);
                }
            } else if (entry.every().isPresent() && playable(CompetitionWork.entrants(contest))) {
                // Whether the period has passed is read in the transaction that queues the run.
                Duration every = entry.every().get();
                store.create(
                                entry.name(),
                                entry.kind(),
                                now,
                                latest -> latest.map(r -> r.state().ended()
                                                && !now.isBefore(r.created().plus(every)))
                                        .orElse(true))
                        .ifPresent(started::add);
            }
        }
        return started;
    }
}
