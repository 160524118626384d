package caissa.arena.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import caissa.arena.bot.StderrExcerpt;
import caissa.arena.browser.BrowserPage;
import caissa.arena.browser.Chromium;
import caissa.arena.game.GameRecord;
import caissa.arena.game.PlayedMove;
import caissa.arena.game.Result;
import caissa.arena.game.Termination;
import caissa.arena.records.Json;
import caissa.arena.rules.Move;
import caissa.arena.rules.Outcome;
import caissa.arena.rules.PieceType;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import caissa.arena.rules.Square;
import caissa.arena.rules.Variant;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report draws HexCaïssa games on a hex board and steps through them as it does square ones:
 * headless Chromium opens a folder of seeded random hex games (and one square game between
 * them), and the test compares the board the page shows with the rules engine, cell by cell,
 * at every ply. Skipped without Chromium unless {@code CAISSA_REQUIRE_BROWSER=1}.
 */
class HexReportInBrowserTest {

    private static final String READY = "document.body && document.body.dataset.ready === 'true'";

    @TempDir
    static Path temp;

    private static Chromium chromium;
    private static BrowserPage page;
    private static String url;
    private static final List<GameRecord> GAMES = new ArrayList<>();

    @BeforeAll
    static void startTheBrowserOnAReportOfHexGames() throws IOException {
        Optional<Path> binary = Chromium.find();
        if (binary.isEmpty()) {
            String message = "chromium is not installed; install it with apt-get install -y chromium";
            if ("1".equals(System.getenv("CAISSA_REQUIRE_BROWSER"))) {
                fail("CAISSA_REQUIRE_BROWSER=1 but " + message);
            }
            Assumptions.abort(message);
        }
        Path dir = temp.resolve("hexcup");
        Files.createDirectories(dir.resolve("games"));
        GAMES.add(game(1, Variant.HEXCAISSA, 11));
        GAMES.add(game(2, Variant.CAISSA, 12));
        GAMES.add(game(3, Variant.HEXCAISSA, 13));
        for (GameRecord game : GAMES) {
            Json.writeFile(
                    dir.resolve(
                            String.format("games/%04d.json", game.tournament().game())),
                    game);
        }
        url = HtmlReport.write(dir).file().toUri().toString();
        chromium = Chromium.start(binary.get(), temp.resolve("profile"));
        page = BrowserPage.open(chromium, 1280, 1000);
    }

    @AfterAll
    static void stopTheBrowser() {
        if (chromium != null) {
            chromium.close();
        }
    }

    /**
     * A seeded random game of at least 40 plies with a capture, an exchange and a tile carried
     * into a hole, so that every way the board changes is drawn.
     */
    private static GameRecord game(int number, Variant variant, long seed) {
        for (long s = seed; ; s += 100) {
            Random random = new Random(s);
            Position start = variant.initial();
            Position p = start;
            List<PlayedMove> moves = new ArrayList<>();
            boolean capture = false;
            boolean exchange = false;
            boolean carry = false;
            while (!p.outcome().isOver() && moves.size() < 120) {
                List<Move> legal = p.legalMoves();
                Move move = legal.get(random.nextInt(legal.size()));
                boolean queen = p.pieceAt(move.from()).orElseThrow().type() == PieceType.QUEEN;
                boolean occupied = p.pieceAt(move.to()).isPresent();
                capture |= queen && occupied;
                exchange |= !queen && occupied;
                carry |= !queen && !p.hasTile(move.to());
                Side side = p.sideToMove();
                p = p.play(move);
                moves.add(new PlayedMove(p.plies(), side, move, 1000 + moves.size(), move.toString()));
            }
            if (moves.size() < 40 || !capture || !exchange || !carry) {
                continue;
            }
            Outcome outcome = p.outcome();
            Termination termination = outcome instanceof Outcome.Checkmate
                    ? Termination.CHECKMATE
                    : outcome instanceof Outcome.Stalemate ? Termination.STALEMATE : Termination.MOVE_LIMIT;
            if (!outcome.isOver()) {
                // Cut short as a crash of the side to move: the report shows any termination.
                termination = Termination.CRASH;
            }
            Result result = termination == Termination.CHECKMATE || termination == Termination.CRASH
                    ? Result.lossFor(p.sideToMove())
                    : Result.DRAW;
            String loser = result == Result.DRAW ? null : p.sideToMove().word();
            GameRecord.PlayerRecord white = new GameRecord.PlayerRecord(
                    "alpha",
                    List.of("./alpha"),
                    100,
                    100,
                    StderrExcerpt.EMPTY,
                    new GameRecord.ExitRecord(true, 0, 0, false),
                    null);
            GameRecord.PlayerRecord black = new GameRecord.PlayerRecord(
                    "beta",
                    List.of("./beta"),
                    100,
                    100,
                    StderrExcerpt.EMPTY,
                    new GameRecord.ExitRecord(true, 0, 0, false),
                    null);
            return new GameRecord(
                    GameRecord.SCHEMA,
                    "0.1.0-test",
                    variant,
                    new GameRecord.TournamentGame("hexcup", number, 3, (number + 1) / 2),
                    white,
                    black,
                    new GameRecord.TimeControlRecord("30s", null, "0s", "1s", "0s", "wall", true),
                    List.of(),
                    start.toCfn(),
                    moves,
                    result,
                    termination,
                    loser,
                    "a test game",
                    p.toCfn(),
                    "2025-03-01T10:00:00Z",
                    1000);
        }
    }

