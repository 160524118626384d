package caissa.arena.contest;

import caissa.arena.bot.BotHost;
import caissa.arena.command.LiveReport;
import caissa.arena.records.TournamentLayout;
import caissa.arena.tournament.FinishedGame;
import caissa.arena.tournament.Plan;
import caissa.arena.tournament.Standing;
import caissa.arena.tournament.Tournament;
import caissa.arena.tournament.TournamentDefinition;
import caissa.arena.tournament.TournamentFile;
import caissa.arena.tournament.TournamentFileException;
import caissa.arena.tournament.TournamentObserver;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code competition} job: plays one competition run as a tournament, in the job's child
 * process. At its first start it fixes the bots (each participant's active admitted submission,
 * then the house bots) and writes the tournament file, which the tournament package's reader
 * checks; a later start (the server was killed, or the organiser resumed it) reads the same file
 * and resumes from the journal, so that every game is played once.
 *
 * <p>A run that cannot start (fewer than two bots, a tournament field the reader refuses) fails
 * with the reason; a run whose disk fills or whose files cannot be written stops with the message
 * and resumes cleanly once resumed. Neither is retried as an arena failure would be.
 */
final class CompetitionWork implements JobWork {

    static final CompetitionWork INSTANCE = new CompetitionWork(Clock.systemUTC());

    private final Clock clock;

    CompetitionWork(Clock clock) {
        this.clock = clock;
    }

    /** As many slots as it plays games at once; one for a run on SLURM, which only waits here. */
    @Override
    public int slots(Job job, Contest contest) {
        Optional<CompetitionRun> run = new CompetitionStore(contest.store()).run(job.subject());
        if (run.isEmpty()) {
            return 1;
        }
        Optional<ContestDefinition.Competition> entry =
                contest.definition().competition(run.get().entry());
        if (entry.isEmpty() || entry.get().slurm().isPresent()) {
            return 1;
        }
        return concurrency(contest, entry.get());
    }

    static int concurrency(Contest contest, ContestDefinition.Competition entry) {
        int slots = contest.definition().slots();
        JsonNode given = entry.tournament().get("concurrency");
        return Math.max(1, given != null && given.canConvertToInt() ? Math.min(given.asInt(), slots) : slots);
    }

    /** The competition run's tournament file, beside its folder: written once, at its first start. */
    static Path tournamentFile(ContestLayout layout, String name) {
        return layout.competition(name).resolveSibling(name + ".json");
    }

    /** The SLURM runner's folder: the shards, their outputs and the job ids. */
    static Path slurmFolder(ContestLayout layout, String name) {
        return layout.competition(name).resolveSibling(name + ".slurm");
    }

