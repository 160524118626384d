package caissa.arena.game;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.game.InProcessSeat.Answer;
import caissa.arena.program.BotCommand;
import caissa.arena.rules.Move;
import caissa.arena.rules.Position;
import caissa.arena.rules.Side;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The game loop and its clocks with in-process players on a manual clock: every reply takes
 * exactly the time the test says, so each rule is checked at its edges, independent of load.
 */
class GameLoopTest {

    private static final long MS = 1_000_000L;
    private static final Entrant WHITE = new Entrant("w", BotCommand.of(List.of("in-process")));
    private static final Entrant BLACK = new Entrant("b", BotCommand.of(List.of("in-process")));

    /**
     * Plays the first legal move in every position, after the time {@code reply} gives for its
     * n-th reply (1-based), with as much CPU as wall time unless {@code cpu} says otherwise.
     */
    static final class Mover implements InProcessSeat.Player {
        private final IntFunction<Answer> shape;
        private Position position = Position.initial();
        private int replies;

        Mover(IntFunction<Answer> shape) {
            this.shape = shape;
        }

        static Mover taking(Duration each) {
            return new Mover(n -> Answer.line("", each));
        }

        @Override
        public Answer answer(String line) {
            if (line.equals("end")) {
                return Answer.NOTHING;
            }
            if (line.startsWith("opening ")) {
                Arrays.stream(line.substring(8).split(" ")).forEach(m -> position = position.play(Move.of(m)));
                return Answer.NOTHING;
            }
            if (!line.equals("start")) {
                position = position.play(Move.of(line));
            }
            Move move = position.legalMoves().get(0);
            position = position.play(move);
            replies++;
            Answer shaped = shape.apply(replies);
            List<String> lines = new ArrayList<>(shaped.lines());
            lines.set(0, lines.get(0).isEmpty() ? move.toString() : lines.get(0));
            return new Answer(lines, shaped.wallNanos(), shaped.cpuNanos(), shaped.waitedNanos(), shaped.exit());
        }
    }

    private final ManualTicker ticker = new ManualTicker();

    private static TimeControl control(long perGameMs, Long capMs, long incrementMs, long firstMs) {
        return new TimeControl(
                Duration.ofMillis(perGameMs),
                Optional.ofNullable(capMs).map(Duration::ofMillis),
                Duration.ofMillis(incrementMs),
                Duration.ofMillis(firstMs));
    }

    private GameRecord play(TimeControl control, InProcessSeat.Player white, InProcessSeat.Player black) {
        return play(
                GameSetup.of(WHITE, BLACK, control),
                new InProcessSeat(ticker, white),
                new InProcessSeat(ticker, black));
    }

    private GameRecord play(GameSetup setup, InProcessSeat white, InProcessSeat black) {
        return Game.play(setup, GameListener.NONE, InProcessSeat.opener(white, black), ticker);
    }

    @Test
    void firstLegalMoversPlayAGameToItsEndByTheRules() {
        GameRecord record = play(control(1000, null, 0, 0), Mover.taking(Duration.ZERO), Mover.taking(Duration.ZERO));

        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        assertThat(record.moves()).hasSizeGreaterThan(20);
    }

    @Test
    void theIncrementKeepsABotThatSpendsMoreThanItsBudgetInTheGame() {
        // 150 ms a move on 1 s + 100 ms: 50 ms net a move, so twenty moves; without the increment, six.
        GameRecord record = play(
                control(1000, null, 100, 0), Mover.taking(Duration.ofMillis(150)), Mover.taking(Duration.ofMillis(10)));

        long whiteMoves =
                record.moves().stream().filter(m -> m.side() == Side.WHITE).count();
        assertThat(whiteMoves).as(record.reason()).isGreaterThanOrEqualTo(10);
        assertThat(record.white().timeUsedMillis()).isEqualTo(whiteMoves * 150);
    }

