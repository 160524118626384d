package caissa.arena.bot;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * How long, in all, this JVM has stopped every thread of its own to collect garbage: a reply
 * that came during such a pause is read after it, and the pause is the arena's, not the bot's.
 * Counted from the collectors' pause times (milliseconds); a collector's concurrent work, which
 * stops nothing, is not a pause.
 */
final class JvmPauses {

    private static final List<GarbageCollectorMXBean> PAUSING = ManagementFactory.getGarbageCollectorMXBeans().stream()
            .filter(collector -> !collector.getName().contains("Concurrent")
                    && !collector.getName().contains("Cycles"))
            .toList();

    private JvmPauses() {}

    /** The pauses so far, in nanoseconds. */
    static long nanos() {
        long millis = 0;
        for (GarbageCollectorMXBean collector : PAUSING) {
            millis += Math.max(0, collector.getCollectionTime());
        }
        return millis * 1_000_000;
    }
}
