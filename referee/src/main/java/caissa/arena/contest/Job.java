package caissa.arena.contest;

import java.time.Instant;
import java.util.Optional;

/**
 * A unit of the arena's work, kept in the database until it is done: durable across a killed
 * server.
 *
 * @param subject  what it works on: a submission's id, a competition's id
 * @param attempts how many times a child process was started for it
 * @param error    why its last attempt failed (one line)
 */
public record Job(
        long id,
        JobKind kind,
        long subject,
        JobState state,
        int attempts,
        Optional<String> error,
        Instant created,
        Optional<Instant> started,
        Optional<Instant> finished) {}
