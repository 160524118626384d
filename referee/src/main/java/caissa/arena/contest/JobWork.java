package caissa.arena.contest;

/**
 * The work of one kind of job, done in the job's child process ({@code caissa contest job}),
 * never in the web server. {@link JobWorks} gives the work of each {@link JobKind}.
 *
 * <p>The work writes its files under the data folder and records its outcome through
 * {@link Contest#store()}. A bot's failures are outcomes, recorded as such; the work throws only
 * for the arena's own failures (a disk full, a sandbox that cannot start), and the job is then
 * tried again, at most {@link Jobs#MAX_ATTEMPTS} times, and never charged to a bot.
 */
public interface JobWork {

    /**
     * How many of the machine's slots ({@link ContestDefinition#slots()}) the job takes while it
     * runs: one for an admission, which plays its games one at a time.
     */
    default int slots(Job job, Contest contest) {
        return 1;
    }

    /**
     * Does the job. Runs in the child process; its standard error goes to the job's log
     * ({@link ContestLayout#jobLog}).
     *
     * @throws Exception for the arena's failures: the job is tried again
     */
    void run(Job job, Contest contest) throws Exception;
}
