package caissa.arena.contest;

/** A job runner whose children are {@link StandInJobChild}, for tests outside this package. */
public final class StandInRunners {

    private StandInRunners() {}

    public static JobRunner runner(Contest contest, Jobs jobs) {
        return new JobRunner(contest, jobs, StandInJobChild.class.getName());
    }
}