    @Test
    void everyPlyOfEveryGameShowsTheEnginesPositionOnTheBoardOfItsVariant() throws IOException {
        for (GameRecord game : List.of(GAMES.get(0), GAMES.get(1), GAMES.get(2), GAMES.get(0))) {
            page.navigate("about:blank", "true");
            page.navigate(url + "#game=" + game.tournament().game() + "&ply=0", READY);
            List<Position> positions = replay(game);
            int cells = page.evaluate("document.querySelectorAll('#board [data-square]').length")
                    .asInt();
            assertThat(cells).isEqualTo(game.variant().squareCount());
            assertThat(page.evaluate("document.querySelectorAll('#board polygon.base').length")
                            .asInt())
                    .isEqualTo(game.variant() == Variant.HEXCAISSA ? 61 : 0);
            assertShows(game, positions, 0);
            for (int i = 1; i <= game.moves().size(); i++) {
                page.click("#next");
                assertShows(game, positions, i);
            }
            page.click("#first");
            assertShows(game, positions, 0);
        }
        assertThat(chromium.devTools().events("Runtime.exceptionThrown"))
                .as("script errors in the page")
                .isEmpty();
        page.navigate(url + "#game=1&ply=30", READY);
        page.screenshot(Path.of(System.getProperty("basedir", "."))
                .resolve("target")
                .resolve("report-screenshots")
                .resolve("hex-viewer.png"));
    }

    private static void assertShows(GameRecord game, List<Position> positions, int index) {
        Position expected = positions.get(index);
        JsonNode shown = page.evaluate("(() => { const svg = document.querySelector('#board');"
                + " return {cfn: svg.dataset.cfn, position: svg.dataset.position,"
                + " squares: Object.fromEntries([...svg.querySelectorAll('[data-square]')].map(e =>"
                + "   [e.dataset.square, e.dataset.content + (e.dataset.last ? ' ' + e.dataset.last : '')])) }; })()");
        Map<String, String> squares = new LinkedHashMap<>();
        shown.get("squares")
                .properties()
                .forEach(e -> squares.put(e.getKey(), e.getValue().asText()));
        Optional<Move> last = index == 0
                ? Optional.empty()
                : Optional.of(game.moves().get(index - 1).move());
        Map<String, String> wanted = new LinkedHashMap<>();
        for (Square square : game.variant().squares()) {
            String content = expected.pieceAt(square)
                    .map(p -> String.valueOf(p.letter()))
                    .orElse(expected.hasTile(square) ? "." : "-");
            String mark = last.map(m -> m.from() == square ? " from" : m.to() == square ? " to" : "")
                    .orElse("");
            wanted.put(square.toString(), content + mark);
        }
        String where = game.variant() + " game " + game.tournament().game() + " after " + index + " moves";
        assertThat(squares).as(where).containsExactlyInAnyOrderEntriesOf(wanted);
        assertThat(shown.get("cfn").asText())
                .as(where)
                .isEqualTo(expected.toCfn().split(" ")[0]);
        assertThat(shown.get("position").asText()).as(where).isEqualTo(expected.toCfn());
    }

    private static List<Position> replay(GameRecord game) {
        List<Position> positions = new ArrayList<>();
        Position p = game.variant().fromCfn(game.start());
        positions.add(p);
        for (PlayedMove move : game.moves()) {
            p = p.play(move.move());
            positions.add(p);
        }
        return positions;
    }
}
