package caissa.arena.contest;

import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import caissa.arena.records.TournamentLayout;
import caissa.arena.tournament.StandingsDocument;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A competition's standings as its tournament last wrote them ({@code standings.json}, rewritten
 * atomically after every game, so a reader sees one whole version or the one before).
 */
public final class CompetitionProgress {

    private CompetitionProgress() {}

    /** The standings, or empty before the first is written. */
    public static Optional<StandingsDocument> standings(Path tournamentDir) throws IOException {
        Path file = tournamentDir.resolve(TournamentLayout.STANDINGS_FILE);
        try {
            return Optional.of(
                    Json.mapper().readValue(InputFiles.read(file, InputFiles.RECORD_CAP), StandingsDocument.class));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }
}
