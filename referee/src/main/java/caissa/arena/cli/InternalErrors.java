package caissa.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Keeps the stack trace of an internal error in a file of its own, so that the terminal gets
 * one line and the bug report gets everything.
 */
final class InternalErrors {

    private InternalErrors() {}

    /** Writes the trace to a new file in the temporary folder and says where; prints it if that fails. */
    static String record(Throwable e, PrintWriter err) {
        StringWriter trace = new StringWriter();
        try (PrintWriter writer = new PrintWriter(trace)) {
            writer.println("caissa-arena internal error at " + Instant.now());
            e.printStackTrace(writer);
        }
        try {
            Path file = Files.createTempFile("caissa-internal-error-", ".txt");
            Files.writeString(file, trace.toString(), StandardCharsets.UTF_8);
            return "the stack trace is in " + file;
        } catch (IOException | RuntimeException writeFailure) {
            err.print(trace);
            return "the stack trace follows";
        }
    }
}
