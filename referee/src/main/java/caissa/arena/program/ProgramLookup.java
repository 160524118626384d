package caissa.arena.program;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where a bot's program is and whether it can be started, found the one way the arena and the
 * JDK start it: a name with a folder is a path (from the bot's working folder), a bare name is
 * looked for on the arena's PATH, or on the JDK's own default where PATH is not set. The check
 * of a command before any game, the per-game start check and the choice to start a bot through
 * {@code setsid} all ask here, so that they cannot disagree.
 */
public final class ProgramLookup {

    /**
     * What is searched when the arena has no PATH: the JDK's own default, less the current
     * folder. A bot is given this PATH too ({@link BotEnvironment}), so that what starts it
     * ({@code setsid}, {@code env} in its sandbox, its own {@code #!/usr/bin/env} line) looks
     * where this check looked.
     */
    public static final String UNSET_PATH = "/bin:/usr/bin";

    /** What was found for a program. */
    public sealed interface Found {
        /** An executable file that can be started as far as a check can tell. */
        record Startable(Path file) implements Found {}

        /** Nothing of that name: no file there, or none on the PATH. */
        record Missing() implements Found {}

        /** A file or folder of that name that cannot be executed. */
        record NotExecutable(Path file) implements Found {}

        /** A script whose {@code #!} line names an interpreter that is not there: the kernel says "no such file". */
        record MissingInterpreter(Path file, String interpreter) implements Found {}
    }

    private ProgramLookup() {}

    /** The arena's search path for bare program names. */
    public static String searchPath() {
        return searchPath(System.getenv());
    }

    /** The search path for bare program names in an environment: its PATH, or {@link #UNSET_PATH}. */
    public static String searchPath(Map<String, String> environment) {
        String path = environment.get("PATH");
        return path == null ? UNSET_PATH : path;
    }

    /** The executable file a bare name stands for on the search path, if any. */
    public static Optional<Path> onPath(String program) {
        return onPath(program, searchPath());
    }

    /** The executable file a bare name stands for on {@code searchPath}, if any. */
    static Optional<Path> onPath(String program, String searchPath) {
        for (String dir : searchPath.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                try {
                    Path candidate = Path.of(dir, program);
                    if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                        return Optional.of(candidate);
                    }
                } catch (InvalidPathException e) {
                    // Not a name a file can have.
                }
            }
        }
        return Optional.empty();
    }

    /** What {@code program} is, started from {@code workingDir} (the arena's own when empty). */
    public static Found find(String program, Optional<Path> workingDir) {
        Path file;
        try {
            if (program.contains("/")) {
                Path path = Path.of(program);
                file = path.isAbsolute()
                        ? path
                        : workingDir.orElse(Path.of("")).toAbsolutePath().resolve(path);
            } else {
                Optional<Path> found = onPath(program);
                if (found.isEmpty()) {
                    return notExecutableOnPath(program)
                            .<Found>map(Found.NotExecutable::new)
                            .orElse(new Found.Missing());
                }
                file = found.get();
            }
        } catch (InvalidPathException e) {
            return new Found.Missing();
        }
        if (!Files.exists(file)) {
            return new Found.Missing();
        }
        if (!Files.isRegularFile(file) || !Files.isExecutable(file)) {
            return new Found.NotExecutable(file);
        }
        Optional<String> interpreter = interpreter(file);
        if (interpreter.isPresent()
                && !interpreter.get().isEmpty()
                && !Files.isExecutable(Path.of(interpreter.get()))) {
            return new Found.MissingInterpreter(file, interpreter.get());
        }
        return new Found.Startable(file);
    }

    /** A file of that name on the PATH that is there but cannot be executed. */
    private static Optional<Path> notExecutableOnPath(String program) {
        for (String dir : searchPath().split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                try {
                    Path candidate = Path.of(dir, program);
                    if (Files.exists(candidate)) {
                        return Optional.of(candidate);
                    }
                } catch (InvalidPathException e) {
                    // Not a name a file can have.
                }
            }
        }
        return Optional.empty();
    }

    /** The program a script's {@code #!} line names (empty text for a bare {@code #!}); empty when it has none. */
    public static Optional<String> interpreter(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(256);
            if (head.length < 2 || head[0] != '#' || head[1] != '!') {
                return Optional.empty();
            }
            String line = new String(head, 2, head.length - 2, StandardCharsets.UTF_8).split("\n", 2)[0].strip();
            return Optional.of(line.split("[ \t]+", 2)[0]);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Whether the file is a compiled program (ELF), which needs no interpreter, only the executable bit. */
    public static boolean compiled(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(4);
            return head.length == 4 && head[0] == 0x7f && head[1] == 'E' && head[2] == 'L' && head[3] == 'F';
        } catch (IOException e) {
            return false;
        }
    }
}
