package caissa.arena.records;

import java.nio.file.Path;

/**
 * The output folder of a tournament, of one shard of it and of a merge of shards; written by the
 * tournament and its merge, read by report, verify and resume.
 */
public final class TournamentLayout {

    /** What the run is: its definition, the arena's version, when it started, its shard. */
    public static final String RECORD_FILE = "tournament.json";
    /** The standings, rewritten after every game. */
    public static final String STANDINGS_FILE = "standings.json";
    /** One line per finished game, appended as it finishes: what a resume starts from. */
    public static final String JOURNAL_FILE = "journal.jsonl";
    /** The game logs, named by {@link GameFiles#name}. */
    public static final String GAMES_DIR = GameFiles.DIR;

    private TournamentLayout() {}

    /** {@code reports/<name>/}: where a tournament writes without {@code --out}. */
    public static Path defaultFolder(String name) {
        return ReportsDirectory.root().resolve(name);
    }
}
