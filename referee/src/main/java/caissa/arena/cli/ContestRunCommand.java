package caissa.arena.cli;

import caissa.arena.command.ExitCodes;
import caissa.arena.contest.CompetitionRun;
import caissa.arena.contest.CompetitionState;
import caissa.arena.contest.Competitions;
import caissa.arena.contest.Contest;
import caissa.arena.contest.ContestStore;
import caissa.arena.contest.Job;
import caissa.arena.contest.JobWorks;
import caissa.arena.contest.Jobs;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.records.FolderLock;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code caissa contest run --data DIR [NAME]}: a competition now. With a server on the data
 * folder, it is queued there (the server's job runner plays it, and its page follows it); without
 * one, this command plays it itself, holding the folder's lock as the server would.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        header = "Start a competition now: on the running server, or here when none runs.",
        description = "Start a run of the competition NAME of the contest file (without NAME: its first test"
                + " competition). When a server runs on the data folder the competition is queued there and followed on"
                + " its page; otherwise this command plays it and prints where its standings are. A final starts only"
                + " at its deadline. Exit codes: 0 queued or played, 1 the competition failed or stopped, 2 bad usage"
                + " or refused (no such competition, one running already).")
final class ContestRunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--data", paramLabel = "DIR", required = true, description = "The contest's data folder.")
    Path data;

    @Parameters(
            paramLabel = "NAME",
            arity = "0..1",
            description = "The competition of the contest file (default: its first test competition).")
    String name;

    @Override
    public Integer call() throws Exception {
        Contest contest = Contest.open(data);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Clock clock = Clock.systemUTC();
        Optional<FolderLock> lock = FolderLock.tryAcquire(contest.layout().dir());
        try {
            Competitions competitions = new Competitions(contest, clock);
            Competitions.Outcome outcome = competitions.start(Optional.ofNullable(name));
            if (outcome instanceof Competitions.Refused refused) {
                err.println("caissa contest run: " + TerminalText.escape(refused.reason()));
                err.flush();
                return ExitCodes.USAGE;
            }
            CompetitionRun run = ((Competitions.Done) outcome).run();
            if (lock.isEmpty()) {
                String url = contest.store().setting(ContestStore.SERVER_URL).orElse("http://127.0.0.1:8080/");
                out.println("competition " + run.name() + ": queued on the running server; follow it at " + url
                        + "competitions/" + run.name());
                out.flush();
                return ExitCodes.OK;
            }
            Jobs jobs = new Jobs(contest.store(), clock);
            Job job = contest.store().job(run.job().orElseThrow()).orElseThrow();
            jobs.start(job);
            out.println("competition " + run.name() + ": playing here (no server runs on " + data + ")");
            out.flush();
            boolean succeeded = false;
            try {
                JobWorks.of(job.kind()).run(job, contest);
                succeeded = true;
            } finally {
                jobs.ended(
                        job.id(), succeeded, succeeded ? Optional.empty() : Optional.of("caissa contest run failed"));
            }
            CompetitionRun ended = competitions.store().run(run.id()).orElseThrow();
            out.println("competition " + ended.name() + ": " + ended.state().word()
                    + ended.reason().map(r -> ": " + TerminalText.escape(r)).orElse(""));
            if (ended.state() == CompetitionState.DONE) {
                out.println("standings: "
                        + contest.layout().competition(ended.name()).resolve("standings.json"));
            }
            out.flush();
            return ended.state() == CompetitionState.DONE ? ExitCodes.OK : ExitCodes.FAILED;
        } finally {
            if (lock.isPresent()) {
                lock.get().close();
            }
        }
    }
}