    @Test
    void aReplyOverTheCapPerMoveLosesOnTimeEvenWithTimeLeft() {
        GameRecord record = play(
                control(10_000, 100L, 0, 0),
                new Mover(n -> Answer.line("", Duration.ofMillis(n == 3 ? 101 : 100))),
                Mover.taking(Duration.ZERO));

        assertThat(record.termination()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(record.result()).isEqualTo(Result.BLACK_WINS);
        assertThat(record.moves().stream().filter(m -> m.side() == Side.WHITE)).hasSize(2);
        assertThat(record.reason()).contains("w (white) did not reply within its 0.100 s of wall time");
    }

    @Test
    void aReplyExactlyAtTheEndOfTheClockCounts() {
        GameRecord record = play(
                control(1000, null, 0, 500),
                new Mover(n -> Answer.line("", Duration.ofMillis(n == 1 ? 1500 : 0))),
                Mover.taking(Duration.ZERO));

        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        assertThat(record.white().timeUsedMillis()).isEqualTo(1000);
    }

    @Test
    void aReplyOneNanosecondAfterTheEndOfTheClockLoses() {
        GameRecord record = play(
                control(1000, null, 0, 500),
                new Mover(n -> new Answer(List.of(""), 1500 * MS + 1, 0, false)),
                Mover.taking(Duration.ZERO));

        assertThat(record.termination()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(record.result()).isEqualTo(Result.BLACK_WINS);
        assertThat(record.moves()).isEmpty();
        assertThat(record.reason()).contains("did not reply within its 1.500 s of wall time");
    }

    @Test
    void theStartUpAllowanceIsForTheFirstReplyOnly() {
        GameRecord record = play(
                control(1000, null, 0, 500),
                new Mover(n -> Answer.line("", Duration.ofMillis(n == 1 ? 700 : 900))),
                Mover.taking(Duration.ZERO));

        assertThat(record.termination()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(record.moves().stream().filter(m -> m.side() == Side.WHITE)).hasSize(1);
        assertThat(record.reason()).contains("0.800 s left on its clock");
    }

    @Test
    void aMarginTakesARepliesThatAreSlightlyLateAndNoMore() {
        TimeControl withMargin = control(1000, null, 0, 0).withMargin(Duration.ofMillis(50));
        GameRecord record = play(
                withMargin,
                new Mover(n -> Answer.line("", Duration.ofMillis(n == 1 ? 1040 : 60))),
                Mover.taking(Duration.ZERO));

        assertThat(record.termination()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(record.moves().stream().filter(m -> m.side() == Side.WHITE))
                .as("1.04 s is within 1 s + 50 ms; 60 ms more is not, the clock being empty")
                .hasSize(1);
        assertThat(record.reason()).contains("+ 0.050 s margin");

        GameRecord without = play(
                control(1000, null, 0, 0),
                new Mover(n -> Answer.line("", Duration.ofMillis(1040))),
                Mover.taking(Duration.ZERO));
        assertThat(without.moves()).isEmpty();
    }

    @Test
    void theIdleBotIsSuspendedFromItsReplyUntilItIsSentTheNextLine() {
        InProcessSeat white = new InProcessSeat(ticker, Mover.taking(Duration.ofMillis(1)));
        InProcessSeat black = new InProcessSeat(ticker, Mover.taking(Duration.ofMillis(1)));

        GameRecord record = play(GameSetup.of(WHITE, BLACK, control(1000, null, 0, 0)), white, black);

        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        for (InProcessSeat seat : List.of(white, black)) {
            List<String> log = seat.log();
            int firstStop = log.indexOf("suspend");
            assertThat(firstStop).as("stopped after its first reply: %s", log).isIn(1, 2);
            for (int i = firstStop + 1; i < log.size(); i++) {
                String entry = log.get(i);
                if (entry.startsWith("send ") && !entry.equals("send end")) {
                    // Stopped since its last reply, continued with the line waiting, stopped at its reply.
                    assertThat(log.subList(i - 1, Math.min(log.size(), i + 3)))
                            .as("around %s in %s", i, log)
                            .startsWith("suspend", entry, "resume");
                    if (i + 3 < log.size()) {
                        assertThat(log.get(i + 2)).isEqualTo("suspend");
                    }
                }
            }
            assertThat(log.subList(log.size() - 2, log.size()))
                    .as("continued to be told to end")
                    .containsExactly("resume", "send end");
        }
    }

    @Test
    void stoppingAndContinuingABotIsChargedToNoOne() {
        // Each stop or continue costs the arena 30 ms; a bot that replies at the end of its 100 ms cap still moves.
        InProcessSeat white =
                new InProcessSeat(ticker, Mover.taking(Duration.ofMillis(100)), 64, Duration.ofMillis(30));
        InProcessSeat black =
                new InProcessSeat(ticker, Mover.taking(Duration.ofMillis(100)), 64, Duration.ofMillis(30));

        GameRecord record = play(GameSetup.of(WHITE, BLACK, control(100_000, 100L, 0, 0)), white, black);

        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        assertThat(record.moves()).allMatch(move -> move.micros() == 100_000);
    }

    @Test
    void withSuspensionOffNoBotIsStopped() {
        InProcessSeat white = new InProcessSeat(ticker, Mover.taking(Duration.ofMillis(1)));
        InProcessSeat black = new InProcessSeat(ticker, Mover.taking(Duration.ofMillis(1)));

        play(GameSetup.of(WHITE, BLACK, control(1000, null, 0, 0).withSuspendIdle(false)), white, black);

        assertThat(white.log()).doesNotContain("suspend", "resume");
        assertThat(black.log()).doesNotContain("suspend", "resume");
    }

    @Test
    void aLineWrittenWithoutBeingAskedIsAProtocolErrorOfItsWriter() {
        GameRecord record = play(
                control(1000, null, 0, 0),
                Mover.taking(Duration.ofMillis(1)),
                new Mover(n -> n == 2
                        ? new Answer(List.of("", "hello"), MS, MS, false)
                        : Answer.line("", Duration.ofMillis(1))));

        assertThat(record.termination()).isEqualTo(Termination.PROTOCOL_ERROR);
        assertThat(record.result()).isEqualTo(Result.WHITE_WINS);
        assertThat(record.reason()).isEqualTo("b (black) wrote 'hello' before it was asked for a move");
        assertThat(record.moves().stream().filter(m -> m.side() == Side.BLACK)).hasSize(2);
    }

    @Test
    void aReplyToTheOpeningLineIsOutOfTurn() {
        InProcessSeat.Player chatty =
                line -> line.startsWith("opening") ? new Answer(List.of("c6-c5"), 0, 0, false) : Answer.NOTHING;
        GameSetup setup = GameSetup.of(WHITE, BLACK, control(1000, null, 0, 0)).withOpening(List.of(Move.of("b2-c4")));

        GameRecord record =
                play(setup, new InProcessSeat(ticker, Mover.taking(Duration.ZERO)), new InProcessSeat(ticker, chatty));

        assertThat(record.termination()).isEqualTo(Termination.PROTOCOL_ERROR);
        assertThat(record.result()).isEqualTo(Result.WHITE_WINS);
        assertThat(record.reason()).isEqualTo("b (black) wrote 'c6-c5' before it was asked for a move");
    }

    @Test
    void aFloodIsAProtocolErrorAndTheSeatKeepsOnlyBoundedLines() {
        List<String> flood = new ArrayList<>(List.of(""));
        for (int i = 0; i < 1000; i++) {
            flood.add("a1-a2");
        }
        InProcessSeat white =
                new InProcessSeat(ticker, new Mover(n -> new Answer(flood, MS, MS, false)), 8, Duration.ZERO);
        InProcessSeat black = new InProcessSeat(ticker, Mover.taking(Duration.ZERO));

        GameRecord record = play(GameSetup.of(WHITE, BLACK, control(1000, null, 0, 0)), white, black);

        assertThat(record.termination()).isEqualTo(Termination.PROTOCOL_ERROR);
        assertThat(record.result()).isEqualTo(Result.BLACK_WINS);
        assertThat(record.moves()).hasSize(2);
    }

    @Test
    void aBotThatExitsAfterItsReplyCrashes() {
        GameRecord record = play(
                control(1000, null, 0, 0),
                new Mover(n -> n == 2
                        ? Answer.line("", Duration.ofMillis(5)).thenExit()
                        : Answer.line("", Duration.ofMillis(5))),
                Mover.taking(Duration.ZERO));

        assertThat(record.termination()).isEqualTo(Termination.CRASH);
        assertThat(record.result()).isEqualTo(Result.BLACK_WINS);
        assertThat(record.moves().stream().filter(m -> m.side() == Side.WHITE)).hasSize(2);
    }

    @Test
    void theCpuClockChargesCpuTimeNotWallTime() {
        TimeControl cpu = control(1000, null, 0, 0).withClock(ClockKind.CPU);
        // 400 ms of wall time a move (it waits on something) but 10 ms of CPU: fine on a CPU clock.
        Mover sleeper = new Mover(n -> Answer.line("", Duration.ofMillis(400)).withCpu(Duration.ofMillis(10)));

        GameRecord onCpu = play(cpu, sleeper, Mover.taking(Duration.ZERO));
        assertThat(onCpu.termination().isIrregular()).as(onCpu.reason()).isFalse();
        long whiteMoves =
                onCpu.moves().stream().filter(m -> m.side() == Side.WHITE).count();
        assertThat(onCpu.white().timeUsedMillis()).isEqualTo(whiteMoves * 10);

        GameRecord onWall = play(
                control(1000, null, 0, 0),
                new Mover(n -> Answer.line("", Duration.ofMillis(400)).withCpu(Duration.ofMillis(10))),
                Mover.taking(Duration.ZERO));
        assertThat(onWall.termination()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(onWall.moves().stream().filter(m -> m.side() == Side.WHITE)).hasSize(2);
    }

    @Test
    void onTheWallClockTheTimeABotWaitsForACoreIsNotCharged() {
        // 30 ms a move, of which 25 ms ready to run but without a core (the machine was busy).
        GameRecord record = play(
                control(1000, null, 0, 0),
                new Mover(n -> Answer.line("", Duration.ofMillis(30))
                        .withCpu(Duration.ofMillis(1))
                        .withWait(Duration.ofMillis(25))),
                Mover.taking(Duration.ZERO));

        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        List<PlayedMove> white =
                record.moves().stream().filter(m -> m.side() == Side.WHITE).toList();
        assertThat(white)
                .hasSizeGreaterThan(10)
                .allSatisfy(m -> assertThat(m.micros()).isEqualTo(5_000));
        assertThat(record.white().timeUsedMillis()).isEqualTo(white.size() * 5L);
    }

    @Test
    void noMoreIsExcusedThanTheTimeTheBotsProcessesDidNotUseCpu() {
        // 25 ms of waiting, but its processes used 20 ms of CPU in the 30: only 10 ms excused.
        GameRecord partly = play(
                control(1000, null, 0, 0),
                new Mover(n -> Answer.line("", Duration.ofMillis(30))
                        .withCpu(Duration.ofMillis(20))
                        .withWait(Duration.ofMillis(25))),
                Mover.taking(Duration.ZERO));
        assertThat(partly.moves().stream().filter(m -> m.side() == Side.WHITE))
                .allSatisfy(m -> assertThat(m.micros()).isEqualTo(20_000));

        // Children that burn two cores while its main thread waits behind them: nothing excused.
        GameRecord none = play(
                control(1000, null, 0, 0).withSuspendIdle(false),
                new Mover(n -> Answer.line("", Duration.ofMillis(30))
                        .withCpu(Duration.ofMillis(60))
                        .withWait(Duration.ofMillis(25))),
                Mover.taking(Duration.ZERO));
        assertThat(none.moves().stream().filter(m -> m.side() == Side.WHITE))
                .allSatisfy(m -> assertThat(m.micros()).isEqualTo(30_000));
    }

    @Test
    void theCpuClockChargesCpuTimeWhateverTheWaitForACore() {
        GameRecord record = play(
                control(1000, null, 0, 0).withClock(ClockKind.CPU),
                new Mover(n -> Answer.line("", Duration.ofMillis(30))
                        .withCpu(Duration.ofMillis(12))
                        .withWait(Duration.ofMillis(25))),
                Mover.taking(Duration.ZERO));

        assertThat(record.moves().stream().filter(m -> m.side() == Side.WHITE))
                .allSatisfy(m -> assertThat(m.micros()).isEqualTo(12_000));
    }

    /**
     * White's third reply, at 100 ms a move, takes {@code wallMs} with 10 ms of CPU, {@code waitMs}
     * of it waiting for a core; its other replies take 1 ms.
     */
    private GameRecord thirdReplyWaitingForACore(long wallMs, long waitMs) {
        return play(
                control(10_000, 100L, 0, 0),
                new Mover(n -> n == 3
                        ? Answer.line("", Duration.ofMillis(wallMs))
                                .withCpu(Duration.ofMillis(10))
                                .withWait(Duration.ofMillis(waitMs))
                        : Answer.line("", Duration.ofMillis(1))),
                Mover.taking(Duration.ZERO));
    }

    @Test
    void aReplyPastTheLimitCountsWhenWhatItWaitedForACoreBringsItWithin() {
        // 100 ms a move; the third reply comes after 150 ms, 60 of them waiting for a core: 90 ms charged.
        GameRecord record = thirdReplyWaitingForACore(150, 60);

        assertThat(record.termination().isIrregular()).as(record.reason()).isFalse();
        assertThat(record.moves().stream()
                        .filter(m -> m.side() == Side.WHITE)
                        .toList()
                        .get(2)
                        .micros())
                .isEqualTo(90_000);
    }

    @Test
    void aReplyStillPastTheLimitOnceItsWaitIsExcusedLosesOnTimeAndTheReasonSaysSo() {
        // 150 ms with 40 of them waiting: 110 ms charged, over the 100 ms cap.
        GameRecord record = thirdReplyWaitingForACore(150, 40);

        assertThat(record.termination()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(record.result()).isEqualTo(Result.BLACK_WINS);
        assertThat(record.moves().stream().filter(m -> m.side() == Side.WHITE)).hasSize(2);
        // The wait went on while the bot's waiting grew, until what it would be charged reached
        // the 100 ms: after 136 ms, 36 of them waiting.
        assertThat(record.reason())
                .contains("w (white) did not reply within its 0.100 s of wall time and the 0.036 s it"
                        + " waited for a core");
        assertThat(ticker.nanoTime()).as("given up before the reply came").isLessThan(150 * MS);
    }

    @Test
    void whatABotWaitsForACoreCanPushItsDeadlineBackByOneLimitAtMost() {
        // 300 ms with 250 of them waiting would be charged 50 ms, but the wait stops at 200 ms.
        GameRecord record = thirdReplyWaitingForACore(300, 250);

        assertThat(record.termination()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(record.moves().stream().filter(m -> m.side() == Side.WHITE)).hasSize(2);
        assertThat(record.reason())
                .isEqualTo("w (white) did not reply within 0.200 s of wall time, twice its 0.100 s,"
                        + " the most that the 0.167 s it waited for a core can add");
    }

    @Test
    void aBotThatBurnsCpuLosesOnTheCpuClockAsSoonAsItIsOver() {
        TimeControl cpu = control(1000, null, 0, 0).withClock(ClockKind.CPU);
        GameRecord record =
                play(cpu, new Mover(n -> Answer.line("", Duration.ofSeconds(60))), Mover.taking(Duration.ZERO));

        assertThat(record.termination()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(record.reason()).isEqualTo("w (white) used more than its 1.000 s of CPU time (cpu clock)");
        assertThat(ticker.nanoTime())
                .as("stopped near 1 s of CPU, not at the minute")
                .isLessThan(1100 * MS);
    }

    @Test
    void theCpuClockHasAWallTimeSafetyCapOfThreeTimesTheLimitPlusASecond() {
        TimeControl cpu = control(1000, null, 0, 0).withClock(ClockKind.CPU);

        GameRecord justIn = play(
                cpu,
                new Mover(n -> n == 1 ? new Answer(List.of(""), 4000 * MS, 0, false) : Answer.line("", Duration.ZERO)),
                Mover.taking(Duration.ZERO));
        assertThat(justIn.termination().isIrregular()).as(justIn.reason()).isFalse();

        GameRecord stalled = play(
                cpu, new Mover(n -> new Answer(List.of(""), 4000 * MS + 1, 0, false)), Mover.taking(Duration.ZERO));
        assertThat(stalled.termination()).isEqualTo(Termination.TIME_FORFEIT);
        assertThat(stalled.reason())
                .isEqualTo("w (white) did not reply within 4.000 s of wall time, "
                        + "the cpu clock's safety cap, having used 0.000 s of CPU time");
    }

    @Test
    void aGameWhoseWaitIsInterruptedIsAbortedAndChargesNoOne() {
        // An interrupt arrives while black thinks (the arena is being stopped).
        Mover interrupted = new Mover(n -> {
            if (n == 3) {
                Thread.currentThread().interrupt();
            }
            return Answer.line("", Duration.ofMillis(1));
        });
        GameRecord record;
        try {
            record = play(control(1000, null, 0, 0), Mover.taking(Duration.ofMillis(1)), interrupted);
        } finally {
            Thread.interrupted();
        }

        assertThat(record.termination()).isEqualTo(Termination.ABORTED);
        assertThat(record.result()).isEqualTo(Result.ABORTED);
        assertThat(record.loser()).isNull();
        assertThat(record.moves()).as("black's third reply never came").hasSize(5);
    }
}
