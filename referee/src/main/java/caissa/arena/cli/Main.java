package caissa.arena.cli;

import caissa.arena.Version;
import caissa.arena.bench.BenchCommand;
import caissa.arena.command.ExitCodes;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.input.BadInputException;
import caissa.arena.records.DisagreeingRecordException;
import caissa.arena.records.Problems;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The {@code caissa} command: a thin shell of subcommands over the arena's library. */
@Command(name = "caissa",
        mixinStandardHelpOptions = true,
        versionProvider = Main.VersionProvider.class,
        description = "Caïssa Arena: the referee and arena harness for the board game Caïssa (CodeCup 2003).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:a check failed (validate), a regression was found (match), something is missing (doctor) or a book is short (book)",
            "2:bad usage or bad input (options, files, positions)",
            "3:inconclusive (match stopped at its cap)",
            "4:no result: every game of a match ended in an irregular loss, or a play game did not happen (start-failure)",
            "5:a game log disagrees with its moves, its journal or its schedule (merge, report, verify)",
            "70:internal error: a bug in the arena (one line; the stack trace is in the file it names)",
            "74:a file could not be written or read (disk full, permissions, a bad path); finished work is kept",
            "130:stopped by Ctrl-C (SIGINT); finished work is kept (tournament: continue with --resume)",
            "143:stopped by SIGTERM (a CI timeout, a cluster's scheduler); finished work is kept",
        })
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        TournamentCommand.interactive = Terminal.isInteractive();
        MatchCommand.interactive = TournamentCommand.interactive;
        BookCommand.interactive = TournamentCommand.interactive;
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /**
     * The subcommands, by name, in the order help lists them. They are not in the annotation: picocli
     * reads every option of every subcommand by reflection when it builds the command line, which
     * took most of a quick command's time ({@code caissa moves} is called from bot authors' scripts);
     * see {@link #commandLine}.
     */
    private static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

    private static Map<String, Class<?>> subcommands() {
        Map<String, Class<?>> commands = new LinkedHashMap<>();
        commands.put("perft", PerftCommand.class);
        commands.put("moves", MovesCommand.class);
        commands.put("play", PlayCommand.class);
        commands.put("tournament", TournamentCommand.class);
        commands.put("merge", MergeCommand.class);
        commands.put("report", ReportCommand.class);
        commands.put("match", MatchCommand.class);
        commands.put("sprt", SprtCommand.class);
        commands.put("book", BookCommand.class);
        commands.put("ratings", RatingsCommand.class);
        commands.put("validate", ValidateCommand.class);
        commands.put("verify", VerifyCommand.class);
        commands.put("bench", BenchCommand.class);
        commands.put("doctor", DoctorCommand.class);
        commands.put("help", CommandLine.HelpCommand.class);
        return commands;
    }

    /**
     * The command line for {@code args}: with only the subcommand they name when they name one,
     * with none when they only ask for the version, else with all of them (help, a mistyped name).
     */
    static CommandLine commandLine(String... args) {
        CommandLine commandLine = new CommandLine(new Main());
        if (args.length > 0 && SUBCOMMANDS.containsKey(args[0]) && !args[0].equals("help")) {
            commandLine.addSubcommand(args[0], SUBCOMMANDS.get(args[0]));
        } else if (!versionOnly(args)) {
            SUBCOMMANDS.forEach(commandLine::addSubcommand);
        }
        return commandLine;
    }

    private static boolean versionOnly(String... args) {
        return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
    }

    /** Runs the command line with the given streams and returns the exit code (used by tests). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        if (versionOnly(args)) {
            // What picocli prints for --version, without building a command line to print it.
            for (String line : new VersionProvider().getVersion()) {
                out.println(line);
            }
            out.flush();
            return ExitCodes.OK;
        }
        CommandLine commandLine = commandLine(args);
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setExecutionExceptionHandler(new ErrorHandler());
        commandLine.setParameterExceptionHandler(new UsageErrorHandler());
        try {
            return commandLine.execute(args);
        } catch (Throwable e) {
            // An Error (picocli passes those through) is as much a bug as any exception.
            return ErrorHandler.handle(e, "caissa", err);
        }
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

    /**
     * Every failure is one line on stderr: bad input exit code 2, a file that cannot be written or
     * read (disk full, permissions, a bad path) exit code 74 naming the file, and anything else,
     * which is a bug in the arena, exit code 70 with the stack trace in a file the line names.
     */
    static final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception e, CommandLine commandLine, CommandLine.ParseResult parseResult) {
            return handle(e, commandLine.getCommandSpec().qualifiedName(), commandLine.getErr());
        }

        static int handle(Throwable e, String command, PrintWriter err) {
            if (e instanceof DisagreeingRecordException) {
                err.println(command + ": " + TerminalText.escape(e.getMessage()));
                return ExitCodes.RECORD_DISAGREES;
            }
            if (e instanceof BadInputException) {
                err.println(command + ": " + TerminalText.escape(e.getMessage()));
                return ExitCodes.USAGE;
            }
            Optional<FileSystemException> io = fileProblem(e);
            if (io.isPresent()) {
                err.println(command + ": " + io.get().getFile() + ": " + Problems.describe(io.get()));
                return ExitCodes.IO_ERROR;
            }
            err.println(command + ": internal error (a bug in the arena, please report it): " + oneLine(e) + "; "
                    + InternalErrors.record(e, err));
            return ExitCodes.SOFTWARE;
        }

        private static Optional<FileSystemException> fileProblem(Throwable e) {
            if (e instanceof FileSystemException fs && fs.getFile() != null) {
                return Optional.of(fs);
            }
            if (e instanceof UncheckedIOException unchecked && unchecked.getCause() instanceof FileSystemException fs
                    && fs.getFile() != null) {
                return Optional.of(fs);
            }
            return Optional.empty();
        }

        private static String oneLine(Throwable e) {
            String message = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("").strip();
            return e.getClass().getName() + (message.isEmpty() ? "" : ": " + message);
        }
    }

    /** Option errors: one line naming the problem and where the help is, exit code 2. */
    static final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {
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
