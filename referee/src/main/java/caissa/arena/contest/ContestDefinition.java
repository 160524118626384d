package caissa.arena.contest;

import caissa.arena.rules.Variant;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A contest as its file defines it (see {@link ContestFile} and contests/README.md): who may
 * register, what may be submitted and how it is built, how a submission is admitted, and the
 * competitions it plays.
 *
 * @param name           names the data folder: letters, digits, '.', '_', '-'
 * @param slots          games the machine plays at once, admissions and competitions together
 * @param competitions   in the file's order
 */
public record ContestDefinition(
        String name,
        String title,
        Variant variant,
        Registration registration,
        List<Language> languages,
        long maxUploadBytes,
        int maxFiles,
        long maxUnpackedBytes,
        BuildLimits build,
        List<HouseBot> houseBots,
        AdmissionTest admission,
        int slots,
        Publicity publicity,
        List<Competition> competitions) {

    public ContestDefinition {
        languages = List.copyOf(languages);
        houseBots = List.copyOf(houseBots);
        competitions = List.copyOf(competitions);
    }

    /** How accounts come to be: anyone registers, or the organiser invites. */
    public enum Registration {
        OPEN("open"),
        INVITE("invite");

        private final String word;

        Registration(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    /**
     * A language a submission may be written in.
     *
     * @param extensions without the dot, lower case; detect the language of a single upload
     * @param main       the file an archive's {@code {main}} names, when the run command needs one
     * @param build      the build command; {@code {sources}} expands to every uploaded file with
     *                   one of the extensions (sorted), {@code {main}} to the main file
     * @param run        the bot's command, run in the submission's build folder
     */
    public record Language(
            String name, List<String> extensions, Optional<String> main, List<String> build, List<String> run) {
        public Language {
            extensions = List.copyOf(extensions);
            build = List.copyOf(build);
            run = List.copyOf(run);
        }
    }

    /** The limits of a submission's build: its wall time and its memory in bytes. */
    public record BuildLimits(Duration time, long memoryBytes) {}

    /** A bot of the contest's own, an opponent in the admission test and a player in competitions. */
    public record HouseBot(String name, List<String> command) {
        public HouseBot {
            command = List.copyOf(command);
        }
    }

    /**
     * The test a submission passes to be admitted: {@code gamesPerColour} games with each colour
     * against each opponent (house bots, by name), each with {@code timePerGame} on its clock.
     */
    public record AdmissionTest(List<String> opponents, int gamesPerColour, Duration timePerGame) {
        public AdmissionTest {
            opponents = List.copyOf(opponents);
        }
    }

    /** What the public (not logged in) sees: the standings, the replays of competitions' games. */
    public record Publicity(boolean standings, boolean replays) {}

    /** A test competition, played again every {@code every}, or the final, played at its deadline. */
    public enum CompetitionKind {
        TEST("test"),
        FINAL("final");

        private final String word;

        CompetitionKind(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    /**
     * A competition: a tournament of the active admitted submissions and the house bots.
     *
     * @param every      a test competition's period
     * @param deadline   the final's: uploads close then, and the final starts
     * @param tournament the fields of a tournament file without {@code name} and {@code bots},
     *                   which the server fills in at the start (a copy; see {@link #tournament()})
     * @param slurm      where it is played: on SLURM, or here (the job's own process) when empty
     */
    public record Competition(
            String name,
            CompetitionKind kind,
            Optional<Duration> every,
            Optional<Instant> deadline,
            JsonNode tournament,
            Optional<SlurmRunner> slurm) {
        public Competition {
            tournament = tournament.deepCopy();
        }

        /** A copy of the tournament's fields, for the caller to complete with a name and bots. */
        @Override
        public JsonNode tournament() {
            return tournament.deepCopy();
        }
    }

    /** The language of that name, ignoring case. */
    public Optional<Language> language(String languageName) {
        return languages.stream()
                .filter(l -> l.name().equalsIgnoreCase(languageName))
                .findFirst();
    }

    /** The language whose extensions hold the file name's, if exactly one does. */
    public Optional<Language> languageOf(String fileName) {
        int dot = fileName.lastIndexOf('.');
        if (dot < 0) {
            return Optional.empty();
        }
        String extension = fileName.substring(dot + 1).toLowerCase(Locale.ROOT);
        List<Language> matching = languages.stream()
                .filter(l -> l.extensions().contains(extension))
                .toList();
        return matching.size() == 1 ? Optional.of(matching.get(0)) : Optional.empty();
    }

    public Optional<HouseBot> houseBot(String botName) {
        return houseBots.stream().filter(b -> b.name().equals(botName)).findFirst();
    }

    public Optional<Competition> competition(String competitionName) {
        return competitions.stream()
                .filter(c -> c.name().equals(competitionName))
                .findFirst();
    }

    /** The final's deadline, after which uploads are refused. */
    public Optional<Instant> deadline() {
        return competitions.stream()
                .filter(c -> c.kind() == CompetitionKind.FINAL)
                .flatMap(c -> c.deadline().stream())
                .findFirst();
    }
}
