package caissa.arena.contest;

import caissa.arena.contest.ContestDefinition.CompetitionKind;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The statements on the competition tables (migration V2), in the store's transactions. Kept
 * beside {@link ContestStore} rather than in it, so that the accounts' and the competitions'
 * statements each have one home that a reader finds by the table's name.
 */
public final class CompetitionStore {

    private final ContestStore store;

    public CompetitionStore(ContestStore store) {
        this.store = store;
    }

    /**
     * A new run of the entry, queued with its job, unless the entry has a run queued or running
     * already. A final runs once: its second run is refused.
     *
     * @return the run, or empty when refused
     */
    public Optional<CompetitionRun> create(String entry, CompetitionKind kind, Instant created) {
        return create(entry, kind, created, latest -> true);
    }

    /**
     * As {@link #create(String, CompetitionKind, Instant)}, and only when {@code due} holds of
     * the entry's newest run. The check and the insert are one transaction (the store's are
     * {@code BEGIN IMMEDIATE}): the server's schedule, its page and {@code caissa contest run}
     * in another process, asking at once, queue one run, never two.
     *
     * @param due of the entry's newest run (empty when it never ran), read in the transaction
     */
    public Optional<CompetitionRun> create(
            String entry, CompetitionKind kind, Instant created, Predicate<Optional<CompetitionRun>> due) {
        return store.transaction(c -> {
            if (open(c, entry).isPresent()) {
                return Optional.empty();
            }
            int runs = ContestStore.one(c, "SELECT COUNT(*) FROM competition WHERE entry = ?", r -> r.getInt(1), entry)
                    .orElse(0);
            if (kind == CompetitionKind.FINAL && runs > 0) {
                return Optional.empty();
            }
            if (!due.test(latest(c, entry))) {
                return Optional.empty();
            }
            String name = kind == CompetitionKind.FINAL ? entry : entry + "-" + (runs + 1);
            long id = ContestStore.insert(
                    c,
                    "INSERT INTO competition (entry, kind, name, state, created)" + " VALUES (?, ?, ?, 'queued', ?)",
                    entry,
                    kind.word(),
                    name,
                    created.toString());
            long job = ContestStore.insert(
                    c,
                    "INSERT INTO job (kind, subject, state, created)" + " VALUES ('competition', ?, 'queued', ?)",
                    id,
                    created.toString());
            ContestStore.execute(c, "UPDATE competition SET job = ? WHERE id = ?", job, id);
            return run(c, id);
        });
    }

    /** The entry's run that is queued or running, if one is. */
    public Optional<CompetitionRun> open(String entry) {
        return store.transaction(c -> open(c, entry));
    }

    /** What became of a resume: queued again, or why not. */
    public sealed interface Requeue {}

    public record Requeued(CompetitionRun run) implements Requeue {}

    public record NotRequeued(String reason) implements Requeue {}

    /**
     * A stopped run queued again with a new job: it resumes from its journal. A job of the run
     * still queued (it was stopped before it started) ends first, so that the run never has two
     * jobs waiting; one still running (its child is being stopped) makes the resume wait.
     */
    public Requeue requeue(long id, Instant when) {
        return store.transaction(c -> {
            Optional<CompetitionRun> run = run(c, id);
            if (run.isEmpty()) {
                return new NotRequeued("no competition " + id);
            }
            if (run.get().state() != CompetitionState.STOPPED) {
                return new NotRequeued("competition " + run.get().name() + " is "
                        + run.get().state().word() + ", not stopped");
            }
            if (jobs(c, id, "running") > 0) {
                return new NotRequeued("competition " + run.get().name() + " is still stopping; resume it in a moment");
            }
            ContestStore.execute(
                    c,
                    "UPDATE job SET state = 'done', error = 'replaced by a resume', finished = ?"
                            + " WHERE kind = 'competition' AND subject = ? AND state = 'queued'",
                    when.toString(),
                    id);
            long job = ContestStore.insert(
                    c,
                    "INSERT INTO job (kind, subject, state, created)" + " VALUES ('competition', ?, 'queued', ?)",
                    id,
                    when.toString());
            ContestStore.execute(
                    c, "UPDATE competition SET state = 'queued', reason = NULL, job = ? WHERE id = ?", job, id);
            return new Requeued(run(c, id).orElseThrow());
        });
    }

    public Optional<CompetitionRun> run(long id) {
        return store.transaction(c -> run(c, id));
    }

    public Optional<CompetitionRun> byName(String name) {
        return store.transaction(
                c -> ContestStore.one(c, "SELECT * FROM competition WHERE name = ?", CompetitionStore::run, name));
    }

    /** Every run, newest first. */
    public List<CompetitionRun> all() {
        return store.transaction(
                c -> ContestStore.list(c, "SELECT * FROM competition ORDER BY id DESC", CompetitionStore::run));
    }

    /** The entry's newest run. */
    public Optional<CompetitionRun> latest(String entry) {
        return store.transaction(c -> latest(c, entry));
    }

    private static Optional<CompetitionRun> latest(Connection c, String entry) throws SQLException {
        return ContestStore.one(
                c, "SELECT * FROM competition WHERE entry = ? ORDER BY id DESC LIMIT 1", CompetitionStore::run, entry);
    }

    private static Optional<CompetitionRun> open(Connection c, String entry) throws SQLException {
        return ContestStore.one(
                c,
                "SELECT * FROM competition WHERE entry = ? AND state IN ('queued', 'running')"
                        + " ORDER BY id DESC LIMIT 1",
                CompetitionStore::run,
                entry);
    }

