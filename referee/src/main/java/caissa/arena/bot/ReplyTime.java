package caissa.arena.bot;

/**
 * When a reply came, as the game's clock charges it: the moment its reader saw it, less the
 * arena's delays meanwhile (see {@link ReaderDelay}: the time that reader, woken by the line,
 * then waited for a core, which on a busy machine can pass a millisecond, and the JVM's pauses),
 * but never before the question it may answer.
 */
final class ReplyTime {

    private ReplyTime() {}

    /**
     * When a reply came that a wait which began at {@code reading} saw at {@code read}, the line
     * it may answer having begun to be written at {@code writeBegan}: never before the wait
     * began, nor before that line when it began during the wait.
     */
    static long receivedAt(long reading, long read, long writeBegan, long delayBefore, long delayAfter) {
        // A write that began after the line was read cannot be what the line answers.
        return receivedAt(
                read, writeBegan - read <= 0 ? Math.max(reading, writeBegan) : reading, delayBefore, delayAfter);
    }

    /**
     * Now, less the reader's delays between {@code delayBefore} and {@code delayAfter}
     * (-1 when unknown), but never before {@code notBefore}: the read began, or the line that the
     * reply may answer began to be written (a wait of the reader before it blocked in the read
     * counts too, and must not date a reply before its question).
     */
    static long receivedAt(long now, long notBefore, long delayBefore, long delayAfter) {
        if (delayBefore < 0 || delayAfter < delayBefore) {
            return now;
        }
        return Math.min(now, Math.max(notBefore, now - (delayAfter - delayBefore)));
    }
}
