package caissa.arena.diagnostics;

import caissa.arena.bot.StderrExcerpt;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The last lines a bot wrote on standard error: usually the one that says why it failed. */
public final class StderrLines {

    /** How many lines a diagnosis shows: a Python traceback's last frame and its error. */
    public static final int SHOWN = 4;

    private static final int MAX_LINE = 200;
    /** Lines the arena's test bots and some runtimes write that explain nothing. */
    private static final Pattern NOISE = Pattern.compile("^(?:child-)?pid \\d+$");
    /** The first line of an uncaught error in the languages bots are written in. */
    private static final Pattern TRACEBACK = Pattern.compile(
            "(?m)^(?:Traceback \\(most recent call last\\):|Exception in thread \"|thread '.*' panicked at"
                    + "|terminate called after throwing|Segmentation fault|Fatal error:|panic: )");

    private StderrLines() {}

    /** The last {@code count} non-blank lines, escaped for printing, each at most 200 characters. */
    public static List<String> last(StderrExcerpt stderr, int count) {
        String text = stderr.tail().isEmpty() ? stderr.head() : stderr.tail();
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\\R")) {
            String shown = line.strip();
            if (!shown.isEmpty() && !NOISE.matcher(shown).matches()) {
                lines.add(shorten(TerminalText.escape(shown)));
            }
        }
        return List.copyOf(lines.subList(Math.max(0, lines.size() - count), lines.size()));
    }

    public static List<String> last(StderrExcerpt stderr) {
        return last(stderr, SHOWN);
    }

    /** Whether the bot printed an uncaught error (a traceback, a panic, a fatal signal message). */
    public static boolean hasTraceback(StderrExcerpt stderr) {
        return TRACEBACK.matcher(stderr.head()).find()
                || TRACEBACK.matcher(stderr.tail()).find();
    }

    private static String shorten(String line) {
        return line.length() > MAX_LINE ? line.substring(0, MAX_LINE) + "…" : line;
    }
}
