package caissa.arena.program;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A script's first line ({@code #!/usr/bin/env python3}) names the program that runs it. When
 * that program does not exist the operating system's error names the script instead, so the
 * arena checks the line itself, before any game.
 */
final class Shebang {

    private Shebang() {}

    /** What is wrong with the script's {@code #!} line, or empty when it has none or it is fine. */
    static Optional<String> problem(Path script, String shown) {
        Optional<String> first = firstLine(script);
        if (first.isEmpty()) {
            return Optional.empty();
        }
        String line = first.get();
        String fix = " (fix its first line, or start it through its interpreter: " + interpreterFor(script, shown) + " "
                + shown + ")";
        if (line.endsWith("\r")) {
            return Optional.of(
                    shown + ": its first line '" + line.strip() + "' ends with a carriage return (Windows line"
                            + " endings), so the system looks for a program whose name ends in \\r; convert the file to Unix line"
                            + " endings (dos2unix " + shown + ")");
        }
        List<String> words = Arrays.stream(line.substring(2).strip().split("\\s+"))
                .filter(w -> !w.isEmpty())
                .toList();
        if (words.isEmpty()) {
            return Optional.of(shown + ": its first line '#!' names no interpreter" + fix);
        }
        Path interpreter = Path.of(words.get(0));
        if (!Files.isRegularFile(interpreter) || !Files.isExecutable(interpreter)) {
            return Optional.of(shown + ": its first line '" + line.strip() + "' names " + interpreter
                    + ", which does not exist here" + fix);
        }
        if (interpreter.getFileName().toString().equals("env")) {
            Optional<String> program = words.stream()
                    .skip(1)
                    .filter(w -> !w.startsWith("-") && !w.contains("="))
                    .findFirst();
            if (program.isPresent() && ProgramLookup.onPath(program.get()).isEmpty()) {
                return Optional.of(shown + ": its first line '" + line.strip() + "' asks for " + program.get()
                        + ", which is not on the PATH" + fix);
            }
        }
        return Optional.empty();
    }

    /** The {@code #!} line of a file, when it starts with one. */
    private static Optional<String> firstLine(Path script) {
        try (InputStream in = Files.newInputStream(script)) {
            byte[] start = in.readNBytes(256);
            if (start.length < 2 || start[0] != '#' || start[1] != '!') {
                return Optional.empty();
            }
            String text = new String(start, StandardCharsets.UTF_8);
            int end = text.indexOf('\n');
            return Optional.of(end < 0 ? text : text.substring(0, end));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The interpreter a script was written for, from its {@code #!} line or else its extension, for hints. */
    static String interpreterFor(Path script, String shown) {
        Optional<String> line = firstLine(script);
        if (line.isPresent()) {
            List<String> words = Arrays.stream(line.get().substring(2).strip().split("\\s+"))
                    .filter(w -> !w.isEmpty() && !w.startsWith("-"))
                    .toList();
            if (!words.isEmpty()) {
                String program = Path.of(words.get(0)).getFileName().toString();
                if (program.equals("env") && words.size() > 1) {
                    program = words.get(1);
                }
                if (program.matches("[A-Za-z0-9._+-]+")) {
                    return program;
                }
            }
        }
        String name = shown.toLowerCase(Locale.ROOT);
        if (name.endsWith(".py")) {
            return "python3";
        }
        if (name.endsWith(".js")) {
            return "node";
        }
        if (name.endsWith(".rb")) {
            return "ruby";
        }
        if (name.endsWith(".pl")) {
            return "perl";
        }
        if (name.endsWith(".jar")) {
            return "java -jar";
        }
        return "bash";
    }
}
