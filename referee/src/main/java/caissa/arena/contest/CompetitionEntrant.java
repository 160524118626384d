package caissa.arena.contest;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One bot of a competition as its tournament file names it: a participant's active admitted
 * submission, run by the command its admission built in its build folder, or a house bot.
 *
 * @param submission the submission that plays, empty for a house bot: the results page names it
 * @param workingDir the submission's build folder, or empty for a house bot (the sample bots need none)
 */
public record CompetitionEntrant(
        String name, List<String> command, Optional<Path> workingDir, Optional<Long> submission) {

    public CompetitionEntrant {
        command = List.copyOf(command);
    }

    public static CompetitionEntrant participant(String name, long submission, List<String> command, Path buildDir) {
        return new CompetitionEntrant(name, command, Optional.of(buildDir), Optional.of(submission));
    }

    public static CompetitionEntrant house(String name, List<String> command) {
        return new CompetitionEntrant(name, command, Optional.empty(), Optional.empty());
    }

    public boolean isHouse() {
        return submission.isEmpty();
    }
}
