package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.cli.Main;
import caissa.arena.testbots.Sandboxes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The closing summary of a resumed run covers the whole run: the games it found finished as well as its own. */
class ResumedSummaryTest {

    @TempDir
    Path dir;

    private static String[] args(Path file, Path out, String... more) {
        List<String> all =
                new ArrayList<>(List.of("tournament", file.toString(), "--out", out.toString(), "--concurrency", "2"));
        all.addAll(Sandboxes.asThisSuiteRuns());
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    void aResumedRunsSummaryNamesTheIrregularLossesOfTheGamesItFoundFinished() throws Exception {
        Path file = new TournamentFiles("resumed")
                .testBot("good", "random", "2")
                .testBot("crasher", "crash", "3")
                .set("gamesPerPair", 2)
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("resumed.json"));
        Path out = dir.resolve("out");
        StringWriter first = new StringWriter();
        assertThat(Main.run(args(file, out), new PrintWriter(first), new PrintWriter(new StringWriter())))
                .isZero();
        assertThat(first.toString()).contains("irregular losses in the whole run, by bot and cause:");

        // Nothing is left to play: every irregular loss of the summary is one the resumed run found.
        StringWriter resumed = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args(file, out, "--resume"), new PrintWriter(resumed), new PrintWriter(err));

        assertThat(exit).as(err.toString()).isZero();
        List<String> lines = resumed.toString().lines().toList();
        int summary = lines.indexOf("irregular losses in the whole run, by bot and cause:");
        assertThat(summary).as(resumed.toString()).isNotNegative();
        assertThat(lines.get(summary + 1)).contains("crasher").contains("crash").contains("2");
    }
}