    @Override
    public void run(Job job, Contest contest) throws Exception {
        CompetitionStore competitions = new CompetitionStore(contest.store());
        CompetitionRun run = competitions
                .run(job.subject())
                .orElseThrow(() -> new IllegalStateException("no competition " + job.subject()));
        if (run.state() != CompetitionState.QUEUED && run.state() != CompetitionState.RUNNING) {
            return; // Stopped or cancelled while it waited: nothing to play.
        }
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        Optional<ContestDefinition.Competition> entry = contest.definition().competition(run.entry());
        if (entry.isEmpty()) {
            competitions.setState(
                    run.id(),
                    CompetitionState.FAILED,
                    Optional.of("the contest file has no competition '" + run.entry() + "' any more"),
                    clock.instant());
            return;
        }
        // Checked with the rest of the contest file when it was read (ContestFile).
        Optional<SlurmRunner> slurm = entry.get().slurm();
        Path file = tournamentFile(contest.layout(), run.name());
        Path dir = contest.layout().competition(run.name());
        TournamentDefinition definition;
        try {
            definition = Files.exists(file)
                    ? TournamentFile.read(file)
                    : firstStart(contest, competitions, run, entry.get(), file);
        } catch (CompetitionFile.NotStartable | TournamentFileException e) {
            err.println("caissa contest job: competition " + run.name() + " cannot start: " + e.getMessage());
            competitions.setState(run.id(), CompetitionState.FAILED, Optional.of(e.getMessage()), clock.instant());
            return;
        } catch (IOException e) {
            // A disk full before the first game (the tournament file cannot be written) stops it as one full later
            // does.
            stopped(competitions, run, err, e);
            return;
        }
        competitions.started(run.id(), definition.totalGames(), clock.instant());
        if (slurm.isPresent()) {
            int batches = Plan.of(definition).batchCount();
            Optional<String> failure = slurm.get()
                    .run(file, dir, slurmFolder(contest.layout(), run.name()), batches, Duration.ofSeconds(5));
            competitions.played(
                    run.id(),
                    CompetitionProgress.standings(dir).map(s -> s.gamesPlayed()).orElse(0));
            competitions.moveState(
                    run.id(),
                    List.of(CompetitionState.RUNNING),
                    failure.isPresent() ? CompetitionState.FAILED : CompetitionState.DONE,
                    failure,
                    clock.instant());
            return;
        }
        boolean resume = Files.exists(dir.resolve(TournamentLayout.RECORD_FILE));
        LiveReport report = new LiveReport(dir, err);
        TournamentObserver progress = new TournamentObserver() {
            @Override
            public void started(int total, int done) {
                competitions.played(run.id(), done);
            }

            @Override
            public void finished(FinishedGame game, List<Standing> standings, int done, int total) {
                competitions.played(run.id(), done);
            }
        };
        try {
            Files.createDirectories(dir.getParent());
            try (Tournament tournament = Tournament.open(definition, file, dir, resume, progress.andThen(report))) {
                err.println("caissa contest job: competition " + run.name() + ": "
                        + definition.bots().size() + " bots, "
                        + tournament.totalGames() + " games, " + tournament.finishedGames() + " played before, "
                        + concurrency(contest, entry.get()) + " at a time");
                BotHost host = BotHost.open();
                try {
                    tournament.play(concurrency(contest, entry.get()), host);
                } finally {
                    host.close();
                }
            }
            report.write();
        } catch (IOException e) {
            // A full disk or an unwritable file: the journal holds every game played; resume plays the rest.
            stopped(competitions, run, err, e);
            return;
        }
        competitions.moveState(
                run.id(), List.of(CompetitionState.RUNNING), CompetitionState.DONE, Optional.empty(), clock.instant());
        ContestRanking.refresh(contest);
    }

    private void stopped(CompetitionStore competitions, CompetitionRun run, PrintWriter err, IOException e) {
        String message = "stopped: " + e.getMessage() + "; once this is fixed, resume the competition from its page";
        err.println("caissa contest job: competition " + run.name() + " " + message);
        competitions.moveState(
                run.id(),
                List.of(CompetitionState.QUEUED, CompetitionState.RUNNING),
                CompetitionState.STOPPED,
                Optional.of(message),
                clock.instant());
    }

    /** Fixes the bots (a submission admitted or chosen later does not enter) and writes the tournament file. */
    private TournamentDefinition firstStart(
            Contest contest,
            CompetitionStore competitions,
            CompetitionRun run,
            ContestDefinition.Competition entry,
            Path file)
            throws IOException, CompetitionFile.NotStartable {
        List<CompetitionEntrant> entrants = entrants(contest);
        List<CompetitionBot> bots = new ArrayList<>();
        for (CompetitionEntrant entrant : entrants) {
            bots.add(new CompetitionBot(
                    CompetitionFile.botName(entrant, entrants),
                    entrant.submission()
                            .flatMap(s -> contest.store().submission(s).map(Submission::participant)),
                    entrant.submission()));
        }
        try {
            TournamentDefinition definition = CompetitionFile.write(file, run.name(), entry.tournament(), entrants);
            competitions.fixBots(run.id(), bots);
            return definition;
        } catch (CompetitionFile.NotStartable e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    /** Each enabled participant's active admitted submission, by name, then the house bots. */
    static List<CompetitionEntrant> entrants(Contest contest) throws IOException {
        List<CompetitionEntrant> entrants = new ArrayList<>();
        for (Participant participant : contest.store().participants()) {
            if (participant.isOrganiser()
                    || participant.disabled()
                    || participant.activeSubmission().isEmpty()) {
                continue;
            }
            Optional<Submission> submission = contest.store()
                    .submission(participant.activeSubmission().get())
                    .filter(s -> s.state() == SubmissionState.ADMITTED);
            if (submission.isEmpty()) {
                continue;
            }
            Optional<List<String>> command =
                    SubmissionCommand.of(contest.definition(), contest.layout(), submission.get());
            if (command.isPresent()) {
                entrants.add(CompetitionEntrant.participant(
                        participant.name(),
                        submission.get().id(),
                        command.get(),
                        contest.layout().build(submission.get().id())));
            }
        }
        for (ContestDefinition.HouseBot house : contest.definition().houseBots()) {
            entrants.add(CompetitionEntrant.house(house.name(), house.command()));
        }
        return entrants;
    }
}
