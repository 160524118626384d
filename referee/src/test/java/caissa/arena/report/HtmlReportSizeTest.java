package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.GameRecord;
import caissa.arena.game.Termination;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A thousand games make a report that a browser opens without trouble. */
class HtmlReportSizeTest {

    private static final int GAMES = 1000;

    /**
     * The most one game may add to the file, for the worst game there is: 200 plies (the move
     * limit) and two chatty bots whose stderr filled the referee's 4 KiB head and tail.
     * <ul>
     * <li>moves: 200 × 8 bytes ({@code "b2-c4",}) = 1,600</li>
     * <li>reply times: 200 × at most 7 bytes (up to six digits of microseconds and a comma) = 1,400</li>
     * <li>stderr: 2 bots × 2 × {@value ReportStderr#LIMIT} characters, plus one byte per line for
     *     the escaped newline ≈ 4,200</li>
     * <li>the rest: names, result, reason, two CFNs, time stamps, exit records, keys ≈ 900</li>
     * </ul>
     * About 8,100 bytes; the full log of such a game is over 25,000.
     */
    private static final int MAX_BYTES_PER_GAME = 9_000;

    @Test
    void aThousandLongGamesWithChattyBotsStayWithinTheBoundPerGame(@TempDir Path dir) throws IOException {
        List<String> bots = List.of("alpha", "beta", "gamma", "delta");
        TournamentFixture.writeTournament(dir, bots, GAMES);
        long empty = Files.size(HtmlReport.write(dir).file());

        List<GameRecord> distinct = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            FixtureGames.Spec spec = FixtureGames.spec(
                    i + 1, GAMES, bots.get(i % 4), bots.get((i + 1) % 4), Termination.MOVE_LIMIT, 7_000L + 100L * i);
            distinct.add(FixtureGames.game(new FixtureGames.Spec(
                    spec.number(),
                    GAMES,
                    TournamentFixture.NAME,
                    spec.white(),
                    spec.black(),
                    spec.termination(),
                    spec.seed(),
                    0,
                    FixtureGames.chattyStderr(spec.white(), 400),
                    FixtureGames.chattyStderr(spec.black(), 400))));
        }
        List<GameRecord> games = new ArrayList<>();
        for (int number = 1; number <= GAMES; number++) {
            GameRecord g = distinct.get(number % distinct.size());
            games.add(new GameRecord(
                    g.schema(),
                    g.arenaVersion(),
                    g.variant(),
                    new GameRecord.TournamentGame(g.tournament().name(), number, GAMES, (number + 1) / 2),
                    g.white(),
                    g.black(),
                    g.timeControl(),
                    g.opening(),
                    g.start(),
                    g.moves(),
                    g.result(),
                    g.termination(),
                    g.loser(),
                    g.reason(),
                    g.finalPosition(),
                    g.startedAt(),
                    g.durationMillis()));
        }
        for (GameRecord game : games) {
            TournamentFixture.writeGame(dir, game);
        }
        TournamentFixture.writeStandings(dir, bots, games, GAMES);
        assertThat(games)
                .allMatch(g -> g.moves().size() == 200 && g.white().stderr().truncated());

        HtmlReport.Written written = HtmlReport.write(dir);

        long size = Files.size(written.file());
        JsonNode data = ReportPage.data(Files.readString(written.file()));
        assertThat(data.get("games")).hasSize(GAMES);
        assertThat((size - empty) / GAMES)
                .as("bytes per game, in a report of %,d bytes", size)
                .isLessThanOrEqualTo(MAX_BYTES_PER_GAME);
    }
}
