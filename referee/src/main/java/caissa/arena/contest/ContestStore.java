package caissa.arena.contest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.flywaydb.core.Flyway;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * The contest's database, {@code contest.db} in the data folder: SQLite in WAL mode, migrated by
 * Flyway at every open (migrations in {@code db/contest/}). Every SQL statement of the contest
 * lives in this class; callers get records. The server and the jobs' child processes open it at
 * once: each write is one short {@code BEGIN IMMEDIATE} transaction, and a writer waits for
 * another (busy timeout) instead of failing.
 */
public final class ContestStore {

    private static final int BUSY_TIMEOUT_MILLIS = 60_000;

    private final SQLiteDataSource source;

    private ContestStore(SQLiteDataSource source) {
        this.source = source;
    }

    /**
     * Opens the database of the data folder, creating it or bringing its schema up to date.
     *
     * @throws ContestStoreException when the database cannot be opened or migrated
     */
    public static ContestStore open(ContestLayout layout) {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        // FULL: a transaction acknowledged to a participant is on disk, even after a power cut.
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.setBusyTimeout(BUSY_TIMEOUT_MILLIS);
        config.enforceForeignKeys(true);
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        SQLiteDataSource source = new SQLiteDataSource(config);
        source.setUrl("jdbc:sqlite:" + layout.database());
        try {
            Flyway.configure(ContestStore.class.getClassLoader())
                    .dataSource(source)
                    .locations("classpath:db/contest")
                    .load()
                    .migrate();
        } catch (RuntimeException e) {
            throw new ContestStoreException(
                    layout.database() + ": cannot open the contest's database: " + firstLine(e), e);
        }
        return new ContestStore(source);
    }

    /** Work on one connection, in one transaction: committed when it returns, rolled back when it throws. */
    @FunctionalInterface
    interface Work<T> {
        T on(Connection connection) throws SQLException;
    }

