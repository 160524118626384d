package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.records.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run being stopped keeps exactly the games it says it kept: what finishes after that is dropped. */
class StopRecordingTest {

    @TempDir
    Path dir;

    @Test
    void aGameThatFinishesAfterTheStopIsNotJournaledAndTheCountAgreesWithTheJournal() throws Exception {
        List<String> names = List.of("a", "b", "c");
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("name", "stopped");
        fields.put(
                "bots",
                names.stream()
                        .map(n -> Map.of("name", n, "command", List.of("true")))
                        .toList());
        Path file = dir.resolve("t.json");
        Files.writeString(file, Json.write(fields));
        Path out = dir.resolve("out");
        Tournament tournament = Tournament.open(TournamentFile.read(file), file, out, false, TournamentObserver.NONE);
        int[] kept = {-1};

        tournament.play(1, setup -> {
            // The stop comes while game 3 is being played: games 1 and 2 are kept, the rest dropped.
            if (setup.tournament().game() == 3) {
                kept[0] = tournament.stopRecording();
            }
            return InProcessTournaments.game(setup, names);
        });

        assertThat(kept[0]).isEqualTo(2);
        assertThat(Journal.read(out)).extracting(FinishedGame::game).containsExactly(1, 2);
        try (var logs = Files.list(out.resolve("games"))) {
            assertThat(logs.count()).isEqualTo(2);
        }
    }
}
