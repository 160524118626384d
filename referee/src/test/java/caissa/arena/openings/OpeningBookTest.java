package caissa.arena.openings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.input.BadInputException;
import caissa.arena.records.Json;
import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Book files: what is read, and every bad line named by file and line. */
class OpeningBookTest {

    private static final Path FILE = Path.of("books/mine.txt");

    @Test
    void readsOneOpeningALineSkippingCommentsAndBlankLinesAndKeepsLineNumbers() {
        OpeningBook book = OpeningBook.parse(
                FILE, Variant.CAISSA, "# made by hand\n\nb2-c4 e6-d5   # the main line\n  c2-a4\t d6-b4 \n");

        assertThat(book.lines()).extracting(BookLine::line).containsExactly(3, 4);
        assertThat(book.lines()).extracting(BookLine::text).containsExactly("b2-c4 e6-d5", "c2-a4 d6-b4");
        assertThat(book.lines().get(0).moves()).extracting(Move::toString).containsExactly("b2-c4", "e6-d5");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "b2-c4 e6-d5\\nb2-c4 b2-c4|books/mine.txt:2: move 2, b2-c4, is illegal: there is no black piece on b2",
                "# header\\nhello|books/mine.txt:2: 'hello' is not a caissa move (e.g. b2-c4) nor a position in CFN",
                "b2-c4 e6-z9|books/mine.txt:1: move 2, 'e6-z9', is not a caissa move (e.g. b2-c4)",
                "# nothing\\n\\n|books/mine.txt: the book has no openings (one a line, the moves from the initial position, e.g. b2-c4,"
                        + " or a position in CFN)",
            })
    void aBadLineIsNamedByFileAndLine(String text, String message) {
        assertThatThrownBy(() -> OpeningBook.parse(FILE, Variant.CAISSA, text.replace("\\n", "\n")))
                .isInstanceOf(BadInputException.class)
                .hasMessage(message);
    }

    /**
     * A seeded sample of each shipped book, every line written as the position it reaches: each
     * is played as moves that reach exactly that position, and the line keeps the position's text.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"CAISSA, 1", "HEXCAISSA, 2"})
    void aPositionInCfnIsPlayedAsMovesThatReachIt(Variant variant, long seed) throws Exception {
        OpeningBook shipped = OpeningBook.read(Path.of("..", "tournaments", "books", variant.id() + ".txt"), variant);
        SplittableRandom random = new SplittableRandom(seed);
        List<Position> positions = new ArrayList<>();
        StringBuilder text = new StringBuilder("# positions\n");
        for (int i = 0; i < 60; i++) {
            Position position = replay(
                    variant, shipped.lines().get(random.nextInt(shipped.size())).moves());
            positions.add(position);
            text.append(position.toCfn()).append('\n');
        }

        OpeningBook book = OpeningBook.parse(FILE, variant, text.toString());

        for (int i = 0; i < positions.size(); i++) {
            BookLine line = book.lines().get(i);
            assertThat(line.line()).isEqualTo(i + 2);
            assertThat(line.text()).isEqualTo(positions.get(i).toCfn());
            assertThat(replay(variant, line.moves())).isEqualTo(positions.get(i));
        }
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(
            delimiter = '|',
            value = {
                // The board after b2-a4, said to come after one ply of c3-a3: no game gets there.
                "......./...bqn./....r../N....../..R..../..QB.../....... b c3-a3 1|books/mine.txt:3: no game reaches this"
                        + " position in its 1 plies ending with c3-a3; give the opening as the moves from the initial position",
                "......./...bqn./....r../N....../..R..../..QB.../...... b b2-a4 1|books/mine.txt:3: not a caissa position in"
                        + " CFN: board: rank 1 has 6 squares",
            })
    void aPositionNoGameReachesIsRefusedWithItsLineNumber(String cfn, String message) {
        assertThatThrownBy(() -> OpeningBook.parse(FILE, Variant.CAISSA, "b2-c4\n\n" + cfn + "\n"))
                .isInstanceOf(BadInputException.class)
                .hasMessage(message);
    }

    @Test
    void theSearchForABooksPositionsHasOneBudgetForTheWholeBook() throws Exception {
        OpeningBook shipped = OpeningBook.read(Path.of("..", "tournaments", "books", "caissa.txt"), Variant.CAISSA);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            text.append(replay(Variant.CAISSA, shipped.lines().get(i).moves()).toCfn())
                    .append('\n');
        }
        // What the 300 lines cost, searched with room to spare.
        OpeningBook.parse(FILE, Variant.CAISSA, text.toString(), Long.MAX_VALUE / 2);

        assertThatThrownBy(() -> OpeningBook.parse(FILE, Variant.CAISSA, text.toString(), 2_000))
                .isInstanceOf(BadInputException.class)
                .hasMessageMatching(
                        "books/mine\\.txt:\\d+: (no moves reaching this position were found within \\d+ positions"
                                + " searched \\(what was left of the book's 2000\\)|the book's positions in CFN took the 2000 positions"
                                + " of search a book may take before this line); give .*");
    }

    /**
     * A book's search is spent once, when the run starts: the record of the run keeps the moves
     * found for each position, and reading the record again (verify, report, merge, resume)
     * replays them with no search budget at all, and refuses kept moves that do not reach the
     * position.
     */
    @Test
    void aRunsRecordKeepsTheMovesFoundSoThatTheBookIsNotSearchedAgain() throws Exception {
        OpeningBook shipped = OpeningBook.read(Path.of("..", "tournaments", "books", "caissa.txt"), Variant.CAISSA);
        StringBuilder text = new StringBuilder("b2-c4 e6-d5\n");
        for (int i = 0; i < 20; i++) {
            text.append(replay(Variant.CAISSA, shipped.lines().get(i).moves()).toCfn())
                    .append('\n');
        }
        OpeningBook book = OpeningBook.parse(FILE, Variant.CAISSA, text.toString());
        BookRecord record = BookRecord.of(new BookOpenings(book, BookOrder.SEQUENTIAL, 1));
        BookRecord read = Json.mapper().readValue(Json.write(record), BookRecord.class);

        assertThat(read.lines().get(0).moves())
                .as("a line of moves keeps no moves beside them")
                .isNull();
        List<OpeningBook.Kept> kept = read.lines().stream()
                .map(l -> new OpeningBook.Kept(l.line(), l.text(), Optional.ofNullable(l.moves())))
                .toList();
        OpeningBook again = OpeningBook.ofLines(FILE, Variant.CAISSA, kept, 0);
        assertThat(again.lines()).isEqualTo(book.lines());
        assertThat(read.toBook(Variant.CAISSA).book().lines()).isEqualTo(book.lines());

        // Without the kept moves (a record of before), the same lines need the search again.
        List<OpeningBook.Kept> bare = kept.stream()
                .map(k -> new OpeningBook.Kept(k.line(), k.text(), Optional.empty()))
                .toList();
        assertThatThrownBy(() -> OpeningBook.ofLines(FILE, Variant.CAISSA, bare, 0))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("positions of search");

        // Kept moves that reach another position are refused by line.
        List<OpeningBook.Kept> forged = new ArrayList<>(kept);
        OpeningBook.Kept second = kept.get(1);
        forged.set(1, new OpeningBook.Kept(second.line(), second.text(), Optional.of(List.of("b2-c4"))));
        assertThatThrownBy(() -> OpeningBook.ofLines(FILE, Variant.CAISSA, forged, 0))
                .isInstanceOf(BadInputException.class)
                .hasMessage("books/mine.txt:2: the moves kept for this position do not reach it");
    }

    @Test
    void aHugeWordIsQuotedAsALinesWorth() {
        String token = "x".repeat(10 * 1024 * 1024);

        assertThatThrownBy(() -> OpeningBook.parse(FILE, Variant.CAISSA, "b2-c4 " + token + "\n"))
                .isInstanceOf(BadInputException.class)
                .hasMessage("books/mine.txt:1: move 2, '" + "x".repeat(60) + "…', is not a caissa move (e.g. b2-c4)");
    }

    @Test
    void aHexCaissaBookIsCheckedAgainstItsOwnBoard() {
        assertThatThrownBy(() -> OpeningBook.parse(FILE, Variant.HEXCAISSA, "b2-c4\n"))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("books/mine.txt:1: ");
    }

    @Test
    void theShippedBooksAreValidAndHoldAThousandOpeningsEach() throws Exception {
        for (Variant variant : Variant.values()) {
            Path file = Path.of("..", "tournaments", "books", variant.id() + ".txt");
            assertThat(OpeningBook.read(file, variant).size())
                    .as(file.toString())
                    .isEqualTo(1000);
        }
    }

    @Test
    void sequentialGoesRoundTheBookAndRandomIsASeededShuffleOfIt() {
        OpeningBook book = OpeningBook.parse(FILE, Variant.CAISSA, "b2-c4\nc2-a4\nb2-a4\nc3-d3\n");
        BookOpenings sequential = new BookOpenings(book, BookOrder.SEQUENTIAL, 1);
        BookOpenings random = new BookOpenings(book, BookOrder.RANDOM, 7);

        assertThat(List.of(0, 1, 2, 3, 4, 5).stream()
                        .map(i -> sequential.at(i).line())
                        .toList())
                .containsExactly(1, 2, 3, 4, 1, 2);
        List<Integer> firstPass =
                List.of(0, 1, 2, 3).stream().map(i -> random.at(i).line()).toList();
        assertThat(firstPass).containsExactlyInAnyOrder(1, 2, 3, 4);
        assertThat(List.of(0, 1, 2, 3).stream()
                        .map(i -> new BookOpenings(book, BookOrder.RANDOM, 7)
                                .at(i)
                                .line())
                        .toList())
                .isEqualTo(firstPass);
    }

    private static Position replay(Variant variant, List<Move> moves) {
        Position position = variant.initial();
        for (Move move : moves) {
            position = position.play(move);
        }
        return position;
    }
}
