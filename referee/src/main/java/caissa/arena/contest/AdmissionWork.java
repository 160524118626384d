package caissa.arena.contest;

import caissa.arena.game.Entrant;
import caissa.arena.game.TimeControl;
import caissa.arena.input.Names;
import caissa.arena.program.BotCommand;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.submission.SourceBuild.Recipe;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The {@code admission} job: a submission's {@link Admission} in the job's child process, its
 * state moved forward in the database as the build and the games start and end. A bot's failure
 * is an outcome (not admitted, with the verdict's line); only the arena's own failures throw.
 */
public final class AdmissionWork implements JobWork {

    /** A bot's first reply may take this long before its clock runs, as in the CodeCup. */
    static final Duration FIRST_MOVE_ALLOWANCE = Duration.ofSeconds(1);

    @Override
    public void run(Job job, Contest contest) throws Exception {
        ContestStore store = contest.store();
        Submission submission = store.submission(job.subject())
                .orElseThrow(() -> new IllegalStateException("no submission " + job.subject()));
        ContestDefinition definition = contest.definition();
        Optional<ContestDefinition.Language> language = definition.language(submission.language());
        if (language.isEmpty()) {
            store.setSubmissionState(
                    submission.id(),
                    SubmissionState.NOT_ADMITTED,
                    Optional.of("the contest no longer takes " + submission.language()),
                    Instant.now());
            return;
        }
        String bot = botName(
                store.participant(submission.participant())
                        .map(Participant::name)
                        .orElse(""),
                submission);
        Admission.Result result = Admission.run(
                contest.layout().submission(submission.id()),
                recipe(language.get()),
                bot,
                test(definition),
                state -> store.setSubmissionState(
                        submission.id(),
                        state.equals(Admission.BUILDING) ? SubmissionState.BUILDING : SubmissionState.TESTING,
                        Optional.empty(),
                        Instant.now()));
        store.setSubmissionState(
                submission.id(),
                result.admitted() ? SubmissionState.ADMITTED : SubmissionState.NOT_ADMITTED,
                Optional.of(result.reason()),
                Instant.now());
    }

    /** The bot's name in its games: its author's and its number, where that is a valid name. */
    static String botName(String participant, Submission submission) {
        String name = participant + "-" + submission.number();
        return Names.problem(name).isEmpty() ? name : "submission-" + submission.id();
    }

    /** A contest's language as the build knows it. */
    public static Recipe recipe(ContestDefinition.Language language) {
        return new Recipe(language.name(), language.extensions(), language.main(), language.build(), language.run());
    }

    /** The contest's admission test: its house bots, games and clock, the build's limits. */
    static Admission.Test test(ContestDefinition definition) {
        List<Entrant> opponents = definition.admission().opponents().stream()
                .map(name ->
                        definition.houseBot(name).orElseThrow(() -> new IllegalStateException("no house bot " + name)))
                .map(house -> new Entrant(house.name(), BotCommand.of(house.command())))
                .toList();
        TimeControl clock = new TimeControl(
                definition.admission().timePerGame(), Optional.empty(), Duration.ZERO, FIRST_MOVE_ALLOWANCE);
        return new Admission.Test(
                definition.variant(),
                opponents,
                definition.admission().gamesPerColour(),
                clock,
                definition.build().time(),
                ResourceLimits.DEFAULT.withMemory(definition.build().memoryBytes()),
                Isolation.defaults().resolved());
    }
}
