package caissa.arena.cli;

import caissa.arena.command.ExitCodes;
import caissa.arena.command.UsageException;
import caissa.arena.contest.Accounts;
import caissa.arena.contest.Contest;
import caissa.arena.contest.ContestStore;
import caissa.arena.contest.Job;
import caissa.arena.contest.JobWorks;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.input.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code caissa contest}: the contest's data folder from a terminal, for scripts, whether its
 * server runs or not (the database takes both at once), and the hidden {@code contest job} that
 * the server's job runner starts for each job.
 */
@Command(
        name = "contest",
        mixinStandardHelpOptions = true,
        header = "Work on a contest's data folder: invite participants, show its state.",
        description =
                "Commands on the data folder of a contest served by 'caissa serve', whether the server runs or not.",
        subcommands = {
            ContestCommand.Invite.class,
            ContestCommand.Status.class,
            ContestRunCommand.class,
            ContestCommand.RunJob.class
        })
final class ContestCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code caissa contest invite --data DIR NAME...}: one line a participant, their token and link. */
    @Command(
            name = "invite",
            mixinStandardHelpOptions = true,
            header = "Invite participants: print each one's name, submit token and invitation link.",
            description = "Make an account for each NAME and print one line for each: NAME TOKEN URL/invite/CODE. The"
                    + " participant follows the link to choose a password; the token is for 'caissa submit'. The URL is"
                    + " the one the server last served at. Exit codes: 0 every name invited, 2 bad usage or a name"
                    + " refused (taken, or not a name); the others are still invited.")
    static final class Invite implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--data", paramLabel = "DIR", required = true, description = "The contest's data folder.")
        Path data;

        @Parameters(paramLabel = "NAME", arity = "1..*", description = "The participants' names.")
        List<String> names;

        @Override
        public Integer call() {
            Contest contest = Contest.open(data);
            Accounts accounts = new Accounts(contest.store(), Clock.systemUTC());
            String url = contest.store().setting(ContestStore.SERVER_URL).orElse("http://127.0.0.1:8080/");
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            int exit = ExitCodes.OK;
            for (String name : names) {
                Accounts.Result result = accounts.invite(name);
                if (result instanceof Accounts.Invited invited) {
                    out.println(TerminalText.escape(invited.participant().name()) + " " + invited.submitToken() + " "
                            + url + "invite/" + invited.code());
                } else if (result instanceof Accounts.Refused refused) {
                    err.println("caissa contest invite: " + TerminalText.escape(name) + ": "
                            + TerminalText.escape(refused.reason()));
                    exit = ExitCodes.USAGE;
                }
            }
            out.flush();
            err.flush();
            return exit;
        }
    }

    /** {@code caissa contest status --data DIR [--json FILE]}. */
    @Command(
            name = "status",
            mixinStandardHelpOptions = true,
            header = "Show the contest: participants, their submissions with state and admission result.",
            description =
                    "List the contest's participants and their submissions, with each one's state and admission"
                            + " result. --json writes the same as a document (schema reports/schemas/contest-status.schema.json).")
    static final class Status implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--data", paramLabel = "DIR", required = true, description = "The contest's data folder.")
        Path data;

        @Option(
                names = "--json",
                paramLabel = "FILE",
                description = "Also write the status as JSON to FILE ('-': standard output).")
        Path json;

        @Override
        public Integer call() throws IOException {
            Contest contest = Contest.open(data);
            ContestStatusText.print(contest, json, spec.commandLine().getOut());
            return ExitCodes.OK;
        }
    }

    /**
     * The hidden {@code caissa contest job --data DIR --job ID}: one job's work, in the child
     * process the server's job runner starts. It stops at once when its standard input ends (the
     * server died), and the arena's shutdown ends its bots.
     */
    @Command(
            name = "job",
            hidden = true,
            mixinStandardHelpOptions = true,
            header = "Do one job of a contest's queue (the server starts this).")
    static final class RunJob implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--data", paramLabel = "DIR", required = true, description = "The contest's data folder.")
        Path data;

        @Option(names = "--job", paramLabel = "ID", required = true, description = "The job's id.")
        long id;

        @Override
        public Integer call() throws Exception {
            watchStandardInput(System.in);
            Contest contest = Contest.open(data);
            Job job = contest.store().job(id).orElseThrow(() -> new UsageException("no job " + id + " in " + data));
            PrintWriter err = spec.commandLine().getErr();
            err.println("caissa contest job: job " + id + " (" + job.kind().word() + " of " + job.subject()
                    + "), attempt " + job.attempts());
            err.flush();
            try {
                JobWorks.of(job.kind()).run(job, contest);
            } catch (BadInputException e) {
                err.println("caissa contest job: job " + id + ": " + TerminalText.escape(e.getMessage()));
                err.flush();
                return ExitCodes.FAILED;
            }
            return ExitCodes.OK;
        }

        /** A daemon that ends the process when the server's end of standard input closes. */
        private static void watchStandardInput(InputStream in) {
            Thread watcher = new Thread(
                    () -> {
                        try {
                            byte[] buffer = new byte[256];
                            while (in.read(buffer) >= 0) {
                                // The server writes nothing; reading only waits for the end.
                            }
                        } catch (IOException e) {
                            // A broken pipe is an end too.
                        }
                        System.err.println("caissa contest job: the server ended; stopping");
                        System.exit(ExitCodes.FAILED);
                    },
                    "server-watch");
            watcher.setDaemon(true);
            watcher.start();
        }
    }
}
