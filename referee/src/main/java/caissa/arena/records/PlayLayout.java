package caissa.arena.records;

import java.nio.file.Path;
import java.time.LocalDateTime;

/** The log of one game ({@code caissa play}): the file given, or {@code reports/play/<time>-<white>-vs-<black>.json}. */
public final class PlayLayout {

    private PlayLayout() {}

    /** {@code reports/play/<time>-<white>-vs-<black>.json}. */
    public static Path defaultFile(LocalDateTime time, String white, String black) {
        return ReportsDirectory.root()
                .resolve("play")
                .resolve(ReportsDirectory.stamp(time) + "-" + ReportsDirectory.safe(white) + "-vs-"
                        + ReportsDirectory.safe(black) + ".json");
    }
}
