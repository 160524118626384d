package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.GameRecord;
import caissa.arena.records.Json;
import caissa.arena.testbots.TestBots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caissa verify} and {@code report} on a match's folder: the match's schedule says each game's players and opening. */
class VerifyMatchTest {

    @TempDir
    Path dir;

    private Path match() {
        Path out = dir.resolve("match");
        CommandRun run = CommandRun.of("match", "--engine", TestBots.command("random", "1").display(), "--baseline",
                TestBots.command("random", "2").display(), "--games", "4", "--seed", "7", "--opening-plies", "2",
                "--time-per-game", "20s", "--first-move-allowance", "10s", "--concurrency", "1", "--sandbox", "none",
                "--out", out.toString());
        assertThat(run.exitCode()).as(run.err()).isIn(0, 1, 3);
        return out;
    }

    @Test
    void everyLogOfAMatchAgrees() {
        Path out = match();

        CommandRun verify = CommandRun.of("verify", out.toString());

        assertThat(verify.exitCode()).as(verify.err()).isZero();
        assertThat(verify.out()).isEqualTo(out + ": 4 games of the match TestBot-engine vs TestBot-baseline agree with"
                + " their moves" + System.lineSeparator());
    }

    @Test
    void aLogWithAnotherPairsGameIsRefusedByVerifyAndReport() throws Exception {
        Path out = match();
        Path first = out.resolve("games/00001.json");
        GameRecord mine = Json.mapper().readValue(first.toFile(), GameRecord.class);
        GameRecord other = Json.mapper().readValue(out.resolve("games/00003.json").toFile(), GameRecord.class);
        // Game 3 (the engine White again, another pair) renumbered as game 1.
        Files.writeString(first, Json.write(other.withTournament(mine.tournament())));
        String expected = first + ": starts with the opening " + moves(other) + ", but the schedule's is " + moves(mine)
                + System.lineSeparator();

        CommandRun verify = CommandRun.of("verify", out.toString());
        CommandRun report = CommandRun.of("report", out.toString());

        assertThat(verify.exitCode()).isEqualTo(5);
        assertThat(verify.err()).isEqualTo("caissa verify: " + expected);
        assertThat(report.exitCode()).isEqualTo(5);
        assertThat(report.err()).isEqualTo("caissa report: " + expected);
    }

    private static String moves(GameRecord game) {
        return game.opening().stream().map(Object::toString).collect(Collectors.joining(" "));
    }

    @Test
    void aFolderThatIsNoOutputOfTheArenaIsUsage() throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "hello");

        CommandRun verify = CommandRun.of("verify", dir.toString());

        assertThat(verify.exitCode()).isEqualTo(2);
        assertThat(verify.err()).isEqualTo("caissa verify: " + dir + " is not an output folder of the arena: it has"
                + " neither tournament.json nor games/" + System.lineSeparator());
        assertThat(List.of(verify.out())).containsExactly("");
    }
}
