package caissa.arena.contest;

import caissa.arena.Version;
import caissa.arena.contest.ContestDefinition.CompetitionKind;
import caissa.arena.ratings.GameTally;
import caissa.arena.ratings.RatingList;
import caissa.arena.ratings.RatingsDocument;
import caissa.arena.ratings.ResultLogs;
import caissa.arena.records.AtomicFiles;
import caissa.arena.records.InputFiles;
import caissa.arena.records.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The contest's ranking over its competitions: the latest finished competition's standings, and
 * ratings across every finished test competition as {@code caissa ratings} computes them (the
 * participants' bots keep their names from one competition to the next). The ratings are worked
 * out when a competition ends and kept in {@code competitions/ratings.json}, so that a page never
 * reads every game log.
 */
public final class ContestRanking {

    private ContestRanking() {}

    public static Path ratingsFile(ContestLayout layout) {
        return layout.dir().resolve("competitions").resolve("ratings.json");
    }

    /** Works the ratings out again from the finished test competitions; none are written before one has a rated game. */
    public static void refresh(Contest contest) throws IOException {
        List<Path> folders = new CompetitionStore(contest.store())
                .all().stream()
                        .filter(r -> r.kind() == CompetitionKind.TEST && r.state() == CompetitionState.DONE)
                        .map(r -> contest.layout().competition(r.name()))
                        .filter(Files::isDirectory)
                        .toList();
        GameTally tally = new GameTally();
        ResultLogs.countInto(tally, folders);
        if (tally.games() == 0) {
            return;
        }
        RatingList list = RatingList.of(tally, Optional.empty());
        // Folder names relative to the data folder: nothing published carries the organiser's paths.
        RatingsDocument document = RatingsDocument.of(
                Version.current(),
                folders.stream().map(f -> "competitions/" + f.getFileName()).toList(),
                list);
        Files.createDirectories(ratingsFile(contest.layout()).getParent());
        AtomicFiles.write(ratingsFile(contest.layout()), Json.write(document));
    }

    /** The ratings last worked out, or empty before the first test competition ended. */
    public static Optional<RatingsDocument> ratings(ContestLayout layout) throws IOException {
        try {
            return Optional.of(Json.mapper()
                    .readValue(InputFiles.read(ratingsFile(layout), InputFiles.RECORD_CAP), RatingsDocument.class));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }
}
