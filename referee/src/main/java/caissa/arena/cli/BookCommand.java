package caissa.arena.cli;

import caissa.arena.command.ExitCodes;
import caissa.arena.command.UsageException;
import caissa.arena.openings.BookMaker;
import caissa.arena.records.AtomicFiles;
import caissa.arena.records.OwnFiles;
import caissa.arena.rules.Variant;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Makes a balanced opening book for a variant. */
@Command(
        name = "book",
        mixinStandardHelpOptions = true,
        header = "Make a balanced opening book.",
        description =
                "Draw random openings of N plies, judge each with a fixed-depth alpha-beta search, keep those whose"
                        + " score lies within the band around 0, drop duplicates and transpositions, and write a book (one"
                        + " opening a line, a header of # comments saying how it was made). The same options give the same file.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the book has --count openings",
            "1:fewer openings than --count fit the band (the book is written with those)",
            "2:bad usage",
            "74:the file could not be written"
        })
final class BookCommand implements Callable<Integer> {

    /** Set by {@link Main#main}: a real terminal gets a redrawn progress line. */
    static boolean interactive;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--variant",
            paramLabel = "VARIANT",
            converter = VariantConverter.class,
            description = VariantConverter.DESCRIPTION)
    Variant variant = Variant.CAISSA;

    @Option(names = "--plies", required = true, paramLabel = "N", description = "Plies of each opening, 1 to 40.")
    int plies;

    @Option(names = "--count", required = true, paramLabel = "K", description = "Openings in the book.")
    int count;

    @Option(
            names = "--depth",
            paramLabel = "D",
            defaultValue = "3",
            description = "Depth of the search that judges each opening, 0 to 8 (default: ${DEFAULT-VALUE}).")
    int depth;

    @Option(
            names = "--band",
            paramLabel = "B",
            defaultValue = "100",
            description =
                    "Keep openings whose score is within B centipawns of 0 (default: ${DEFAULT-VALUE}; a knight is 320).")
    int band;

    @Option(
            names = "--seed",
            paramLabel = "S",
            defaultValue = "1",
            description = "Seed of the random openings (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "FILE",
            description = "The book file to write; - prints it on standard output.")
    Path out;

    @Override
    public Integer call() throws Exception {
        boolean toStandardOutput = JsonTarget.toStandardOutput(out);
        if (!toStandardOutput) {
            OwnFiles.checkWritable(out);
        }
        BookMaker maker;
        try {
            maker = new BookMaker(variant, plies, count, depth, band, seed);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        long[] shown = {-1};
        BookMaker.Book book = maker.make(progress -> {
            int kept = progress.lines().size();
            // Redrawn a hundredth of the way on a terminal; a line a tenth of the way in a log.
            int step = Math.max(1, count / (interactive ? 100 : 10));
            if (kept != shown[0] && (kept % step == 0 || kept == count)) {
                shown[0] = kept;
                err.printf(
                        Locale.ROOT,
                        "%sbook: %d/%d openings kept of %d drawn%s",
                        interactive ? "\r" : "",
                        kept,
                        count,
                        progress.drawn(),
                        interactive ? "" : "\n");
                err.flush();
            }
        });
        if (interactive) {
            err.println();
        }
        PrintWriter terminal = spec.commandLine().getOut();
        if (toStandardOutput) {
            // The book alone on standard output; what is said of it goes to standard error.
            terminal.print(maker.text(book));
            terminal.flush();
            terminal = err;
        } else {
            AtomicFiles.write(out, maker.text(book));
        }
        terminal.printf(
                Locale.ROOT,
                "book: %d openings of %d plies (%s) in %s; drawn %d, outside the band %d,"
                        + " duplicates or transpositions %d%n",
                book.lines().size(),
                plies,
                variant.id(),
                out,
                book.drawn(),
                book.outOfBand(),
                book.repeated());
        if (book.lines().size() < count) {
            terminal.println("book: only " + book.lines().size() + " of " + count + " openings fit the band after "
                    + book.drawn() + " draws: widen --band or lower --depth");
            return ExitCodes.FAILED;
        }
        return ExitCodes.OK;
    }
}
