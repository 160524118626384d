package caissa.bots;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.program.SampleBots;
import caissa.arena.tournament.TournamentFile;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tournament files users copy are valid and hold the game counts tournaments/README.md gives.
 * They name the sample bots, so this test lives where those bots are built.
 */
class TournamentFilesTest {

    @BeforeAll
    static void sampleBotsFromThisBuild() {
        System.setProperty(SampleBots.CLASSPATH_PROPERTY, System.getProperty("java.class.path"));
    }

    @Test
    void theSampleTournamentFilesAreValidWithTheGameCountsTheirReadmeGives() {
        Path folder = Path.of("..", "tournaments");
        assertThat(TournamentFile.read(folder.resolve("sample.json")).totalGames())
                .isEqualTo(12);
        assertThat(TournamentFile.read(folder.resolve("codecup.json")).totalGames())
                .isEqualTo(18);
        assertThat(TournamentFile.read(folder.resolve("gauntlet.json")).totalGames())
                .isEqualTo(12);
    }
}
