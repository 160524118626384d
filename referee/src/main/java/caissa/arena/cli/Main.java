package caissa.arena.cli;

import caissa.arena.Version;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code caissa} command: a thin shell of subcommands over the arena's library. */
@Command(name = "caissa",
        mixinStandardHelpOptions = true,
        versionProvider = Main.VersionProvider.class,
        description = "Caïssa Arena: the referee and arena harness for the board game Caïssa (CodeCup 2003).",
        subcommands = {
            PerftCommand.class,
            MovesCommand.class,
            PlayCommand.class,
            TournamentCommand.class,
            ReportCommand.class,
            MatchCommand.class,
            ValidateCommand.class,
            BenchCommand.class,
            CommandLine.HelpCommand.class,
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:a check failed (validate) or a regression was found (match)",
            "2:bad usage or bad input (options, files, positions)",
            "3:inconclusive (match stopped at its cap)",
        })
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        TournamentCommand.interactive = System.console() != null;
        MatchCommand.interactive = TournamentCommand.interactive;
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line with the given streams and returns the exit code (used by tests). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine commandLine = new CommandLine(new Main());
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setExecutionExceptionHandler(new ErrorHandler());
        commandLine.setParameterExceptionHandler(new UsageErrorHandler());
        return commandLine.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"caissa-arena " + Version.current()};
        }
    }

    /** Bad input gets one line and exit code 2; a bug gets its stack trace and exit code 70. */
    private static final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception e, CommandLine commandLine, CommandLine.ParseResult parseResult) {
            PrintWriter err = commandLine.getErr();
            if (e instanceof UsageException || e instanceof IllegalArgumentException) {
                err.println(commandLine.getCommandSpec().qualifiedName() + ": " + TerminalText.escape(e.getMessage()));
                return ExitCodes.USAGE;
            }
            err.println(commandLine.getCommandSpec().qualifiedName() + ": internal error: " + e);
            e.printStackTrace(err);
            return ExitCodes.SOFTWARE;
        }
    }

    /** Option errors: one line naming the problem and where the help is, exit code 2. */
    private static final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {
        @Override
        public int handleParseException(CommandLine.ParameterException e, String[] args) {
            CommandLine commandLine = e.getCommandLine();
            PrintWriter err = commandLine.getErr();
            // One line, as every bad input gets: the problem, then where the help is.
            String command = commandLine.getCommandSpec().qualifiedName();
            err.println(command + ": " + TerminalText.escape(e.getMessage()) + " (see '" + command + " --help')");
            return ExitCodes.USAGE;
        }
    }
}
