package caissa.arena.submission;

import caissa.arena.bot.ToolProcess;
import caissa.arena.input.BadInputException;
import caissa.arena.program.BotCommand;
import caissa.arena.program.CommandLineSplitter;
import caissa.arena.records.InputFiles;
import caissa.arena.sandbox.Containment;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.Machine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Turns a submission into a command, the CodeCup way: a single source file is compiled by its
 * extension ({@code .java} with javac, {@code .c} with gcc -O2, {@code .cpp} with g++ -O2,
 * {@code .py} checked by python3) in a folder of its own; anything else is taken as a command.
 * A contest server builds by its contest's {@link Recipe}s instead, from a folder of sources.
 * Both kinds of build are one-shot commands run by one path with a time limit, started and ended
 * by the same parts as a bot ({@link ToolProcess}), in the same kind of sandbox and limits (see
 * {@link Containment}): a source file can make its compiler misbehave ({@code #include
 * "/dev/zero"} eats memory for ever), a build script can leave a daemon behind, and only the
 * build folder is writable.
 */
public final class SourceBuild {

    /** What a submission became. */
    public sealed interface Outcome {
        /** The submission was a command, not a source file. */
        record Command(BotCommand command) implements Outcome {}

        /** A source file built into a runnable command. */
        record Built(BotCommand command, String language, String buildCommand, String output) implements Outcome {}

        /** The build failed; {@code output} holds the compiler's messages. */
        record Failed(String language, String buildCommand, String reason, String output) implements Outcome {}
    }

    /**
     * A contest's language: how its sources are built and run. In {@code build} and {@code run},
     * the word {@code {sources}} becomes every source file (those with one of the extensions,
     * sorted, as paths relative to the build folder) and {@code {main}} the main file. Both
     * commands run in the build folder, so a recipe names the files it makes relatively
     * ({@code ./bot}) and nothing of the machine's paths ends up in a report.
     *
     * @param main the main file's name in an archive; empty when any single source will do
     */
    public record Recipe(
            String name, List<String> extensions, Optional<String> main, List<String> build, List<String> run) {

        public Recipe {
            extensions = List.copyOf(extensions);
            build = List.copyOf(build);
            run = List.copyOf(run);
            if (run.isEmpty()) {
                throw new IllegalArgumentException("a language needs a run command");
            }
        }

        /** Whether a file of this name is one of this language's sources. */
        public boolean isSource(String fileName) {
            String lower = fileName.toLowerCase(Locale.ROOT);
            return extensions.stream().anyMatch(e -> lower.endsWith("." + e.toLowerCase(Locale.ROOT)));
        }

        /** The command with {@code {sources}} and {@code {main}} expanded. */
        List<String> expand(List<String> command, List<String> sources, String mainFile) {
            List<String> argv = new ArrayList<>();
            for (String word : command) {
                if (word.equals("{sources}")) {
                    argv.addAll(sources);
                } else {
                    argv.add(word.replace("{main}", mainFile));
                }
            }
            return argv;
        }
    }

    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");
    private static final int OUTPUT_LIMIT = 64 * 1024;

    private SourceBuild() {}

    /**
     * @param submission a command line, or the path of one source file
     * @param buildDir an empty folder for the build's output
     * @throws IllegalArgumentException when the submission names a source file that does not exist, or is not a command
     */
    public static Outcome prepare(String submission, Path buildDir, Duration timeout) {
        return prepare(submission, buildDir, timeout, Isolation.defaults());
    }

