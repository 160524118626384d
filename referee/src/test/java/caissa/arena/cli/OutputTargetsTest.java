package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.CommandRun;
import caissa.arena.testkit.ToolRun;
import caissa.arena.testkit.TwoRandomBots;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No output option replaces what is at its path: a symbolic link (to a file the organiser cares
 * about), a FIFO and a device node are each refused in one line with exit code 2, and left as they
 * were. Issue 35: {@code book --out /dev/full} used to replace the machine's /dev/full with a file.
 */
class OutputTargetsTest {

    @TempDir
    Path dir;

    /** What is put at the target, and how to tell afterwards that it is still there, untouched. */
    enum Kind {
        LINK("a symbolic link"),
        FIFO("a named pipe (FIFO)"),
        DEVICE("a device");

        final String words;

        Kind(String words) {
            this.words = words;
        }
    }

    private static String bot(String seed) {
        return TestBots.command("random", seed).display();
    }

    /** Each command with an output FILE option, as a function of the target. */
    static Stream<Arguments> commands() {
        List<Arguments> all = new ArrayList<>();
        Map<String, Function<String, List<String>>> commands = new LinkedHashMap<>();
        commands.put("book --out", t -> List.of("book", "--plies", "2", "--count", "1", "--depth", "0", "--out", t));
        commands.put("doctor --json", t -> List.of("doctor", "--json", t));
        commands.put("sprt --json", t -> List.of("sprt", "--elo0", "0", "--elo1", "5", "--json", t));
        commands.put("perft --json", t -> List.of("perft", "--depth", "1", "--json", t));
        commands.put("ratings --json", t -> List.of("ratings", "--json", t, "."));
        commands.put("ratings --html", t -> List.of("ratings", "--html", t, "."));
        commands.put(
                "play --out",
                t -> List.of("play", "--white", bot("1"), "--black", bot("2"), "--sandbox", "none", "--out", t));
        commands.put(
                "validate --json",
                t -> List.of("validate", bot("3"), "--games", "2", "--sandbox", "none", "--json", t));
        commands.put(
                "match --json",
                t -> List.of(
                        "match",
                        "--engine",
                        bot("1"),
                        "--baseline",
                        bot("2"),
                        "--games",
                        "2",
                        "--sandbox",
                        "none",
                        "--json",
                        t));
        for (var command : commands.entrySet()) {
            for (Kind kind : Kind.values()) {
                all.add(Arguments.of(command.getKey(), kind, command.getValue()));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} at {1}")
    @MethodSource("commands")
    void anOutputFileOptionRefusesWhatIsNotARegularFile(String name, Kind kind, Function<String, List<String>> command)
            throws Exception {
        Path target = make(kind, dir.resolve("target"));
        Object before = state(target);

        CommandRun run = CommandRun.of(command.apply(target.toString()).toArray(String[]::new));

        String verb = name.substring(0, name.indexOf(' '));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("caissa " + verb + ": " + target + ": " + kind.words + "; the arena writes only"
                        + " a regular file of its own there: remove it or name another file" + System.lineSeparator());
        assertThat(state(target)).isEqualTo(before);
        assertThat(run.out()).doesNotContain("result:");
    }

    @Test
    void resumeNeverWritesThroughALinkedLockOrJournal() throws Exception {
        Path tournament = tournamentFile();
        Path out = dir.resolve("out");
        CommandRun first =
                CommandRun.of("tournament", tournament.toString(), "--out", out.toString(), "--sandbox", "none");
        assertThat(first.exitCode()).as(first.err()).isZero();
        Path precious = Files.writeString(dir.resolve("precious.txt"), "keep me\n");

        for (String record : List.of(".caissa.lock", "journal.jsonl")) {
            Path file = out.resolve(record);
            Path kept = dir.resolve(record + ".kept");
            Files.move(file, kept);
            Files.createSymbolicLink(file, precious);

            CommandRun resume = CommandRun.of(
                    "tournament", tournament.toString(), "--out", out.toString(), "--resume", "--sandbox", "none");

            assertThat(resume.exitCode()).as(resume.err()).isEqualTo(2);
            assertThat(resume.errLines())
                    .hasSize(1)
                    .first()
                    .asString()
                    .startsWith("caissa tournament: " + file + ": a symbolic link;");
            assertThat(Files.readString(precious)).isEqualTo("keep me\n");
            assertThat(Files.isSymbolicLink(file)).isTrue();
            Files.delete(file);
            Files.move(kept, file);
        }
    }

    @Test
    void reportAndMergeRefuseALinkAtTheFileTheyWrite() throws Exception {
        Path tournament = tournamentFile();
        Path out = dir.resolve("out");
        CommandRun first = CommandRun.of(
                "tournament", tournament.toString(), "--out", out.toString(), "--sandbox", "none", "--shard", "1/1");
        assertThat(first.exitCode()).as(first.err()).isZero();
        Path precious = Files.writeString(dir.resolve("precious.txt"), "keep me\n");
        Path page = out.resolve("report.html");
        Files.deleteIfExists(page);
        Files.createSymbolicLink(page, precious);
        Path merged = Files.createDirectories(dir.resolve("merged"));
        Path standings = merged.resolve(".caissa.lock");
        Files.createSymbolicLink(standings, precious);

        CommandRun report = CommandRun.of("report", out.toString());
        CommandRun merge = CommandRun.of("merge", "--out", merged.toString(), out.toString());

        assertThat(report.exitCode()).as(report.err()).isEqualTo(2);
        assertThat(report.errLines())
                .containsExactly("caissa report: " + page + ": a symbolic link; the arena writes only"
                        + " a regular file of its own there: remove it or name another file");
        assertThat(merge.exitCode()).as(merge.err()).isEqualTo(2);
        // A folder holding a link (and nothing of a run) is not the merged folder: refused before anything is written.
        assertThat(merge.errLines()).hasSize(1);
        assertThat(Files.isSymbolicLink(standings)).isTrue();
        assertThat(Files.readString(precious)).isEqualTo("keep me\n");
    }

    @Test
    void aLinkedGamesFolderIsNeitherWrittenNorRead() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Path out = Files.createDirectories(dir.resolve("match"));
        Files.createSymbolicLink(out.resolve("games"), elsewhere);

        CommandRun match = CommandRun.of(
                "match",
                "--engine",
                bot("1"),
                "--baseline",
                bot("2"),
                "--games",
                "2",
                "--sandbox",
                "none",
                "--out",
                out.toString());

        assertThat(match.exitCode()).as(match.err()).isEqualTo(2);
        assertThat(match.errLines())
                .last()
                .asString()
                .startsWith("caissa match: " + out.resolve("games") + ": a symbolic link;");
        try (Stream<Path> written = Files.list(elsewhere)) {
            assertThat(written).isEmpty();
        }
    }

    @Test
    void aDashPrintsTheBookOnStandardOutput() {
        CommandRun run = CommandRun.of("book", "--plies", "2", "--count", "1", "--depth", "0", "--out", "-");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.outLines()).anyMatch(line -> !line.startsWith("#") && !line.isBlank());
        assertThat(Files.exists(Path.of("-"))).isFalse();
    }

