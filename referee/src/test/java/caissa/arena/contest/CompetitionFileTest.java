package caissa.arena.contest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.records.Json;
import caissa.arena.tournament.BotEntry;
import caissa.arena.tournament.FinishedGame;
import caissa.arena.tournament.InProcessTournaments;
import caissa.arena.tournament.StandingsDocument;
import caissa.arena.tournament.Tournament;
import caissa.arena.tournament.TournamentDefinition;
import caissa.arena.tournament.TournamentObserver;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A competition entry becomes a tournament file the tournament reader accepts, and its journal is followed live. */
class CompetitionFileTest {

    @TempDir
    Path dir;

    private static JsonNode tournament(String json) throws Exception {
        return Json.mapper().readTree(json);
    }

    /** Commands the reader accepts (their programs exist); the in-process games below never start them. */
    private List<CompetitionEntrant> field() throws Exception {
        for (String build : List.of("submissions/3/build", "submissions/5/build")) {
            Files.createDirectories(dir.resolve(build));
            Files.writeString(dir.resolve(build).resolve("bot.sh"), "exit\n");
        }
        return List.of(
                CompetitionEntrant.participant(
                        "alice", 3, List.of("sh", "bot.sh", "--seed", "1"), dir.resolve("submissions/3/build")),
                CompetitionEntrant.participant(
                        "Greedy", 5, List.of("sh", "bot.sh"), dir.resolve("submissions/5/build")),
                CompetitionEntrant.house("greedy", List.of("sh", "-c", "exit")),
                CompetitionEntrant.house("random", List.of("sh", "-c", "exit")));
    }

    @Test
    void theCompetitionsTournamentObjectWithItsBotsIsATournamentFile() throws Exception {
        TournamentDefinition definition = CompetitionFile.write(
                dir.resolve("competitions/final.json"),
                "final",
                tournament("{\"format\": \"swiss\", \"rounds\": 2, \"final\": {\"top\": 2, \"gamesPerPair\": 2},"
                        + " \"timePerGame\": \"10s\", \"seed\": 7}"),
                field());

        assertThat(definition.name()).isEqualTo("final");
        assertThat(definition.format().word()).isEqualTo("swiss");
        assertThat(definition.bots())
                .extracting(BotEntry::name)
                .containsExactly("alice", "Greedy", "house greedy", "random");
        assertThat(definition.bots().get(0).command()).containsExactly("sh", "bot.sh", "--seed", "1");
        assertThat(definition.bots().get(0).workingDir())
                .contains(dir.resolve("submissions/3/build").toAbsolutePath());
        assertThat(CompetitionFile.botName(field().get(2), field())).isEqualTo("house greedy");
        assertThat(CompetitionFile.botName(field().get(3), field())).isEqualTo("random");
    }

    @Test
    void fewerThanTwoBotsSaySoAndWriteNothing() throws Exception {
        Path file = dir.resolve("competitions/test.json");
        assertThatThrownBy(() -> CompetitionFile.write(file, "test", tournament("{}"), field().subList(0, 1)))
                .isInstanceOf(CompetitionFile.NotStartable.class)
                .hasMessage(
                        "competition 'test' needs at least 2 bots with an admitted submission or house bots, got 1 (alice)");
        assertThat(file).doesNotExist();
    }

    @Test
    void aFieldTheTournamentReaderRefusesIsNamedWithItsLine() throws Exception {
        Path file = dir.resolve("competitions/test.json");
        assertThatThrownBy(() -> CompetitionFile.write(file, "test", tournament("{\"gamesPerPair\": 3}"), field()))
                .isInstanceOf(CompetitionFile.NotStartable.class)
                .hasMessageStartingWith(file + ":")
                .hasMessageContaining("gamesPerPair: must be even");
    }

    @Test
    void theJournalIsFollowedOnceAGameAndOnlyByCompleteLines() throws Exception {
        Path file = dir.resolve("competitions/test.json");
        Path out = dir.resolve("competitions/test");
        List<CompetitionEntrant> bots = List.of(
                CompetitionEntrant.house("a", List.of("sh")),
                CompetitionEntrant.house("b", List.of("sh")),
                CompetitionEntrant.house("c", List.of("sh")));
        TournamentDefinition definition = CompetitionFile.write(
                file, "test", tournament("{\"gamesPerPair\": 2, \"timePerGame\": \"10s\", \"seed\": 1}"), bots);
        JournalTail tail = new JournalTail(out);
        assertThat(tail.next()).isEmpty();
        assertThat(CompetitionProgress.standings(out)).isEmpty();
        try (Tournament run = Tournament.open(definition, file, out, false, TournamentObserver.NONE)) {
            InProcessTournaments.play(run, List.of("a", "b", "c"), 1);
        }
        List<FinishedGame> games = tail.next();
        assertThat(games).hasSize(definition.totalGames());
        Set<Integer> numbers = new HashSet<>();
        games.forEach(g -> numbers.add(g.game()));
        assertThat(numbers).hasSize(definition.totalGames());
        assertThat(tail.next()).isEmpty();

        // A line being appended is not a game until its newline is there.
        Path journal = out.resolve("journal.jsonl");
        String line = Json.writeCompact(games.get(0))
                .replace("\"game\":" + games.get(0).game(), "\"game\":99");
        Files.writeString(journal, line.substring(0, 10), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertThat(tail.next()).isEmpty();
        Files.writeString(journal, line.substring(10) + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertThat(tail.next()).extracting(FinishedGame::game).containsExactly(99);

        Optional<StandingsDocument> standings = CompetitionProgress.standings(out);
        assertThat(standings).isPresent();
        assertThat(standings.get().complete()).isTrue();
        assertThat(standings.get().gamesPlayed()).isEqualTo(definition.totalGames());
    }

    @Test
    void uploadsCloseAtTheFinalsDeadline() {
        Instant deadline = Instant.parse("2027-01-10T12:00:00Z");
        SubmissionWindow window = SubmissionWindow.closingAt(deadline);
        assertThat(window.refusal(deadline.minusSeconds(1))).isEmpty();
        assertThat(window.refusal(deadline))
                .contains(
                        "submissions closed at 2027-01-10T12:00:00Z (the final's deadline); no upload is taken after it");
        assertThat(SubmissionWindow.open().refusal(deadline.plusSeconds(1_000_000)))
                .isEmpty();
    }
}
