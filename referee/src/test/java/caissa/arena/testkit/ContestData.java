package caissa.arena.testkit;

import caissa.arena.contest.Contest;
import caissa.arena.contest.ContestDefinition;
import caissa.arena.contest.ContestFile;
import caissa.arena.contest.ContestLayout;
import caissa.arena.contest.ContestStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A contest's data folder as {@code caissa serve} leaves it, for tests of the contest, its
 * commands and its server: the contest file's copy and the database, opened.
 */
public final class ContestData {

    /** The sample contest of the repository, from the referee module's folder where tests run. */
    public static final Path SAMPLE = Path.of("..", "contests", "sample.json");

    private ContestData() {}

    /** The contest of {@code contestFile}, with its data in {@code data} (made if missing). */
    public static Contest open(Path contestFile, Path data) throws IOException {
        ContestDefinition definition = ContestFile.read(contestFile);
        ContestLayout layout = new ContestLayout(data);
        Files.createDirectories(layout.dir());
        ContestFile.writeCopy(contestFile, definition, layout.contestFile());
        return new Contest(definition, layout, ContestStore.open(layout));
    }
}