    private Path tournamentFile() throws Exception {
        return TwoRandomBots.tournament(dir.resolve("t.json"));
    }

    /** A link to a file outside, a FIFO, or a character device like /dev/null made in the temporary folder. */
    private Path make(Kind kind, Path path) throws Exception {
        switch (kind) {
            case LINK -> Files.createSymbolicLink(path, Files.writeString(dir.resolve("precious.txt"), "keep me\n"));
            case FIFO -> run("mkfifo", path.toString());
            case DEVICE -> {
                assumeTrue("root".equals(System.getProperty("user.name")), "only root makes device nodes (mknod)");
                run("mknod", path.toString(), "c", "1", "3");
            }
            default -> throw new AssertionError(kind);
        }
        return path;
    }

    /** What is at the path: its type and mode, and for a link where it points and what that file holds. */
    private static Object state(Path path) throws Exception {
        Object mode = Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        if (Files.isSymbolicLink(path)) {
            return List.of(mode, Files.readSymbolicLink(path), Files.readString(path));
        }
        return List.of(mode, Files.getAttribute(path, "unix:rdev", LinkOption.NOFOLLOW_LINKS));
    }

    private static void run(String... command) throws Exception {
        OptionalInt exit = ToolRun.exitCode(Duration.ofSeconds(60), command);
        assumeTrue(exit.isPresent(), "no " + command[0] + " here, or it did not end within 60 s");
        assumeTrue(exit.getAsInt() == 0, command[0] + " failed");
    }
}
