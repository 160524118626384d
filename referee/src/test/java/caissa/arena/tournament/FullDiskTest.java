package caissa.arena.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import caissa.arena.game.GameRecord;
import caissa.arena.records.Json;
import caissa.arena.records.TournamentLayout;
import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import caissa.arena.testkit.ToolRun;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A disk that fills in the middle of a tournament, on a small tmpfs mounted by the test (which
 * needs root; CI runs as root and sets CAISSA_REQUIRE_TMPFS=1 so that this test cannot be
 * skipped there): one line naming the file and the problem, exit code 74, nothing finished
 * lost, and once space is freed --resume ends with the results of a run that never stopped.
 */
class FullDiskTest {

    private static final long PAGE = 4096;

    @TempDir
    Path dir;

    private Path disk;

    @AfterEach
    void unmount() throws Exception {
        if (disk != null) {
            run("umount", "-l", disk.toString());
        }
    }

    @Test
    void aTournamentStoppedByAFullDiskResumesToTheSameResultsOnceSpaceIsFreed() throws Exception {
        Path file = new TournamentFiles("full")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .testBot("r3", "random", "3")
                .set("gamesPerPair", 2)
                .set("openingPlies", 2)
                .set("seed", 3)
                .set("timePerGame", "20s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("full.json"));
        TournamentDefinition definition = TournamentFile.read(file);
        Path roomy = dir.resolve("roomy");
        Tournament.open(definition, file, roomy, false, TournamentObserver.NONE).play(1);
        // Room for the run's own files (standings twice: the old and the new during a rewrite) and
        // the first three game logs: the fourth does not fit. (No HTML report here: the command's
        // live report is written beside the games, and its failures only warn.)
        List<FinishedGame> games = Journal.read(roomy);
        long room = pages(roomy.resolve(TournamentLayout.RECORD_FILE))
                + 2 * pages(roomy.resolve(TournamentLayout.STANDINGS_FILE))
                + pages(roomy.resolve(TournamentLayout.JOURNAL_FILE))
                + PAGE;
        for (FinishedGame game : games.subList(0, 3)) {
            room += pages(roomy.resolve(game.file()));
        }
        mountTmpfs(room);
        Path out = disk.resolve("out");

        assertThatThrownBy(() -> Tournament.open(definition, file, out, false, TournamentObserver.NONE)
                        .play(1))
                .isInstanceOf(FileSystemException.class)
                .hasMessageStartingWith(out.toString())
                .hasMessageEndingWith(": No space left on device");

        List<FinishedGame> kept = Journal.read(out);
        assertThat(kept.size()).isBetween(1, 5);
        for (FinishedGame game : kept) {
            assertThat(Json.mapper()
                            .readValue(out.resolve(game.file()).toFile(), GameRecord.class)
                            .tournament()
                            .game())
                    .isEqualTo(game.game());
        }
        // Through the command line the same stop is one line and exit code 74.
        CommandRun again =
                CommandRun.of("tournament", file.toString(), "--out", out.toString(), "--resume", "--concurrency", "1");
        assertThat(again.exitCode()).as(again.err()).isEqualTo(74);
        assertThat(again.err().lines().reduce((first, last) -> last).orElse(""))
                .startsWith("caissa tournament: " + out)
                .endsWith(": No space left on device");
        assertThat(again.err()).doesNotContain("Exception").doesNotContain("\tat ");
        List<FinishedGame> keptAgain = Journal.read(out);
        assertThat(keptAgain.subList(0, kept.size())).isEqualTo(kept);

        remount(room * 100);
        CommandRun resumed =
                CommandRun.of("tournament", file.toString(), "--out", out.toString(), "--resume", "--concurrency", "1");

        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(Journal.read(out).subList(0, keptAgain.size())).isEqualTo(keptAgain);
        assertSameResults(roomy, out);
    }

    @Test
    void aDiskFullBeforeTournamentJsonLeavesAFolderThatResumeStarts() throws Exception {
        Path file = new TournamentFiles("early")
                .testBot("r1", "random", "1")
                .testBot("r2", "random", "2")
                .set("timePerGame", "20s")
                .set("firstMoveAllowance", "10s")
                .writeTo(dir.resolve("early.json"));
        Path roomy = dir.resolve("roomy");
        assertThat(CommandRun.of("tournament", file.toString(), "--out", roomy.toString())
                        .exitCode())
                .isZero();
        mountTmpfs(PAGE);
        Path out = disk.resolve("out");

        CommandRun full = CommandRun.of("tournament", file.toString(), "--out", out.toString());

        assertThat(full.exitCode()).as(full.err()).isEqualTo(74);
        assertThat(full.err().lines().toList())
                .hasSize(1)
                .first()
                .asString()
                .startsWith("caissa tournament: " + out)
                .endsWith(": No space left on device");
        assertThat(out.resolve(TournamentLayout.RECORD_FILE)).doesNotExist();

        remount(1 << 22);
        CommandRun resumed = CommandRun.of("tournament", file.toString(), "--out", out.toString(), "--resume");

        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertSameResults(roomy, out);
    }

    @Test
    void aGameWhoseLogNoLongerFitsIsRescuedNotLost() throws Exception {
        // Room for play's check before the game (a tiny file) but not for the log after it.
        mountTmpfs(PAGE);
        Path log = disk.resolve("game.json");

        List<String> args = new ArrayList<>(List.of(
                "play",
                "--white",
                TestBots.command("random", "1").display(),
                "--black",
                TestBots.command("random", "2").display(),
                "--first-move-allowance",
                "10s",
                "--out",
                log.toString()));
        args.addAll(Sandboxes.asThisSuiteRuns());
        CommandRun run = CommandRun.of(args.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(74);
        assertThat(run.out()).contains("result:");
        List<String> lines = run.err().lines().toList();
        assertThat(lines).hasSize(1);
        Matcher rescued = Pattern.compile("^caissa play: " + Pattern.quote(log.toString())
                        + ": No space left on device; the game's log was written to (\\S+) instead$")
                .matcher(lines.get(0));
        assertThat(rescued.matches()).as(lines.get(0)).isTrue();
        Path rescue = Path.of(rescued.group(1));
        GameRecord record = Json.mapper().readValue(rescue.toFile(), GameRecord.class);
        assertThat(record.white().name()).isNotBlank();
        assertThat(record.moves()).isNotEmpty();
        Files.delete(rescue);
    }

    private static void assertSameResults(Path expected, Path actual) throws IOException {
        StandingsDocument a =
                Json.mapper().readValue(expected.resolve("standings.json").toFile(), StandingsDocument.class);
        StandingsDocument b =
                Json.mapper().readValue(actual.resolve("standings.json").toFile(), StandingsDocument.class);
        assertThat(b.complete()).isTrue();
        assertThat(b.standings()).isEqualTo(a.standings());
        assertThat(b.crosstable()).isEqualTo(a.crosstable());
        for (FinishedGame game : Journal.read(expected)) {
            GameRecord x = Json.mapper().readValue(expected.resolve(game.file()).toFile(), GameRecord.class);
            GameRecord y = Json.mapper().readValue(actual.resolve(game.file()).toFile(), GameRecord.class);
            assertThat(y.moves().stream().map(m -> m.move()).toList())
                    .as(game.file())
                    .isEqualTo(x.moves().stream().map(m -> m.move()).toList());
            assertThat(y.result()).isEqualTo(x.result());
        }
    }

    /** The space a file takes on a file system of 4 KiB pages. */
    private static long pages(Path file) throws IOException {
        return (Files.size(file) + PAGE - 1) / PAGE * PAGE;
    }

    private void mountTmpfs(long bytes) throws Exception {
        boolean required = "1".equals(System.getenv("CAISSA_REQUIRE_TMPFS"));
        boolean root = "root".equals(System.getProperty("user.name"));
        if (!required) {
            assumeTrue(root, "mounting a small tmpfs needs root (CI runs as root)");
        }
        Path mountPoint = Files.createDirectories(dir.resolve("disk"));
        assertThat(run("mount", "-t", "tmpfs", "-o", "size=" + bytes, "tmpfs", mountPoint.toString()))
                .as("mount a tmpfs at " + mountPoint)
                .isZero();
        disk = mountPoint;
    }

    private void remount(long bytes) throws Exception {
        assertThat(run("mount", "-o", "remount,size=" + bytes, disk.toString()))
                .as("grow the tmpfs")
                .isZero();
    }

    private static int run(String... command) throws Exception {
        OptionalInt exit = ToolRun.exitCode(Duration.ofSeconds(30), command);
        assertThat(exit).as(command[0] + " started and ended within 30 s").isPresent();
        return exit.getAsInt();
    }
}
