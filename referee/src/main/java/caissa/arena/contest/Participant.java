package caissa.arena.contest;

import java.time.Instant;
import java.util.Optional;

/**
 * An account: a participant, or the organiser. Its secrets (password hash, submit token) stay in
 * the database; only {@link Accounts} reads them.
 *
 * @param name             unique without regard to case; shown escaped everywhere
 * @param activeSubmission the submission that plays: the newest admitted one, or one chosen again
 */
public record Participant(
        long id, String name, Role role, boolean disabled, Optional<Long> activeSubmission, Instant created) {

    public boolean isOrganiser() {
        return role == Role.ORGANISER;
    }
}