    /** Runs {@code work} in one transaction. The one way this class reaches the database. */
    <T> T transaction(Work<T> work) {
        try (Connection connection = source.getConnection()) {
            connection.setAutoCommit(false);
            try {
                T result = work.on(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new ContestStoreException("the contest's database: " + firstLine(e), e);
        }
    }

    // --- participants -------------------------------------------------------------------------

    /**
     * Adds an account.
     *
     * @return the account, or empty when the name is taken (without regard to case)
     */
    public Optional<Participant> addParticipant(
            String name, Role role, Optional<String> passwordHash, String submitToken, Instant created) {
        return transaction(c -> {
            if (participantByName(c, name).isPresent()) {
                return Optional.empty();
            }
            long id = insert(
                    c,
                    "INSERT INTO participant (name, role, password_hash, submit_token, created)"
                            + " VALUES (?, ?, ?, ?, ?)",
                    name,
                    role.word(),
                    passwordHash.orElse(null),
                    submitToken,
                    created.toString());
            return participant(c, id);
        });
    }

    public Optional<Participant> participant(long id) {
        return transaction(c -> participant(c, id));
    }

    public Optional<Participant> participantByName(String name) {
        return transaction(c -> participantByName(c, name));
    }

    public Optional<Participant> participantBySubmitToken(String token) {
        return transaction(
                c -> one(c, "SELECT * FROM participant WHERE submit_token = ?", ContestStore::participant, token));
    }

    /** The participant's submit token, shown on their page for {@code caissa submit}. */
    public Optional<String> submitToken(long participant) {
        return transaction(
                c -> one(c, "SELECT submit_token FROM participant WHERE id = ?", r -> r.getString(1), participant));
    }

    /** Every account, the organiser first, then by name. */
    public List<Participant> participants() {
        return transaction(c -> list(
                c,
                "SELECT * FROM participant ORDER BY role = 'participant', name COLLATE NOCASE",
                ContestStore::participant));
    }

    public Optional<String> passwordHash(long participant) {
        return transaction(c ->
                        one(c, "SELECT password_hash FROM participant WHERE id = ?", r -> r.getString(1), participant))
                .filter(h -> h != null);
    }

    public void setPasswordHash(long participant, String hash) {
        update("UPDATE participant SET password_hash = ? WHERE id = ?", hash, participant);
    }

    public void setSubmitToken(long participant, String token) {
        update("UPDATE participant SET submit_token = ? WHERE id = ?", token, participant);
    }

    /** Disables or enables an account; disabling also ends its sessions. */
    public void setDisabled(long participant, boolean disabled) {
        transaction(c -> {
            execute(c, "UPDATE participant SET disabled = ? WHERE id = ?", disabled ? 1 : 0, participant);
            if (disabled) {
                execute(c, "DELETE FROM session WHERE participant = ?", participant);
            }
            return null;
        });
    }

    public void setActiveSubmission(long participant, long submission) {
        update("UPDATE participant SET active_submission = ? WHERE id = ?", submission, participant);
    }

    // --- invitations and one-time logins ------------------------------------------------------

    public void addInvitation(String codeHash, long participant, Instant created, Instant expires) {
        update(
                "INSERT INTO invitation (code_hash, participant, created, expires) VALUES (?, ?, ?, ?)",
                codeHash,
                participant,
                created.toString(),
                expires.toString());
    }

    public Optional<Grant> invitation(String codeHash) {
        return transaction(
                c -> one(c, "SELECT * FROM invitation WHERE code_hash = ?", r -> grant(r, "code_hash"), codeHash));
    }

    /** Marks an invitation used; false when it was used already (two requests racing for one code). */
    public boolean useInvitation(String codeHash, Instant when) {
        return transaction(c -> execute(
                        c,
                        "UPDATE invitation SET used = ? WHERE code_hash = ? AND used IS NULL",
                        when.toString(),
                        codeHash)
                == 1);
    }

    public void addOneTimeLogin(String tokenHash, long participant, Instant created, Instant expires) {
        update(
                "INSERT INTO one_time_login (token_hash, participant, created, expires) VALUES (?, ?, ?, ?)",
                tokenHash,
                participant,
                created.toString(),
                expires.toString());
    }

    public Optional<Grant> oneTimeLogin(String tokenHash) {
        return transaction(c ->
                one(c, "SELECT * FROM one_time_login WHERE token_hash = ?", r -> grant(r, "token_hash"), tokenHash));
    }

    public boolean useOneTimeLogin(String tokenHash, Instant when) {
        return transaction(c -> execute(
                        c,
                        "UPDATE one_time_login SET used = ? WHERE token_hash = ? AND used IS NULL",
                        when.toString(),
                        tokenHash)
                == 1);
    }

    /** An invitation or a one-time login, by the hash of its secret. */
    public record Grant(String hash, long participant, Instant created, Instant expires, Optional<Instant> used) {}

    // --- sessions and the login limit ---------------------------------------------------------

    public void addSession(String idHash, long participant, String csrfToken, Instant created, Instant expires) {
        update(
                "INSERT INTO session (id_hash, participant, csrf_token, created, expires) VALUES (?, ?, ?, ?, ?)",
                idHash,
                participant,
                csrfToken,
                created.toString(),
                expires.toString());
    }

    /** A session by the hash of its id. */
    public record SessionRow(String idHash, long participant, String csrfToken, Instant created, Instant expires) {}

    public Optional<SessionRow> session(String idHash) {
        return transaction(c -> one(
                c,
                "SELECT * FROM session WHERE id_hash = ?",
                r -> new SessionRow(
                        r.getString("id_hash"),
                        r.getLong("participant"),
                        r.getString("csrf_token"),
                        Instant.parse(r.getString("created")),
                        Instant.parse(r.getString("expires"))),
                idHash));
    }

    public void deleteSession(String idHash) {
        update("DELETE FROM session WHERE id_hash = ?", idHash);
    }

    /** Forgets the sessions that expired before {@code now}. */
    public void deleteExpiredSessions(Instant now) {
        update("DELETE FROM session WHERE expires < ?", now.toString());
    }

    public void addLoginFailure(String name, Instant when) {
        update("INSERT INTO login_failure (name, time) VALUES (?, ?)", name, when.toString());
    }

    /** Failed logins with this name (without regard to case) at or after {@code since}. */
    public int loginFailures(String name, Instant since) {
        return transaction(c -> one(
                        c,
                        "SELECT COUNT(*) FROM login_failure WHERE name = ? AND time >= ?",
                        r -> r.getInt(1),
                        name,
                        since.toString())
                .orElse(0));
    }

    public void clearLoginFailures(String name) {
        update("DELETE FROM login_failure WHERE name = ?", name);
    }

    // --- submissions --------------------------------------------------------------------------

    /** Puts an upload's files in place inside the transaction that records it; a throw undoes both. */
    @FunctionalInterface
    public interface Placement {
        void place(Submission submission) throws IOException;
    }

    /**
     * Records an upload as a new submission, {@code queued}, with its admission job, in one
     * transaction in which {@code placement} moves the uploaded files into place: either all of it
     * is stored, or none.
     *
     * @throws java.io.UncheckedIOException when the placement fails (nothing is recorded)
     */
    public Submission addSubmission(
            long participant,
            String fileName,
            String language,
            long bytes,
            String sha256,
            Instant created,
            Placement placement) {
        return transaction(c -> {
            int number = one(
                            c,
                            "SELECT COALESCE(MAX(number), 0) + 1 FROM submission WHERE participant = ?",
                            r -> r.getInt(1),
                            participant)
                    .orElse(1);
            long id = insert(
                    c,
                    "INSERT INTO submission (participant, number, file_name, language, bytes, sha256, state,"
                            + " created, updated) VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?)",
                    participant,
                    number,
                    fileName,
                    language,
                    bytes,
                    sha256,
                    created.toString(),
                    created.toString());
            insert(
                    c,
                    "INSERT INTO job (kind, subject, state, created) VALUES ('admission', ?, 'queued', ?)",
                    id,
                    created.toString());
            Submission submission = submission(c, id).orElseThrow();
            try {
                placement.place(submission);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return submission;
        });
    }

    public Optional<Submission> submission(long id) {
        return transaction(c -> submission(c, id));
    }

    /** A participant's submissions, newest first. */
    public List<Submission> submissionsOf(long participant) {
        return transaction(c -> list(
                c,
                "SELECT * FROM submission WHERE participant = ? ORDER BY number DESC",
                ContestStore::submission,
                participant));
    }

    /** Every submission, newest first. */
    public List<Submission> submissions() {
        return transaction(c -> list(c, "SELECT * FROM submission ORDER BY id DESC", ContestStore::submission));
    }

    /**
     * Moves a submission on. When it becomes admitted it becomes its participant's active one:
     * the newest admitted submission plays.
     */
    public void setSubmissionState(long id, SubmissionState state, Optional<String> reason, Instant when) {
        transaction(c -> {
            execute(
                    c,
                    "UPDATE submission SET state = ?, reason = ?, updated = ? WHERE id = ?",
                    state.word(),
                    reason.orElse(null),
                    when.toString(),
                    id);
            if (state == SubmissionState.ADMITTED) {
                execute(
                        c,
                        "UPDATE participant SET active_submission = ? WHERE id = (SELECT participant FROM submission"
                                + " WHERE id = ?) AND (active_submission IS NULL OR active_submission < ?)",
                        id,
                        id,
                        id);
            }
            return null;
        });
    }

    /** Makes a submission queued again with a new admission job: the organiser's re-run. */
    public Job rerunSubmission(long id, Instant when) {
        return transaction(c -> {
            execute(
                    c,
                    "UPDATE submission SET state = 'queued', reason = NULL, updated = ? WHERE id = ?",
                    when.toString(),
                    id);
            long job = insert(
                    c,
                    "INSERT INTO job (kind, subject, state, created) VALUES ('admission', ?, 'queued', ?)",
                    id,
                    when.toString());
            return job(c, job).orElseThrow();
        });
    }

    // --- jobs ---------------------------------------------------------------------------------

    public Job addJob(JobKind kind, long subject, Instant created) {
        return transaction(c -> job(
                        c,
                        insert(
                                c,
                                "INSERT INTO job (kind, subject, state, created) VALUES (?, ?, 'queued', ?)",
                                kind.word(),
                                subject,
                                created.toString()))
                .orElseThrow());
    }

    public Optional<Job> job(long id) {
        return transaction(c -> job(c, id));
    }

    /** The jobs in that state, oldest first. */
    public List<Job> jobs(JobState state) {
        return transaction(
                c -> list(c, "SELECT * FROM job WHERE state = ? ORDER BY id", ContestStore::job, state.word()));
    }

    /** Every job, oldest first. */
    public List<Job> jobs() {
        return transaction(c -> list(c, "SELECT * FROM job ORDER BY id", ContestStore::job));
    }

    /** A queued job starts running, one attempt more; false when it was not queued any more. */
    public boolean startJob(long id, Instant when) {
        return transaction(c -> execute(
                        c,
                        "UPDATE job SET state = 'running', attempts = attempts + 1, started = ?,"
                                + " error = NULL WHERE id = ? AND state = 'queued'",
                        when.toString(),
                        id)
                == 1);
    }

    /** A running job ends, {@code done} or {@code failed}, or goes back to {@code queued} for another attempt. */
    public void endJob(long id, JobState state, Optional<String> error, Instant when) {
        update(
                "UPDATE job SET state = ?, error = ?, finished = ? WHERE id = ? AND state = 'running'",
                state.word(),
                error.orElse(null),
                state == JobState.QUEUED ? null : when.toString(),
                id);
    }

    /**
     * A queued or running job ends {@code done} with its subject, which ended otherwise (a
     * competition stopped or cancelled): it will not run, nor run again after a restart.
     */
    public void closeJob(long id, String reason, Instant when) {
        update(
                "UPDATE job SET state = 'done', error = ?, finished = ? WHERE id = ? AND state IN ('queued', 'running')",
                reason,
                when.toString(),
                id);
    }

    /** A queued or running job will not run: it fails with this reason (a cancelled competition). */
    public void cancelJob(long id, String reason, Instant when) {
        update(
                "UPDATE job SET state = 'failed', error = ?, finished = ? WHERE id = ? AND state IN ('queued', 'running')",
                reason,
                when.toString(),
                id);
    }

    /**
     * Puts every {@code running} job back to {@code queued}: at a server's start, they are the
     * jobs of a server that died. The attempt they were in does not count.
     *
     * @return how many
     */
    public int requeueRunningJobs() {
        return transaction(c -> execute(
                c, "UPDATE job SET state = 'queued', attempts = MAX(attempts - 1, 0)" + " WHERE state = 'running'"));
    }

    // --- settings -----------------------------------------------------------------------------

    /** The URL the running server serves at, for {@code caissa contest invite}. */
    public static final String SERVER_URL = "server-url";

    public Optional<String> setting(String key) {
        return transaction(c -> one(c, "SELECT value FROM setting WHERE key = ?", r -> r.getString(1), key));
    }

    public void setSetting(String key, String value) {
        update(
                "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                key,
                value);
    }

    // --- rows ---------------------------------------------------------------------------------

    @FunctionalInterface
    interface Row<T> {
        T read(ResultSet r) throws SQLException;
    }

    private static Optional<Participant> participant(Connection c, long id) throws SQLException {
        return one(c, "SELECT * FROM participant WHERE id = ?", ContestStore::participant, id);
    }

    private static Optional<Participant> participantByName(Connection c, String name) throws SQLException {
        return one(c, "SELECT * FROM participant WHERE name = ?", ContestStore::participant, name);
    }

    private static Participant participant(ResultSet r) throws SQLException {
        long active = r.getLong("active_submission");
        Optional<Long> activeSubmission = r.wasNull() ? Optional.empty() : Optional.of(active);
        return new Participant(
                r.getLong("id"),
                r.getString("name"),
                Role.fromWord(r.getString("role")).orElseThrow(),
                r.getInt("disabled") != 0,
                activeSubmission,
                Instant.parse(r.getString("created")));
    }

    private static Optional<Submission> submission(Connection c, long id) throws SQLException {
        return one(c, "SELECT * FROM submission WHERE id = ?", ContestStore::submission, id);
    }

    private static Submission submission(ResultSet r) throws SQLException {
        return new Submission(
                r.getLong("id"),
                r.getLong("participant"),
                r.getInt("number"),
                r.getString("file_name"),
                r.getString("language"),
                r.getLong("bytes"),
                r.getString("sha256"),
                SubmissionState.fromWord(r.getString("state")).orElseThrow(),
                Optional.ofNullable(r.getString("reason")),
                Instant.parse(r.getString("created")),
                Instant.parse(r.getString("updated")));
    }

    private static Optional<Job> job(Connection c, long id) throws SQLException {
        return one(c, "SELECT * FROM job WHERE id = ?", ContestStore::job, id);
    }

    private static Job job(ResultSet r) throws SQLException {
        return new Job(
                r.getLong("id"),
                JobKind.fromWord(r.getString("kind")).orElseThrow(),
                r.getLong("subject"),
                JobState.fromWord(r.getString("state")).orElseThrow(),
                r.getInt("attempts"),
                Optional.ofNullable(r.getString("error")),
                Instant.parse(r.getString("created")),
                time(r.getString("started")),
                time(r.getString("finished")));
    }

    private static Grant grant(ResultSet r, String hashColumn) throws SQLException {
        return new Grant(
                r.getString(hashColumn),
                r.getLong("participant"),
                Instant.parse(r.getString("created")),
                Instant.parse(r.getString("expires")),
                time(r.getString("used")));
    }

    private static Optional<Instant> time(String text) {
        return text == null ? Optional.empty() : Optional.of(Instant.parse(text));
    }

    // --- statements ---------------------------------------------------------------------------

    private void update(String sql, Object... parameters) {
        transaction(c -> execute(c, sql, parameters));
    }

    static int execute(Connection c, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(sql)) {
            bind(statement, parameters);
            return statement.executeUpdate();
        }
    }

    static long insert(Connection c, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)) {
            bind(statement, parameters);
            statement.executeUpdate();
            try (ResultSet keys = statement.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    static <T> Optional<T> one(Connection c, String sql, Row<T> row, Object... parameters) throws SQLException {
        List<T> rows = list(c, sql, row, parameters);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    static <T> List<T> list(Connection c, String sql, Row<T> row, Object... parameters) throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(sql)) {
            bind(statement, parameters);
            try (ResultSet r = statement.executeQuery()) {
                List<T> rows = new ArrayList<>();
                while (r.next()) {
                    rows.add(row.read(r));
                }
                return rows;
            }
        }
    }

    private static void bind(PreparedStatement statement, Object... parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
    }

    private static String firstLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse("").strip();
    }
}
