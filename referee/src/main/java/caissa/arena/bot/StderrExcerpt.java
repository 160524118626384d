package caissa.arena.bot;

/**
 * A bounded excerpt of what a bot wrote to standard error: the first and the last few KiB.
 *
 * @param bytes how many bytes the bot wrote in all
 * @param head the beginning (all of it when it fitted)
 * @param tail the end, when the output was longer than the head; empty otherwise
 * @param truncated whether bytes between head and tail were dropped
 */
public record StderrExcerpt(long bytes, String head, String tail, boolean truncated) {

    public static final StderrExcerpt EMPTY = new StderrExcerpt(0, "", "", false);
}
