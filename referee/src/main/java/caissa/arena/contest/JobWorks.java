package caissa.arena.contest;

/** The work of each kind of job: one line a kind. */
public final class JobWorks {

    private JobWorks() {}

    public static JobWork of(JobKind kind) {
        return switch (kind) {
            case ADMISSION -> new AdmissionWork();
            case COMPETITION -> CompetitionWork.INSTANCE;
        };
    }
}
