package caissa.arena.linux;

import java.util.OptionalLong;

/**
 * A limit a control group's processes ran into, as the kernel counts it; the words that tell
 * it are the caller's, who knows what the limit was for.
 */
public sealed interface LimitHit {

    /**
     * The kernel killed a process of the group for memory.
     *
     * @param peakBytes the most the group held at once, where the kernel keeps that figure
     */
    record Memory(OptionalLong peakBytes) implements LimitHit {}

    /** The kernel refused the group a new process or thread: the one too many, not a kill. */
    record Processes() implements LimitHit {}
}
