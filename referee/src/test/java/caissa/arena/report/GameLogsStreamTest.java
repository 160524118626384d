package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.GameRecord;
import caissa.arena.records.GameLogs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The game-log reader that report, merge and verify share reads one log at a time, when the
 * stream reaches it, in name order, leaving out the runner's hidden temporary files.
 */
class GameLogsStreamTest {

    @TempDir
    Path temp;

    @Test
    void eachLogIsReadWhenTheStreamReachesIt() throws IOException {
        TournamentFixture.Fixture fixture = TournamentFixture.standard(temp.resolve("cup"));
        Path games = fixture.dir().resolve("games");
        Files.writeString(games.resolve(".0002.json.123.tmp"), "half a log");
        List<Path> logs = GameLogs.files(games, name -> true);
        assertThat(logs).hasSize(fixture.games().size()).isSorted();

        Iterator<GameLogs.Log> stream = GameLogs.stream(games).iterator();
        GameLogs.Log first = stream.next();
        // Spoilt after the stream began and before it got there: a reader that read every log up
        // front would still give the log as it was.
        Files.writeString(logs.get(1), "{ not a log");
        GameLogs.Log second = stream.next();

        assertThat(first).isInstanceOf(GameLogs.Log.Read.class);
        GameRecord record = ((GameLogs.Log.Read) first).record();
        assertThat(record.moves())
                .isEqualTo(fixture.game(record.tournament().game()).moves());
        assertThat(second).isInstanceOf(GameLogs.Log.Unreadable.class);
        assertThat(second.file()).isEqualTo(logs.get(1));
        int rest = 0;
        while (stream.hasNext()) {
            assertThat(stream.next()).isInstanceOf(GameLogs.Log.Read.class);
            rest++;
        }
        assertThat(rest).isEqualTo(logs.size() - 2);
    }
}