    private static int jobs(Connection c, long id, String state) throws SQLException {
        return ContestStore.one(
                        c,
                        "SELECT COUNT(*) FROM job WHERE kind = 'competition' AND subject = ? AND state = ?",
                        r -> r.getInt(1),
                        id,
                        state)
                .orElse(0);
    }

    /** Moves a run on; {@code finished} is set when the state is one it ends in. */
    public void setState(long id, CompetitionState state, Optional<String> reason, Instant when) {
        store.transaction(c -> ContestStore.execute(
                c,
                "UPDATE competition SET state = ?, reason = ?,"
                        + " finished = CASE WHEN ? THEN ? ELSE finished END WHERE id = ?",
                state.word(),
                reason.orElse(null),
                state.ended(),
                when.toString(),
                id));
    }

    /**
     * Moves a run on only from one of {@code from}: a stop and the run's own end do not undo each other.
     *
     * @return whether it moved
     */
    public boolean moveState(
            long id, List<CompetitionState> from, CompetitionState to, Optional<String> reason, Instant when) {
        return store.transaction(c -> {
            Optional<CompetitionRun> run = run(c, id);
            if (run.isEmpty() || !from.contains(run.get().state())) {
                return false;
            }
            ContestStore.execute(
                    c,
                    "UPDATE competition SET state = ?, reason = ?,"
                            + " finished = CASE WHEN ? THEN ? ELSE finished END WHERE id = ?",
                    to.word(),
                    reason.orElse(null),
                    to.ended(),
                    when.toString(),
                    id);
            return true;
        });
    }

    /** The run starts (or resumes) playing its games. */
    public void started(long id, int gamesTotal, Instant when) {
        store.transaction(c -> ContestStore.execute(
                c,
                "UPDATE competition SET state = 'running', games_total = ?,"
                        + " started = COALESCE(started, ?) WHERE id = ?",
                gamesTotal,
                when.toString(),
                id));
    }

    public void played(long id, int gamesPlayed) {
        store.transaction(
                c -> ContestStore.execute(c, "UPDATE competition SET games_played = ? WHERE id = ?", gamesPlayed, id));
    }

    /** Fixes the run's bots, once: a resumed run keeps those it started with. */
    public List<CompetitionBot> fixBots(long id, List<CompetitionBot> bots) {
        return store.transaction(c -> {
            List<CompetitionBot> fixed = bots(c, id);
            if (!fixed.isEmpty()) {
                return fixed;
            }
            for (CompetitionBot bot : bots) {
                ContestStore.execute(
                        c,
                        "INSERT INTO competition_bot (competition, bot, participant, submission)"
                                + " VALUES (?, ?, ?, ?)",
                        id,
                        bot.bot(),
                        bot.participant().orElse(null),
                        bot.submission().orElse(null));
            }
            return bots(c, id);
        });
    }

    public List<CompetitionBot> bots(long id) {
        return store.transaction(c -> bots(c, id));
    }

    /** A participant's bot in each run they played in, newest run first. */
    public List<Played> playedBy(long participant) {
        return store.transaction(c -> ContestStore.list(
                c,
                "SELECT c.*, b.bot AS bot_name, b.submission AS bot_submission"
                        + " FROM competition c JOIN competition_bot b ON b.competition = c.id WHERE b.participant = ?"
                        + " ORDER BY c.id DESC",
                r -> new Played(run(r), r.getString("bot_name"), r.getLong("bot_submission")),
                participant));
    }

    /** A run a participant played in, with the name of their bot there and the submission that played. */
    public record Played(CompetitionRun run, String bot, long submission) {}

    private static List<CompetitionBot> bots(Connection c, long id) throws SQLException {
        return ContestStore.list(
                c,
                "SELECT * FROM competition_bot WHERE competition = ? ORDER BY rowid",
                r -> new CompetitionBot(
                        r.getString("bot"), optionalLong(r, "participant"), optionalLong(r, "submission")),
                id);
    }

    private static Optional<CompetitionRun> run(Connection c, long id) throws SQLException {
        return ContestStore.one(c, "SELECT * FROM competition WHERE id = ?", CompetitionStore::run, id);
    }

    private static CompetitionRun run(ResultSet r) throws SQLException {
        CompetitionKind kind = r.getString("kind").equals("final") ? CompetitionKind.FINAL : CompetitionKind.TEST;
        int total = r.getInt("games_total");
        Optional<Integer> gamesTotal = r.wasNull() ? Optional.empty() : Optional.of(total);
        return new CompetitionRun(
                r.getLong("id"),
                r.getString("entry"),
                kind,
                r.getString("name"),
                CompetitionState.fromWord(r.getString("state")).orElseThrow(),
                Optional.ofNullable(r.getString("reason")),
                gamesTotal,
                r.getInt("games_played"),
                optionalLong(r, "job"),
                Instant.parse(r.getString("created")),
                time(r.getString("started")),
                time(r.getString("finished")));
    }

    private static Optional<Long> optionalLong(ResultSet r, String column) throws SQLException {
        long value = r.getLong(column);
        return r.wasNull() ? Optional.empty() : Optional.of(value);
    }

    private static Optional<Instant> time(String text) {
        return text == null ? Optional.empty() : Optional.of(Instant.parse(text));
    }
}
