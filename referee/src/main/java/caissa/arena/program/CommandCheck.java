package caissa.arena.program;

import caissa.arena.input.Limits;
import caissa.arena.input.Texts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Checks before a game or tournament that a bot command can be started at all, so that a typo
 * is reported up front as bad input instead of as a lost game in the middle of a run.
 */
public final class CommandCheck {

    /** Interpreter options whose value is the next argument, not the script. */
    private static final Set<String> OPTIONS_WITH_VALUE =
            Set.of("-cp", "-classpath", "--class-path", "-p", "--module-path", "-m", "-c", "-e");

    private CommandCheck() {}

    /** What is wrong with the command, or empty when it looks startable. */
    public static Optional<String> problem(BotCommand command) {
        Optional<String> text = textProblem(command.argv());
        if (text.isPresent()) {
            return text;
        }
        if (command.workingDir().isPresent()
                && !Files.isDirectory(command.workingDir().get())) {
            return Optional.of("working directory " + command.workingDir().get() + " does not exist");
        }
        BotCommand resolved;
        try {
            resolved = SampleBots.resolve(command);
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        String program = resolved.argv().get(0);
        ProgramLookup.Found found = ProgramLookup.find(program, command.workingDir());
        if (found instanceof ProgramLookup.Found.Missing) {
            return Optional.of(
                    program.contains("/")
                            ? "no such file: " + program
                            : "program '" + program + "' not found on the PATH");
        }
        if (found instanceof ProgramLookup.Found.NotExecutable notExecutable) {
            Path path = notExecutable.file();
            if (Files.isDirectory(path)) {
                return Optional.of("not an executable file: " + program + " is a folder");
            }
            // A compiled program needs only the bit; a script can also be started through its interpreter.
            return Optional.of("not an executable file: " + program + " (make it executable with chmod +x " + path
                    + (ProgramLookup.compiled(path)
                            ? ""
                            : ", or start it through its interpreter: " + Shebang.interpreterFor(path, program) + " "
                                    + program)
                    + ")");
        }
        Path file = found instanceof ProgramLookup.Found.Startable startable
                ? startable.file()
                : ((ProgramLookup.Found.MissingInterpreter) found).file();
        Optional<String> shebang = Shebang.problem(file, program);
        if (shebang.isPresent() || program.contains("/")) {
            return shebang;
        }
        // python3 bot.py: the script is the bot, and a missing one is the usual typo.
        return scriptProblem(resolved, command.workingDir());
    }

    /** The script of an interpreter command ({@code python3 bot.py}) must exist where the bot runs. */
    private static Optional<String> scriptProblem(BotCommand command, Optional<Path> workingDir) {
        String program = fileName(command.argv().get(0));
        if (!program.matches("python\\d*(\\.\\d+)?|node|ruby|perl|sh|bash|php|lua")) {
            return Optional.empty();
        }
        List<String> args = command.argv().subList(1, command.argv().size());
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (OPTIONS_WITH_VALUE.contains(arg)) {
                // python3 -c CODE, -m MODULE: no script file.
                return Optional.empty();
            }
            if (!arg.startsWith("-")) {
                Path script = Path.of(arg);
                Path where = script.isAbsolute()
                        ? script
                        : workingDir.orElse(Path.of("")).toAbsolutePath().resolve(script);
                return Files.isRegularFile(where)
                        ? Optional.empty()
                        : Optional.of("no such file: " + arg + " (the script " + program + " would run"
                                + (script.isAbsolute()
                                        ? ""
                                        : ", looked for from "
                                                + workingDir
                                                        .map(Path::toString)
                                                        .orElse("the current folder "
                                                                + Path.of("").toAbsolutePath()))
                                + ")");
            }
        }
        return Optional.empty();
    }

    /**
     * What is wrong with the arguments as text, or empty: the one check every command goes
     * through (tournament files and options alike), before anything treats them as paths. A NUL
     * cannot reach a program at all (every game would fail to start) and no other control
     * character belongs in an argument; the count and lengths are bounded.
     */
    public static Optional<String> textProblem(List<String> argv) {
        if (argv.size() > Limits.MAX_ARGUMENTS) {
            return Optional.of("has " + argv.size() + " arguments; at most " + Limits.MAX_ARGUMENTS);
        }
        for (int i = 0; i < argv.size(); i++) {
            String arg = argv.get(i);
            Optional<String> control = Texts.control(arg);
            if (control.isPresent()) {
                return Optional.of("argument " + (i + 1) + " holds the control character " + control.get()
                        + " (NUL, newline and other control characters cannot be passed to a program)");
            }
            if (arg.length() > Limits.MAX_ARGUMENT_LENGTH) {
                return Optional.of("argument " + (i + 1) + " is " + arg.length() + " characters long; at most "
                        + Limits.MAX_ARGUMENT_LENGTH);
            }
        }
        return Optional.empty();
    }

    /**
     * A short name for a bot from its command, for when none is given: the sample bot's name, the
     * script of an interpreter ({@code python3 bot.py} is {@code bot}), or the program's file name.
     */
    public static String defaultName(BotCommand command) {
        String first = command.argv().get(0);
        if (first.startsWith(SampleBots.PREFIX)) {
            return first.substring(SampleBots.PREFIX.length());
        }
        String program = fileName(first);
        if (program.matches("python\\d*(\\.\\d+)?|java|node|ruby|perl|sh|bash|php|lua")) {
            List<String> args = command.argv().subList(1, command.argv().size());
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                if (OPTIONS_WITH_VALUE.contains(arg)) {
                    i++;
                } else if (arg.equals("-jar") && i + 1 < args.size()) {
                    return stripExtension(fileName(args.get(i + 1)));
                } else if (!arg.startsWith("-")) {
                    // A script's file name, or a Java main class without its package.
                    String name = program.equals("java") ? arg.substring(arg.lastIndexOf('.') + 1) : fileName(arg);
                    return program.equals("java") ? name : stripExtension(name);
                }
            }
        }
        return stripExtension(program);
    }

    private static String fileName(String path) {
        Path name = Path.of(path).getFileName();
        return name == null ? path : name.toString();
    }

    private static String stripExtension(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
