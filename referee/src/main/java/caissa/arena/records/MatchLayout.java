package caissa.arena.records;

import java.nio.file.Path;
import java.time.LocalDateTime;

/**
 * The output folder of a match and of one shard of it; written by the match and its merge, read
 * by report, verify and merge.
 */
public final class MatchLayout {

    /** The match's summary: its settings, score, Elo and SPRT verdict. */
    public static final String SUMMARY_FILE = "summary.json";
    /** A shard's record of the whole match's settings and its share, for the merge. */
    public static final String SHARD_FILE = "match.json";
    /** The game logs, named by {@link GameFiles#name} against the match's largest game count. */
    public static final String GAMES_DIR = GameFiles.DIR;

    private MatchLayout() {}

    /** {@code reports/match/<time>-<engine>-vs-<baseline>/}: where a match writes without {@code --out}. */
    public static Path defaultFolder(LocalDateTime time, String engine, String baseline) {
        return ReportsDirectory.root()
                .resolve("match")
                .resolve(ReportsDirectory.stamp(time) + "-" + ReportsDirectory.safe(engine) + "-vs-"
                        + ReportsDirectory.safe(baseline));
    }
}
