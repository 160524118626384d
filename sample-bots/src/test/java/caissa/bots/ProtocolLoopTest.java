package caissa.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProtocolLoopTest {

    /** Plays the first legal move and remembers what it was asked. */
    private static final class RecordingPlayer implements Player {

        final List<Position> positions = new ArrayList<>();
        final List<Duration> timesLeft = new ArrayList<>();

        @Override
        public Move choose(Position position, Duration timeLeft) {
            positions.add(position);
            timesLeft.add(timeLeft);
            return position.legalMoves().get(0);
        }
    }

    private final ByteArrayOutputStream errors = new ByteArrayOutputStream();

    /** A clock that moves on by 300 ms each time it is read. */
    private long now;

    private List<String> run(Player player, TimeControl time, String input) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, false, StandardCharsets.UTF_8);
        new ProtocolLoop(
                        player,
                        time,
                        new PrintStream(errors, true, StandardCharsets.UTF_8),
                        () -> now += Duration.ofMillis(300).toNanos())
                .run(new BufferedReader(new StringReader(input)), out);
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private static Move firstMove(Position position) {
        return position.legalMoves().get(0);
    }

    @Test
    void startMeansPlayWhite() throws IOException {
        RecordingPlayer player = new RecordingPlayer();

        List<String> out = run(player, TimeControl.CODECUP, "start\nend\n");

        assertThat(out).containsExactly(firstMove(Position.initial()).toString());
        assertThat(player.positions).containsExactly(Position.initial());
    }

    @Test
    void aHexCaissaLoopStartsFromTheHexBoardAndReadsHexMoves() throws IOException {
        Position hex = Variant.HEXCAISSA.initial();
        Move white = hex.legalMoves().get(hex.legalMoves().size() - 1);
        Position afterWhite = hex.play(white);
        RecordingPlayer player = new RecordingPlayer();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        new ProtocolLoop(
                        Variant.HEXCAISSA,
                        player,
                        TimeControl.CODECUP,
                        new PrintStream(errors, true, StandardCharsets.UTF_8),
                        () -> now += Duration.ofMillis(300).toNanos())
                .run(
                        new BufferedReader(new StringReader(white + "\nend\n")),
                        new PrintStream(bytes, false, StandardCharsets.UTF_8));

        assertThat(white.toString()).isEqualTo("e3-i1");
        assertThat(player.positions).containsExactly(afterWhite);
        assertThat(bytes.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo(firstMove(afterWhite).toString());
    }

    @Test
    void aFirstLineThatIsAMoveMeansPlayBlack() throws IOException {
        Move white = firstMove(Position.initial());
        Position afterWhite = Position.initial().play(white);
        RecordingPlayer player = new RecordingPlayer();

        List<String> out = run(player, TimeControl.CODECUP, white + "\nend\n");

        assertThat(player.positions).containsExactly(afterWhite);
        assertThat(out).containsExactly(firstMove(afterWhite).toString());
    }

    @Test
    void answersEachOpponentMoveAndKeepsThePositionInStep() throws IOException {
        Position p0 = Position.initial();
        Position p1 = p0.play(firstMove(p0));
        Move theirs = p1.legalMoves().get(p1.legalMoves().size() - 1);
        Position p2 = p1.play(theirs);
        RecordingPlayer player = new RecordingPlayer();

        List<String> out = run(player, TimeControl.CODECUP, "start\n" + theirs + "\nend\n");

        assertThat(out).containsExactly(firstMove(p0).toString(), firstMove(p2).toString());
        assertThat(player.positions).containsExactly(p0, p2);
    }

    @Test
    void anOpeningLineIsPlayedWithoutAReplyAndTheGameGoesOnFromIt() throws IOException {
        RecordingPlayer player = new RecordingPlayer();
        Position afterOpening =
                Position.initial().play(Move.of("b2-c4")).play(Move.of("e6-d5")).play(Move.of("d2-e3"));

        List<String> out = run(player, TimeControl.CODECUP, "opening b2-c4 e6-d5 d2-e3\nstart\nend\n");

        assertThat(out).containsExactly(firstMove(afterOpening).toString());
        assertThat(player.positions).containsExactly(afterOpening);
    }

    @Test
    void afterAnOpeningTheOtherSideHearsTheFirstMoveAfterIt() throws IOException {
        RecordingPlayer player = new RecordingPlayer();
        Position afterOpening = Position.initial().play(Move.of("b2-c4")).play(Move.of("e6-d5"));
        Move white = firstMove(afterOpening);

        List<String> out = run(player, TimeControl.CODECUP, "opening b2-c4 e6-d5\n" + white + "\nend\n");

        assertThat(out).containsExactly(firstMove(afterOpening.play(white)).toString());
    }

    @Test
    void stopsAtEndAndReadsNoFurther() throws IOException {
        RecordingPlayer player = new RecordingPlayer();

        List<String> out = run(player, TimeControl.CODECUP, "end\nstart\n");

        assertThat(out).isEmpty();
        assertThat(player.positions).isEmpty();
    }

    @Test
    void stopsAtTheEndOfInput() throws IOException {
        RecordingPlayer player = new RecordingPlayer();

        List<String> out = run(player, TimeControl.CODECUP, "start");

        assertThat(out).hasSize(1);
        assertThat(run(new RecordingPlayer(), TimeControl.CODECUP, "")).isEmpty();
    }

    @Test
    void acceptsUpperCaseAndPaddedInput() throws IOException {
        Move white = firstMove(Position.initial());
        String shouted = "  \t" + white.toString().toUpperCase() + "  \r";
        RecordingPlayer player = new RecordingPlayer();

        List<String> out = run(player, TimeControl.CODECUP, shouted + "\n END \n");

        assertThat(player.positions).containsExactly(Position.initial().play(white));
        assertThat(out).hasSize(1);
        assertThat(run(new RecordingPlayer(), TimeControl.CODECUP, " START\nend\n"))
                .hasSize(1);
    }

    @Test
    void repliesAreLowerCaseMoves() throws IOException {
        List<String> out = run(new RandomBot(5), TimeControl.CODECUP, "start\nend\n");

        assertThat(out).singleElement().asString().matches("[a-g][1-7]-[a-g][1-7]");
    }

    @Test
    void rejectsAnIllegalOpponentMove() {
        assertThatThrownBy(() -> run(new RecordingPlayer(), TimeControl.CODECUP, "a1-a2\n"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("a1-a2");
    }

    @Test
    void handsThePlayerItsBudgetAndThenLessOfItPlusTheIncrement() throws IOException {
        TimeControl time =
                new TimeControl(Duration.ofSeconds(10), Optional.empty(), Duration.ofSeconds(2), Duration.ofSeconds(1));
        Position p1 = Position.initial().play(firstMove(Position.initial()));
        Move theirs = firstMove(p1);
        RecordingPlayer player = new RecordingPlayer();

        run(player, time, "start\n" + theirs + "\nend\n");

        // Never the first-move allowance; after a reply, the budget less what it took (the
        // clock is read when the line arrives and after the answer: 300 ms) plus 2 s.
        assertThat(player.timesLeft).containsExactly(Duration.ofSeconds(10), Duration.ofMillis(11_700));
    }

    @Test
    void aPlayerThatThrowsStillAnswersALegalMove() throws IOException {
        Player broken = (position, timeLeft) -> {
            throw new IllegalStateException("bug");
        };

        List<String> out = run(broken, TimeControl.CODECUP, "start\nend\n");

        assertThat(out).containsExactly(firstMove(Position.initial()).toString());
        assertThat(errors.toString(StandardCharsets.UTF_8)).contains("bug");
    }

    @Test
    void aPlayerThatChoosesAnIllegalMoveStillAnswersALegalMove() throws IOException {
        Player wrong = (position, timeLeft) -> Move.of("a1-a2");

        List<String> out = run(wrong, TimeControl.CODECUP, "start\nend\n");

        assertThat(out).containsExactly(firstMove(Position.initial()).toString());
        assertThat(errors.toString(StandardCharsets.UTF_8)).contains("a1-a2");
    }
}
