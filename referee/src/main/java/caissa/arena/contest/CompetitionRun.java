package caissa.arena.contest;

import caissa.arena.contest.ContestDefinition.CompetitionKind;
import java.time.Instant;
import java.util.Optional;

/**
 * One run of a contest file's competition entry: a test competition runs again and again (its
 * runs are {@code test-1}, {@code test-2}, …), the final once (named as its entry).
 *
 * @param entry the contest file's competition it runs
 * @param name  its name on the site and its folder under {@code competitions/}
 * @param job   the job that plays it now, or played it last
 */
public record CompetitionRun(
        long id,
        String entry,
        CompetitionKind kind,
        String name,
        CompetitionState state,
        Optional<String> reason,
        Optional<Integer> gamesTotal,
        int gamesPlayed,
        Optional<Long> job,
        Instant created,
        Optional<Instant> started,
        Optional<Instant> finished) {}
