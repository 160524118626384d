package caissa.arena.contest;

/** The work of each kind of job: one line a kind. */
public final class JobWorks {

    private JobWorks() {
    }

    public static JobWork of(JobKind kind) {
        return switch (kind) {
            case ADMISSION -> NotYetBuilt.INSTANCE;
            case COMPETITION -> CompetitionWork.INSTANCE;
        };
    }

    /** Until the kind's work lands (issue 37's admission, issue 38's competitions): the job fails saying so. */
    private enum NotYetBuilt implements JobWork {
        INSTANCE;

        @Override
        public void run(Job job, Contest contest) {
            throw new UnsupportedOperationException("the " + job.kind().word() + " job is not built into this arena");
        }
    }
}
