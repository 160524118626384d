package caissa.arena.contest;

import caissa.arena.tournament.FinishedGame;
import caissa.arena.tournament.StandingsDocument;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What changed in a running competition since it was last asked: the games finished since (read
 * from the journals, each game once) and the standings when they moved. A competition run here has
 * one journal; one run on SLURM has one a shard, and its standings are the merged folder's, which
 * move a batch at a time.
 */
public final class CompetitionFeed {

    /** The games finished since the last update, and the standings if they changed. */
    public record Update(List<FinishedGame> games, Optional<StandingsDocument> standings) {
        public Update {
            games = List.copyOf(games);
        }
    }

    private final Path standingsDir;
    private final List<JournalTail> tails;
    private String lastStandings = "";

    private CompetitionFeed(Path standingsDir, List<Path> journals) {
        this.standingsDir = standingsDir;
        this.tails = journals.stream().map(JournalTail::new).toList();
    }

    /** A competition played in one folder. */
    public static CompetitionFeed of(Path dir) {
        return new CompetitionFeed(dir, List.of(dir));
    }

    /** A competition played in shards and merged into {@code merged}. */
    public static CompetitionFeed sharded(Path merged, List<Path> shards) {
        return new CompetitionFeed(merged, shards);
    }

    /** What changed since the last call, or empty when nothing did. */
    public synchronized Optional<Update> poll() throws IOException {
        List<FinishedGame> games = new ArrayList<>();
        for (JournalTail tail : tails) {
            games.addAll(tail.next());
        }
        Optional<StandingsDocument> standings = CompetitionProgress.standings(standingsDir);
        String version =
                standings.map(s -> s.gamesPlayed() + " " + s.updatedAt()).orElse("");
        boolean moved = !version.equals(lastStandings);
        lastStandings = version;
        if (games.isEmpty() && !moved) {
            return Optional.empty();
        }
        return Optional.of(new Update(games, moved ? standings : Optional.empty()));
    }
}
