package caissa.arena.cli;

import caissa.arena.Version;
import caissa.arena.bench.BenchCommand;
import caissa.arena.command.ExitCodes;
import caissa.arena.diagnostics.TerminalText;
import caissa.arena.input.BadInputException;
import caissa.arena.records.DisagreeingRecordException;
import caissa.arena.records.Problems;
import caissa.arena.sandbox.ArenaNamespaceException;
import caissa.arena.sandbox.Machine;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The {@code caissa} command: a thin shell of subcommands over the arena's library.
 *
 * <p>Its spec is built by hand, not read from a {@code @Command} annotation: Java makes each
 * annotation type's instances through a proxy class generated at run time, which Java 17 cannot
 * keep in the class-data archive, and those proxies took tens of milliseconds of a quick
 * command's start ({@code caissa moves} is called from bot authors' scripts).
 */
public final class Main implements Runnable {

    private static final String[] EXIT_CODES = {
        "0:success",
        "1:a check failed (validate), a regression was found (match), something is missing (doctor) or a book is short (book)",
        "2:bad usage or bad input (options, files, positions)",
        "3:inconclusive (match stopped at its cap)",
        "4:no result: every game of a match ended in an irregular loss, or a play game did not happen (start-failure)",
        "5:a game log disagrees with its moves, its journal or its schedule (merge, report, verify)",
        "70:internal error: a bug in the arena (one line; the stack trace is in the file it names)",
        "71:the kernel refused a namespace for a bot's sandbox (namespaces used up); no bot is charged, finished work is kept",
        "74:a file could not be written or read (disk full, permissions, a bad path); finished work is kept",
        "130:stopped by Ctrl-C (SIGINT); finished work is kept (tournament: continue with --resume)",
        "143:stopped by SIGTERM (a CI timeout, a cluster's scheduler); finished work is kept",
    };

    /**
     * The types whose built-in converters picocli is told not to register: it finds them by
     * reflection in every command line it builds, loading and initializing a hundred classes of
     * java.time and java.sql, several milliseconds of a quick command. No option takes one without
     * a converter of its own (durations have DurationConverter; QuickStartTest checks).
     */
    static final String CONVERTER_EXCLUDES = "picocli.converters.excludes";

    static final String UNUSED_CONVERTERS = "java\\.(time|sql)\\..*";

    private CommandSpec spec;

    private Main() {}

    /** The {@code caissa} command itself, without subcommands. */
    static CommandSpec spec() {
        Main main = new Main();
        main.spec = CommandSpec.wrapWithoutInspection(main).name("caissa").versionProvider(new VersionProvider());
        main.spec
                .usageMessage()
                .description("Caïssa Arena: the referee and arena harness for the board game Caïssa (CodeCup 2003).")
                .exitCodeListHeading("%nExit codes:%n")
                .exitCodeList(UsageMessageSpec.keyValuesMap(EXIT_CODES));
        return StandardHelpOptions.addTo(main.spec);
    }

    public static void main(String[] args) {
        TournamentCommand.interactive = Terminal.isInteractive();
        MatchCommand.interactive = TournamentCommand.interactive;
        BookCommand.interactive = TournamentCommand.interactive;
        // The JVM runs one command: what it learns of the machine and opens there is the command's,
        // given back when it is done.
        int code;
        try (Machine machine = Machine.open()) {
            code = run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
        }
        System.exit(code);
    }

    /**
     * The subcommands' names, in the order help lists them. They are not in an annotation: picocli
     * reads every option of every subcommand when it builds the command line, which took most of a
     * quick command's time; see {@link #commandLine}.
     */
    private static final List<String> SUBCOMMANDS = List.of(
            "perft",
            "moves",
            "play",
            "tournament",
            "merge",
            "report",
            "match",
            "sprt",
            "book",
            "ratings",
            "validate",
            "verify",
            "serve",
            "submit",
            "contest",
            "bench",
            "doctor",
            "help");

    /**
     * The subcommand of that name, as picocli takes it: an annotated class, or a spec built by
     * hand. A switch, not a map of classes, so that only the named command's class is loaded.
     */
    private static Object subcommand(String name) {
        return switch (name) {
            case "perft" -> PerftCommand.class;
            case "moves" -> MovesCommand.spec();
            case "play" -> PlayCommand.class;
            case "tournament" -> TournamentCommand.class;
            case "merge" -> MergeCommand.class;
            case "report" -> ReportCommand.class;
            case "match" -> MatchCommand.class;
            case "sprt" -> SprtCommand.class;
            case "book" -> BookCommand.class;
            case "ratings" -> RatingsCommand.class;
            case "validate" -> ValidateCommand.class;
            case "verify" -> VerifyCommand.class;
            case "serve" -> ServeCommand.class;
            case "submit" -> SubmitCommand.class;
            case "contest" -> ContestCommand.class;
            case "bench" -> BenchCommand.class;
            case "doctor" -> DoctorCommand.class;
            case "help" -> CommandLine.HelpCommand.class;
            default -> throw new IllegalArgumentException("no such subcommand: " + name);
        };
    }

    /**
     * The command line for {@code args}: with only the subcommand they name when they name one,
     * with none when they only ask for the version, else with all of them (help, a mistyped name).
     */
    static CommandLine commandLine(String... args) {
        System.setProperty(CONVERTER_EXCLUDES, UNUSED_CONVERTERS);
        CommandLine commandLine = new CommandLine(spec());
        if (args.length > 0 && SUBCOMMANDS.contains(args[0]) && !args[0].equals("help")) {
            commandLine.addSubcommand(args[0], subcommand(args[0]));
        } else if (!versionOnly(args)) {
            for (String name : SUBCOMMANDS) {
                commandLine.addSubcommand(name, subcommand(name));
            }
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
                err.println(command + ": " + TerminalText.escape(aLine(e.getMessage())));
                return ExitCodes.RECORD_DISAGREES;
            }
            if (e instanceof BadInputException) {
                err.println(command + ": " + TerminalText.escape(aLine(e.getMessage())));
                return ExitCodes.USAGE;
            }
            if (e instanceof ArenaNamespaceException refused) {
                err.println(command + ": " + TerminalText.escape(aLine(refused.getMessage())));
                return ExitCodes.OS_ERROR;
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
            if (e instanceof UncheckedIOException unchecked
                    && unchecked.getCause() instanceof FileSystemException fs
                    && fs.getFile() != null) {
                return Optional.of(fs);
            }
            return Optional.empty();
        }

        /**
         * The message's first line, cut at {@value #LINE} characters: a message that quotes its
         * input (a 10 MiB "move" of a book) stays a line's worth.
         */
        static String aLine(String message) {
            String line = message == null ? "" : message.lines().findFirst().orElse("");
            return line.length() > LINE ? line.substring(0, LINE) + "…" : line;
        }

        private static final int LINE = 1000;

        private static String oneLine(Throwable e) {
            String message = e.getMessage() == null
                    ? ""
                    : e.getMessage().lines().findFirst().orElse("").strip();
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
