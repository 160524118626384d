package caissa.arena.report;

import caissa.arena.bot.StderrExcerpt;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A bot's standard error as the report shows it: the log's excerpt (up to 4 KiB head and tail)
 * cut further to {@link #LIMIT} characters at each end. Chatty bots write to stderr on every
 * move, and a thousand games of full excerpts would make the report tens of megabytes; the
 * beginning (start-up messages) and the end (what happened last, often the crash) are what a
 * reader looks for, and the whole excerpt stays in the game log.
 *
 * @param bytes how many bytes the bot wrote in all
 * @param head the beginning as shown
 * @param tail the end as shown; empty when nothing between head and tail was left out
 * @param omitted whether text between head and tail is not shown (dropped by the referee or here)
 * @param shortened whether the report cut the log's excerpt, so the game log has more of it
 */
@JsonPropertyOrder({"bytes", "head", "tail", "omitted", "shortened"})
public record ReportStderr(long bytes, String head, String tail, boolean omitted, boolean shortened) {

    /** Characters kept at each end: two of them per bot keep a game's stderr near 4 KiB. */
    public static final int LIMIT = 1024;

    public static ReportStderr of(StderrExcerpt excerpt) {
        String head = excerpt.head();
        String tail = excerpt.tail();
        if (head.length() <= LIMIT && tail.length() <= LIMIT) {
            return new ReportStderr(excerpt.bytes(), head, tail, excerpt.truncated(), false);
        }
        String shownHead = prefix(head, LIMIT);
        // Without a tail of its own, the end of the head is the end of the output.
        String end = tail.isEmpty() ? head.substring(shownHead.length()) : tail;
        String shownTail = suffix(end, LIMIT);
        boolean covered = tail.isEmpty()
                ? shownHead.length() + shownTail.length() == head.length()
                : shownHead.length() == head.length() && shownTail.length() == tail.length();
        return new ReportStderr(excerpt.bytes(), shownHead, shownTail, excerpt.truncated() || !covered, true);
    }

    /** At most {@code limit} chars from the start, never splitting a surrogate pair. */
    private static String prefix(String text, int limit) {
        if (text.length() <= limit) {
            return text;
        }
        int end = Character.isLowSurrogate(text.charAt(limit)) ? limit - 1 : limit;
        return text.substring(0, end);
    }

    /** At most {@code limit} chars from the end, never splitting a surrogate pair. */
    private static String suffix(String text, int limit) {
        if (text.length() <= limit) {
            return text;
        }
        int start = text.length() - limit;
        if (Character.isLowSurrogate(text.charAt(start))) {
            start++;
        }
        return text.substring(start);
    }
}
