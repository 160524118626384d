package caissa.arena.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.bot.BotHost;
import caissa.arena.bot.BotProcess;
import caissa.arena.game.Entrant;
import caissa.arena.game.GameSetup;
import caissa.arena.game.TimeControl;
import caissa.arena.program.BotCommand;
import caissa.arena.rules.Move;
import caissa.arena.rules.Variant;
import caissa.arena.sandbox.Isolation;
import caissa.arena.sandbox.ResourceLimits;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.BrokenSandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The check before the games starts each bot as its games will: in the run's sandbox, under its
 * limits, with the run's output hidden. What a bot does there is contained as in a game, and a
 * bot that would lose every game is refused with the real cause.
 */
class PreflightTest {

    private static final TimeControl CLOCK =
            new TimeControl(Duration.ofSeconds(3), Optional.empty(), Duration.ZERO, Duration.ofSeconds(10));

    /** Two plies from the initial position, as a run's opening line gives them. */
    private static final List<Move> OPENING = List.of(Variant.CAISSA.move("b2-c4"), Variant.CAISSA.move("e6-d5"));

    @TempDir
    Path temp;

    private static GameSetup run(Entrant bot, Isolation isolation, List<Move> opening) {
        return GameSetup.of(bot, bot, CLOCK).withOpening(opening).withIsolation(isolation);
    }

    @Test
    void anHonestBotPassesWithAndWithoutAnOpening() {
        Entrant bot = TestBots.entrant("honest", "random");

        assertThat(Preflight.problem(run(bot, Isolation.defaults(), List.of()), bot))
                .isEmpty();
        assertThat(Preflight.problem(run(bot, Isolation.defaults(), OPENING), bot))
                .isEmpty();
    }

    @Test
    void aBotThatAnswersTheOpeningLineIsRefusedAsItsGamesWouldRefuseIt() {
        Entrant bot = TestBots.entrant("eager", "answer-opening");

        Optional<String> problem = Preflight.problem(run(bot, Isolation.defaults(), OPENING), bot);

        assertThat(problem)
                .hasValueSatisfying(
                        p -> assertThat(p)
                                .contains(
                                        "besides its move, before it was asked for another (an answer to the opening line? it needs none)"));
    }

    /** An English sentence is debug output on standard output, whatever the run's openings: no opening hint. */
    @Test
    void aSentenceInsteadOfAMoveGetsTheStdoutHintNotTheOpeningOne() {
        Entrant bot = TestBots.entrant("chatty", "garbage", "1");

        Optional<String> problem = Preflight.problem(run(bot, Isolation.defaults(), OPENING), bot);

        assertThat(problem)
                .hasValueSatisfying(p -> assertThat(p)
                        .contains("'hello referee'")
                        .contains("hint: " + Hints.DEBUG_ON_STDOUT)
                        .doesNotContain(Hints.OPENING));
    }

    /** A move legal only before the opening: the bot played from the initial position, so it did not read the line. */
    @Test
    void aMoveFromTheInitialPositionGetsTheOpeningHint() {
        Entrant bot = TestBots.entrant("deaf", "skip-opening");
        Move first = Variant.CAISSA.initial().legalMoves().get(0);
        List<Move> opening =
                List.of(first, Variant.CAISSA.initial().play(first).legalMoves().get(0));

        Optional<String> problem = Preflight.problem(run(bot, Isolation.defaults(), opening), bot);

        assertThat(problem)
                .hasValueSatisfying(
                        p -> assertThat(p).contains("'" + first + "'").endsWith("; hint: " + Hints.OPENING));
    }

    /** A sandbox the arena cannot build is the arena's failure, said with its cause, not a bot that misread its opening. */
    @Test
    void aSandboxThatCannotBeBuiltIsTheArenasLaunchFailureWithItsCause() throws Exception {
        Sandboxes.assumeSandbox();
        Entrant bot = TestBots.entrant("honest", "random");
        Path missing = temp.resolve("not-there");

        Optional<String> problem;
        try (BotHost broken = BrokenSandbox.host(missing)) {
            problem = Preflight.problem(run(bot, Isolation.defaults(), OPENING), bot, broken);
        }

        assertThat(problem)
                .hasValueSatisfying(p -> assertThat(p)
                        .contains(BotProcess.LAUNCH_FAILED)
                        .contains("bwrap: Can't find source path " + missing)
                        .endsWith("; hint: " + Hints.ARENA_LAUNCH)
                        .doesNotContain(Hints.OPENING));
    }

    /** Its files, the output folder and the host stay as they were: the check runs the bot in its sandbox. */
    @Test
    void whatABotDoesInTheCheckIsContainedAsInAGame() throws IOException {
        Sandboxes.assumeSandbox();
        // As another user, the attacker writes its 'a1-a2' into its sandbox's init's output, which is its own, and
        // fails the check.
        Sandboxes.assumeRoot("the attacker runs as nobody and cannot write into its sandbox's init's output");
        Path output = Files.createDirectories(temp.resolve("out"));
        Path journal = Files.writeString(output.resolve("journal.jsonl"), "{\"game\":1}\n");
        Path outside = Files.writeString(temp.resolve("host-file.txt"), "the organiser's\n");
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
        BotCommand command = TestBots.command("attack", "1", "write=" + journal, "write=" + outside, "write=" + temp);
        Entrant bot = new Entrant("attacker", command);

        Optional<String> problem =
                Preflight.problem(run(bot, Isolation.defaults().hiding(List.of(output)), List.of()), bot);

        assertThat(problem).isEmpty();
        assertThat(Files.readString(journal)).isEqualTo("{\"game\":1}\n");
        assertThat(Files.readString(outside)).isEqualTo("the organiser's\n");
        assertThat(temp.resolve("planted.txt")).doesNotExist();
        assertThat(TestBots.processesOf(command)).isEmpty();
    }

    @Test
    void aProcessTheBotLeavesRunningDoesNotOutliveTheCheck() {
        Assumptions.assumeTrue(
                Sandboxes.enabled() || Sandboxes.cgroupKind().isPresent(), "needs a PID namespace or a cgroup");
        BotCommand command = TestBots.command("detach", "1");
        Entrant bot = new Entrant("detacher", command);

        assertThat(Preflight.problem(run(bot, Isolation.defaults(), List.of()), bot))
                .isEmpty();

        assertThat(TestBots.processesOf(command)).isEmpty();
    }

    /** A bot that would lose every game by its memory limit is refused for that, with or without a cgroup. */
    @ParameterizedTest(name = "cgroups {0}")
    @ValueSource(strings = {"on", "off"})
    void aBotOverItsMemoryLimitIsRefusedForIt(String cgroups) {
        Sandboxes.withCgroups(cgroups, () -> {
            Entrant bot = TestBots.entrant("hog", "memory-hog", "1");
            Isolation limited = Isolation.defaults().withLimits(ResourceLimits.DEFAULT.withMemory(256L << 20));

            Optional<String> problem = Preflight.problem(run(bot, limited, List.of()), bot);

            assertThat(problem)
                    .hasValueSatisfying(p -> assertThat(p).startsWith("went over its memory limit of 256 MiB"));
        });
    }
}