    /** The same, with the build in the given sandbox and limits. */
    public static Outcome prepare(String submission, Path buildDir, Duration timeout, Isolation isolation) {
        Optional<Path> found = source(submission);
        if (found.isEmpty()) {
            return new Outcome.Command(BotCommand.of(CommandLineSplitter.split(submission)));
        }
        Path source = found.get();
        String extension = language(source.toString()).orElseThrow();
        Build build = new Build(buildDir, timeout, isolation);
        // The build sees only its own folder: a copy of the source goes there, readable by the
        // sandbox's unprivileged user wherever the original lies.
        try {
            Path copies = Files.createDirectories(buildDir.resolve("source"));
            source = Files.copy(source, copies.resolve(source.getFileName()));
            Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return switch (extension) {
            case "java" -> java(source, build);
            case "c" -> compiled(source, build, "C", "gcc", "-lm");
            case "cpp" -> compiled(source, build, "C++", "g++", null);
            default -> python(source, build);
        };
    }

    /**
     * Builds a contest submission by its language's recipe: the sources in {@code sourcesDir}
     * are copied into {@code buildDir}, readable by the sandbox's user, and the build command
     * runs there. A recipe without a build command is Built at once.
     *
     * @param sources the source files, relative to {@code sourcesDir}, sorted
     * @param mainFile the main file, relative to {@code sourcesDir}
     */
    public static Outcome prepare(
            Recipe recipe,
            Path sourcesDir,
            List<String> sources,
            String mainFile,
            Path buildDir,
            Duration timeout,
            Isolation isolation) {
        try {
            copyReadable(sourcesDir, buildDir);
        } catch (IOException e) {
            return new Outcome.Failed(
                    recipe.name(),
                    String.join(" ", recipe.build()),
                    "the sources could not be copied into the build folder: " + e.getMessage(),
                    "");
        }
        List<String> argv = recipe.expand(recipe.build(), sources, mainFile);
        BotCommand run =
                new BotCommand(recipe.expand(recipe.run(), sources, mainFile), Optional.of(buildDir), Map.of());
        if (argv.isEmpty()) {
            return new Outcome.Built(run, recipe.name(), "", "");
        }
        return run(recipe.name(), argv, new Build(buildDir, timeout, isolation), run);
    }

    /** Copies a tree of sources, every folder open to all and every file readable by all (the sandbox's user is nobody). */
    private static void copyReadable(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path path : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(target);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                    Files.copy(path, target, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
    }

    /**
     * The source file a submission names, checked to exist but not built; empty when the
     * submission is a command.
     *
     * @throws IllegalArgumentException when it names a source file that does not exist
     */
    public static Optional<Path> source(String submission) {
        List<String> argv = CommandLineSplitter.split(submission);
        if (argv.size() != 1 || language(argv.get(0)).isEmpty()) {
            return Optional.empty();
        }
        Path source = Path.of(argv.get(0)).toAbsolutePath().normalize();
        if (!Files.isRegularFile(source)) {
            throw new IllegalArgumentException("no such source file: " + argv.get(0));
        }
        return Optional.of(source);
    }

    /** Where and how a build runs. */
    private record Build(Path dir, Duration timeout, Isolation isolation) {}

    private static Optional<String> language(String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        for (String extension : List.of("java", "cpp", "c", "py")) {
            if (lower.endsWith("." + extension)) {
                return Optional.of(extension);
            }
        }
        return Optional.empty();
    }

    private static Outcome java(Path source, Build build) {
        Path buildDir = build.dir();
        String base = source.getFileName().toString().replaceFirst("\\.java$", "");
        String mainClass = base;
        try {
            Matcher m = PACKAGE.matcher(InputFiles.readString(source, InputFiles.SOURCE_FILE_CAP));
            if (m.find()) {
                mainClass = m.group(1) + "." + base;
            }
        } catch (IOException e) {
            return new Outcome.Failed("Java", "javac", "cannot read " + source + ": " + e.getMessage(), "");
        } catch (BadInputException e) {
            return new Outcome.Failed("Java", "javac", e.getMessage(), "");
        }
        List<String> javac = List.of("javac", "-encoding", "UTF-8", "-d", buildDir.toString(), source.toString());
        BotCommand run = BotCommand.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                buildDir.toString(),
                mainClass);
        return run("Java", javac, build, run);
    }

    private static Outcome compiled(Path source, Build build, String language, String compiler, String library) {
        Path binary = build.dir().resolve("bot");
        List<String> command = new ArrayList<>(List.of(compiler, "-O2", "-o", binary.toString(), source.toString()));
        if (library != null) {
            command.add(library);
        }
        return run(language, command, build, BotCommand.of(binary.toString()));
    }

    private static Outcome python(Path source, Build build) {
        // A syntax check that writes nothing next to the author's file (py_compile would).
        List<String> check = List.of(
                "python3",
                "-c",
                "import sys; compile(open(sys.argv[1], encoding='utf-8').read(), sys.argv[1], 'exec')",
                source.toString());
        return run("Python", check, build, BotCommand.of("python3", source.toString()));
    }

    private static Outcome run(String language, List<String> command, Build build, BotCommand run) {
        Path dir = build.dir();
        Duration timeout = build.timeout();
        String display = String.join(" ", command);
        BotCommand program = new BotCommand(command, Optional.of(dir), Map.of());
        Containment.Prepared prepared;
        try {
            prepared = Containment.prepareTool(
                    Machine.current().parts(build.isolation().sandbox()), program, dir, build.isolation(), "build");
        } catch (IOException e) {
            return new Outcome.Failed(
                    language, display, "the build's sandbox could not be prepared: " + e.getMessage(), "");
        }
        if (prepared instanceof Containment.Prepared.Refused refused) {
            return new Outcome.Failed(language, display, "the build could not be started: " + refused.reason(), "");
        }
        Containment containment = ((Containment.Prepared.Ready) prepared).containment();
        try {
            return outcome(language, display, program, timeout, run, containment);
        } finally {
            containment.close();
        }
    }

    private static Outcome outcome(
            String language,
            String display,
            BotCommand program,
            Duration timeout,
            BotCommand run,
            Containment containment) {
        BoundedOutput output = new BoundedOutput(OUTPUT_LIMIT);
        // A build is a submission's code too: started as a bot is, with none of the arena's environment.
        ToolProcess.Ran ran = ToolProcess.run(program, containment, timeout, output);
        if (ran instanceof ToolProcess.Ran.NotStarted notStarted) {
            return new Outcome.Failed(
                    language,
                    display,
                    display.split(" ")[0] + " cannot be run here: " + notStarted.reason(),
                    output.text());
        }
        Optional<Integer> exit = ran instanceof ToolProcess.Ran.Exited exited
                ? Optional.of(exited.status())
                : ((ToolProcess.Ran.OutOfTime) ran).status();
        Optional<String> overLimit = containment.limitHit(exit);
        if (overLimit.isPresent()) {
            return new Outcome.Failed(language, display, "the build went over its " + overLimit.get(), output.text());
        }
        if (ran instanceof ToolProcess.Ran.OutOfTime) {
            return new Outcome.Failed(
                    language, display, "the build took longer than " + timeout.toSeconds() + " s", output.text());
        }
        int status = exit.orElseThrow();
        if (status != 0) {
            return new Outcome.Failed(
                    language, display, display.split(" ")[0] + " exited with status " + status, output.text());
        }
        return new Outcome.Built(run, language, display, output.text());
    }
}
