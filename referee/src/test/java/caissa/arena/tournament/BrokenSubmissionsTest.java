package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.GameRecord;
import caissa.arena.records.Json;
import caissa.arena.testkit.CommandRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A contest with five broken submissions, real processes each (a missing file, a file that is not
 * executable, a bot that exits at once, one that never answers, one that prints garbage), beside two
 * good bots, under each choice of {@code --broken}: every broken bot is named at once with its
 * cause, and the run is refused, or plays with them losing by start-failure, or plays without them.
 */
class BrokenSubmissionsTest {

    private static final List<String> BROKEN = List.of("missing", "noexec", "quitter", "silent", "chatty");

    @TempDir
    Path dir;

    private Path contest() throws Exception {
        Path noexec = Files.writeString(dir.resolve("noexec.sh"), "#!/bin/sh\necho a1-a2\n");
        Files.setPosixFilePermissions(noexec, PosixFilePermissions.fromString("rw-r--r--"));
        // A gauntlet of r1 against everyone: each broken bot meets r1 once a game pair.
        return new TournamentFiles("contest")
                .testBot("r1", "random", "1")
                .bot("missing", List.of("./no-such-bot"))
                .bot("noexec", List.of(noexec.toString()))
                .testBot("quitter", "exit-immediately", "1")
                .testBot("silent", "hang", "1")
                .testBot("chatty", "garbage", "1")
                .testBot("r2", "random", "2")
                .set("format", "gauntlet")
                .set("engines", List.of("r1"))
                .set("gamesPerPair", 2)
                .set("timePerGame", "1s")
                .set("firstMoveAllowance", "5s")
                .writeTo(dir.resolve("contest.json"));
    }

    private static CommandRun run(String... args) {
        return CommandRun.of(args);
    }

    @Test
    void refuseNamesEveryBrokenBotAtOnceWithItsCauseAndPlaysNothing() throws Exception {
        Path file = contest();
        Path out = dir.resolve("out");

        CommandRun run = run("tournament", file.toString(), "--out", out.toString(), "--broken", "refuse");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        List<String> lines = run.err().lines().toList();
        assertThat(lines).hasSize(6);
        assertThat(lines.get(0)).contains("bots[1].command", "no-such-bot");
        assertThat(lines.get(1)).contains("bots[2].command", "noexec.sh");
        assertThat(lines.get(2))
                .contains("bots[3] 'quitter' cannot play", "closed its output before answering 'start'");
        assertThat(lines.get(3)).contains("bots[4] 'silent' cannot play", "did not answer 'start'", "flush");
        assertThat(lines.get(4)).contains("bots[5] 'chatty' cannot play", "'hello referee'", "standard error");
        assertThat(lines.get(5)).contains("5 bots cannot play", "--broken forfeit", "--broken exclude");
        assertThat(out).doesNotExist();
    }

    @Test
    void forfeitKeepsTheBrokenBotsAndEachLosesItsGamesByStartFailureWithoutBeingStarted() throws Exception {
        Path file = contest();
        Path out = dir.resolve("out");

        // forfeit is a tournament's default.
        CommandRun run = run("tournament", file.toString(), "--out", out.toString(), "--concurrency", "2");

        assertThat(run.exitCode()).as(run.err()).isZero();
        for (String bot : BROKEN) {
            assertThat(run.out()).contains("forfeited: " + bot + " loses each of its games by start-failure");
        }
        TournamentRecord record =
                Json.mapper().readValue(out.resolve("tournament.json").toFile(), TournamentRecord.class);
        assertThat(record.broken()).extracting(TournamentRecord.BrokenBot::name).containsExactlyElementsOf(BROKEN);
        assertThat(record.broken())
                .extracting(TournamentRecord.BrokenBot::handling)
                .containsOnly("forfeit");
        assertThat(record.games()).isEqualTo(12);
        List<GameRecord> games;
        try (Stream<Path> files = Files.list(out.resolve("games"))) {
            games = files.sorted().map(f -> read(f)).toList();
        }
        assertThat(games).hasSize(12);
        for (GameRecord game : games) {
            String loser = BROKEN.contains(game.white().name())
                    ? game.white().name()
                    : BROKEN.contains(game.black().name()) ? game.black().name() : null;
            if (loser != null) {
                assertThat(game.termination().word()).as(game.reason()).isEqualTo("start-failure");
                assertThat(game.reason())
                        .contains(loser)
                        .contains("it failed the check before the games, so it is not" + " started again");
                assertThat(game.moves()).isEmpty();
            }
        }
        StandingsDocument standings =
                Json.mapper().readValue(out.resolve("standings.json").toFile(), StandingsDocument.class);
        Map<String, Standing> byName = standings.standings().stream().collect(Collectors.toMap(Standing::name, s -> s));
        for (String bot : BROKEN) {
            assertThat(byName.get(bot).irregularByCause().get("start-failure"))
                    .as(bot)
                    .isEqualTo(2);
            assertThat(byName.get(bot).points()).isZero();
        }
        // The report names them in its notes.
        String page = Files.readString(out.resolve("report.html"));
        assertThat(page).contains("\"broken\"", "\"handling\":\"forfeit\"");
    }

    @Test
    void excludeLeavesTheBrokenBotsOutOfTheScheduleAndSaysSo() throws Exception {
        Path file = contest();
        Path out = dir.resolve("out");

        CommandRun run = run("tournament", file.toString(), "--out", out.toString(), "--broken", "exclude");

        assertThat(run.exitCode()).as(run.err()).isZero();
        for (String bot : BROKEN) {
            assertThat(run.out()).contains("excluded: " + bot + " is left out of the schedule");
        }
        assertThat(run.out()).contains("tournament contest: gauntlet, 2 bots, 2 games");
        TournamentRecord record =
                Json.mapper().readValue(out.resolve("tournament.json").toFile(), TournamentRecord.class);
        assertThat(record.definition().bots())
                .extracting(TournamentRecord.Bot::name)
                .containsExactly("r1", "r2");
        assertThat(record.broken())
                .extracting(TournamentRecord.BrokenBot::handling)
                .containsOnly("exclude");
        assertThat(Journal.read(out)).hasSize(2);
    }

    @Test
    void theFilesBrokenFieldChoosesWhenTheCommandLineDoesNot() throws Exception {
        Path file = contest();
        String text = Files.readString(file);
        Files.writeString(file, text.replaceFirst("\\{", "{\"broken\": \"refuse\", "));

        CommandRun run =
                run("tournament", file.toString(), "--out", dir.resolve("out").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("5 bots cannot play");
    }

    private static GameRecord read(Path file) {
        try {
            return Json.mapper().readValue(file.toFile(), GameRecord.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
