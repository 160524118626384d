package caissa.arena.contest;

import java.util.Optional;

/**
 * A bot of a competition, fixed when the competition starts: a participant's submission (which one
 * played is on the results page), or a house bot (neither).
 *
 * @param bot its name in the competition's tournament
 */
public record CompetitionBot(String bot, Optional<Long> participant, Optional<Long> submission) {}
