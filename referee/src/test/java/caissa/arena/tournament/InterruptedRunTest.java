package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import caissa.arena.testbots.Interruptible;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ctrl-C on a terminal sends SIGINT to the whole foreground process group; `kill %1` or a CI
 * job's timeout send SIGTERM to it. The bots run in sessions of their
 * own (or, sandboxed, their launcher ignores those signals), so it stops the arena and not them:
 * no game in progress is recorded as a crash (or as anything), and --resume plays the games
 * that were cut short.
 */
class InterruptedRunTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "SIG{0}")
    // Not SIGHUP: a JVM started with it ignored (under nohup, as CI jobs may be) keeps it ignored.
    @ValueSource(strings = {"INT", "TERM"})
    void aSignalToTheArenasProcessGroupRecordsNoGameCutShortAndResumeFinishesTheRun(String signal) throws Exception {
        Path file = new TournamentFiles("interrupted")
                .testBot("s1", "slow", "1")
                .testBot("s2", "slow", "1")
                .testBot("s3", "slow", "1")
                .set("gamesPerPair", 2)
                .set("timePerGame", "30s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("interrupted.json"));
        Path out = dir.resolve("out");
        // The arena leads a process group of its own, as a command started from a shell does.
        List<String> argv = new ArrayList<>(List.of("setsid"));
        argv.addAll(TournamentFiles.javaCommand(file, out, 1));
        argv.set(argv.size() - 1, "2");
        // With SIGINT at its default action, as in a terminal, whether or not the build inherited it ignored.
        Process arena = new ProcessBuilder(Interruptible.command(argv))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("arena.log").toFile())
                .start();
        try {
            TournamentFiles.waitForJournal(out, 1, arena);
            // What the terminal does on Ctrl-C: the signal to every process of the foreground group.
            Process kill = new ProcessBuilder("kill", "-" + signal, "--", "-" + arena.pid()).start();
            assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(arena.waitFor(60, TimeUnit.SECONDS))
                    .as("the arena stops")
                    .isTrue();
        } finally {
            arena.destroyForcibly();
        }

        List<FinishedGame> journaled = Journal.read(out);
        assertThat(journaled).as(Files.readString(dir.resolve("arena.log"))).isNotEmpty();
        assertThat(journaled)
                .allSatisfy(game -> assertThat(game.termination().isIrregular())
                        .as(game.toString())
                        .isFalse());
        int before = journaled.size();

        StringWriter err = new StringWriter();
        // Two games at a time, as the interrupted run played them (the default is half the cores).
        int exit = Main.run(
                new String[] {"tournament", file.toString(), "--out", out.toString(), "--resume", "--concurrency", "2"},
                new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true));

        assertThat(exit).as(err.toString()).isZero();
        List<FinishedGame> all = Journal.read(out);
        assertThat(all).extracting(FinishedGame::game).containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6);
        assertThat(all)
                .hasSize(6)
                .allSatisfy(game -> assertThat(game.termination().isIrregular()).isFalse());
        assertThat(before).isLessThan(6);
    }
}
