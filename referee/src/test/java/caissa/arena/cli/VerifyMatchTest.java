package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.GameRecord;
import caissa.arena.records.Json;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caissa verify} and {@code report} on a match's folder: the match's schedule says each game's players and opening. */
class VerifyMatchTest {

    @TempDir
    Path dir;

    private Path match(String... more) {
        Path out = dir.resolve("match" + String.join("", more).replace('/', '-'));
        List<String> args = new ArrayList<>(List.of(
                "match",
                "--engine",
                TestBots.command("random", "1").display(),
                "--baseline",
                TestBots.command("random", "2").display(),
                "--games",
                "4",
                "--seed",
                "7",
                "--opening-plies",
                "2",
                "--time-per-game",
                "20s",
                "--first-move-allowance",
                "10s",
                "--concurrency",
                "1",
                "--sandbox",
                "none",
                "--out",
                out.toString()));
        args.addAll(List.of(more));
        CommandRun run = CommandRun.of(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.err()).isIn(0, 1, 3);
        return out;
    }

    /** Renames a folder's game logs to five digits, as a match wrote them in earlier versions. */
    private static void toFiveDigitNames(Path folder) throws IOException {
        try (Stream<Path> logs = Files.list(folder.resolve("games"))) {
            for (Path log : logs.toList()) {
                Files.move(log, log.resolveSibling("0" + log.getFileName()));
            }
        }
    }

    private static List<String> logNames(Path folder) throws IOException {
        try (Stream<Path> logs = Files.list(folder.resolve("games"))) {
            return logs.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aMatchNamesItsLogsAsATournamentDoes() throws IOException {
        assertThat(logNames(match())).containsExactly("0001.json", "0002.json", "0003.json", "0004.json");
    }

    @Test
    void aMatchFolderOfEarlierVersionsWithFiveDigitNamesIsStillVerifiedAndReported() throws IOException {
        Path out = match();
        toFiveDigitNames(out);
        assertThat(logNames(out)).containsExactly("00001.json", "00002.json", "00003.json", "00004.json");

        CommandRun verify = CommandRun.of("verify", out.toString());
        CommandRun report = CommandRun.of("report", out.toString());

        assertThat(verify.exitCode()).as(verify.err()).isZero();
        assertThat(verify.out()).startsWith(out + ": 4 games of the match");
        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(Files.readString(out.resolve("report.html"))).contains("TestBot-engine");
    }

    @Test
    void matchShardsOfEarlierVersionsWithFiveDigitNamesStillMerge() throws IOException {
        Path one = match("--shard", "1/2");
        Path two = match("--shard", "2/2");
        toFiveDigitNames(one);
        toFiveDigitNames(two);
        Path merged = dir.resolve("merged");

        CommandRun merge = CommandRun.of("merge", "--out", merged.toString(), one.toString(), two.toString());

        assertThat(merge.exitCode()).as(merge.err()).isIn(0, 1, 3);
        assertThat(Json.mapper()
                        .readTree(merged.resolve("summary.json").toFile())
                        .get("games")
                        .asInt())
                .isEqualTo(4);
        assertThat(logNames(merged)).containsExactly("0001.json", "0002.json", "0003.json", "0004.json");
        assertThat(CommandRun.of("verify", merged.toString()).exitCode()).isZero();
    }

    @Test
    void everyLogOfAMatchAgrees() {
        Path out = match();

        CommandRun verify = CommandRun.of("verify", out.toString());

        assertThat(verify.exitCode()).as(verify.err()).isZero();
        assertThat(verify.out())
                .isEqualTo(out + ": 4 games of the match TestBot-engine vs TestBot-baseline agree with" + " their moves"
                        + System.lineSeparator());
    }

    @Test
    void aLogWithAnotherPairsGameIsRefusedByVerifyAndReport() throws Exception {
        Path out = match();
        Path first = out.resolve("games/0001.json");
        GameRecord mine = Json.mapper().readValue(first.toFile(), GameRecord.class);
        GameRecord other =
                Json.mapper().readValue(out.resolve("games/0003.json").toFile(), GameRecord.class);
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
        assertThat(verify.err())
                .isEqualTo("caissa verify: " + dir + " is not an output folder of the arena: it has"
                        + " neither tournament.json nor games/" + System.lineSeparator());
        assertThat(List.of(verify.out())).containsExactly("");
    }
}
