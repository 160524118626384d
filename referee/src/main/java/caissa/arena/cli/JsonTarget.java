package caissa.arena.cli;

import caissa.arena.records.AtomicFiles;
import caissa.arena.records.OwnFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * Where a command's {@code --json FILE} goes, the same for every command: FILE, written
 * atomically, beside the command's text; or, for {@code -}, standard output instead of the text,
 * so that a script can read the document alone.
 */
final class JsonTarget {

    /** What {@code --json} says in every command's help after what the document is. */
    static final String HELP = " to FILE; - prints it on standard output instead of the text.";

    private JsonTarget() {}

    /** Whether {@code --json -} was given: the document alone on standard output. */
    static boolean toStandardOutput(Path file) {
        return file != null && file.toString().equals("-");
    }

    /**
     * Refuses, before any work, a target that the write at the end would refuse: a link, a
     * device, a FIFO or a folder ({@link OwnFiles#checkWritable}); {@code -} and no option pass.
     */
    static void check(Path file) throws IOException {
        if (file != null && !toStandardOutput(file)) {
            OwnFiles.checkWritable(file);
        }
    }

    /** Writes {@code document} (JSON text) to the file, or prints it for {@code -}. */
    static void write(Path file, String document, PrintWriter out) throws IOException {
        String text = document.endsWith("\n") ? document : document + "\n";
        if (toStandardOutput(file)) {
            out.print(text);
            out.flush();
        } else {
            AtomicFiles.write(file, text);
        }
    }
}
