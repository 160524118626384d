package caissa.arena.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The doc-test runner fails a doc whose command does not do what it says, and one that hides a command. */
class DocTestsTest {

    @TempDir
    Path root;

    private record Run(int exit, String output) {}

    private Run runDoc(String doc) throws IOException {
        Files.writeString(root.resolve("doc.md"), doc);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int exit = DocTests.main(
                List.of("--root", root.toString(), "doc.md"), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return new Run(exit, bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aBlockThatDoesWhatItsMarkerSaysPasses() throws IOException {
        Run run = runDoc("""
                Text.

                <!-- doctest: exit 0, prints "hello from the block" -->
                ```sh
                echo "hello from the block"
                ```
                """);

        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output()).contains("doc.md:4: ok (exit 0").contains("1 blocks ran, 1 passed, 0 failed");
    }

    @Test
    void aBlockWithAnotherExitCodeFailsTheRunOnPurpose() throws IOException {
        Run run = runDoc("""
                <!-- doctest: exit 0, prints "done" -->
                ```sh
                echo "done"
                exit 3
                ```
                """);

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.output())
                .contains("doc.md:2: FAILED: exit code 3, expected 0")
                .contains("    done")
                .contains("1 failed");
    }

    @Test
    void aBlockWithoutItsExpectedLineFailsTheRunOnPurpose() throws IOException {
        Run run = runDoc("""
                <!-- doctest: exit 0, prints "Standings of sample" -->
                ```sh
                echo "something else"
                ```
                """);

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.output()).contains("doc.md:2: FAILED: no line of its output holds \"Standings of sample\"");
    }

    @Test
    void blocksRunInOrderInTheRootAndATranscriptRunsOnlyItsPromptLines() throws IOException {
        Run run = runDoc("""
                <!-- doctest: exit 0 -->
                ```sh
                echo first > made-by-the-first-block
                ```

                <!-- doctest: exit 1|2, prints "first" -->
                ```
                $ cat made-by-the-first-block; exit 2
                this line is output, not a command
                ```
                """);

        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output()).contains("2 blocks ran, 2 passed");
    }

    @Test
    void anUnmarkedBlockWithAnArenaCommandIsRefusedBeforeAnythingRuns() throws IOException {
        Run run = runDoc("""
                <!-- doctest: exit 0 -->
                ```sh
                touch ran
                ```

                ```yaml
                - run: arena/caissa match --engine a --baseline b
                ```
                """);

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.output())
                .contains("doc.md:6: a block with a caissa command and no doctest marker")
                .contains("nothing was run");
        assertThat(root.resolve("ran")).doesNotExist();
    }

    @Test
    void aSkippedBlockNeedsItsReasonAndIsReportedAsNotRun() throws IOException {
        Run skipped = runDoc("""
                <!-- doctest: skip, needs a cluster -->
                ```sh
                ./caissa tournament contest.json --shard auto
                ```
                """);
        Run unexplained = runDoc("""
                <!-- doctest: skip -->
                ```sh
                ./caissa doctor
                ```
                """);

        assertThat(skipped.exit()).isZero();
        assertThat(skipped.output()).contains("doc.md:2: not run here (needs a cluster)");
        assertThat(unexplained.exit()).isEqualTo(1);
        assertThat(unexplained.output()).contains("doc.md:2: cannot read the marker 'doctest: skip'");
    }

    @Test
    void messagesAndOutputOfTheArenaAreNotCommands() {
        List<String> notCommands = List.of(
                "caissa merge: shards/rr-1/games/0005.json: says 0-1",
                "caissa tournament: tournaments/mine.json:5: gamesPerPair: must be even",
                "Caïssa Arena",
                "caissa-arena 0.1.0");
        List<String> commands = List.of(
                "./caissa play --white a --black b",
                "~/caissa-arena-*/bin/caissa --version",
                "  run: arena/caissa verify match",
                "\"caissa tournament contest.json --shard auto\"",
                "bin/caissa merge --out x");

        assertThat(notCommands).noneMatch(line -> DocTests.COMMAND.matcher(line).find());
        assertThat(commands).allMatch(line -> DocTests.COMMAND.matcher(line).find());
    }

    @Test
    void aMarkerWithoutABlockIsAProblem() throws IOException {
        Run run = runDoc("""
                <!-- doctest: exit 0 -->
                Some text where the block should be.
                """);

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.output()).contains("doc.md:1: a doctest marker with no block after it");
    }

    /**
     * The markers of every document in the repository can be read, and every block with an
     * arena command has one: checked here in the first pass, not only by CI's docs pass, which
     * would refuse the whole run for one unmarked block.
     */
    @Test
    void everyDocumentOfTheRepositoryHasReadableMarkers() throws IOException {
        Path repository = Path.of("..").toAbsolutePath().normalize();
        List<Path> documents;
        try (var paths = Files.walk(repository)) {
            documents = paths.filter(p -> p.toString().endsWith(".md"))
                    .filter(p ->
                            repository.relativize(p).toString().split("/")[0].charAt(0) != '.')
                    .filter(p -> !repository.relativize(p).toString().contains("target/"))
                    .toList();
        }
        assertThat(documents)
                .as("the README and the guides")
                .anyMatch(p -> p.endsWith("README.md"))
                .anyMatch(p -> p.endsWith("docs/reference.md"));
        for (Path document : documents) {
            String name = repository.relativize(document).toString();
            assertThat(DocTests.parse(name, Files.readString(document)).problems())
                    .as(name)
                    .isEmpty();
        }
    }
}
