package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.openings.OpeningBook;
import caissa.arena.rules.Position;
import caissa.arena.rules.Variant;
import caissa.arena.testkit.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code caissa book}: a seeded, checked book of distinct positions with a header saying how it was made. */
class BookCommandTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @EnumSource(Variant.class)
    void theSameSeedGivesTheSameFileAValidBookOfDistinctPositions(Variant variant) throws Exception {
        Path first = dir.resolve("first.txt");
        Path second = dir.resolve("second.txt");
        Path other = dir.resolve("other.txt");
        String[] common = {"book", "--variant", variant.id(), "--plies", "4", "--count", "30", "--depth", "2"};

        CommandRun one = CommandRun.of(concat(common, "--seed", "5", "--out", first.toString()));
        CommandRun two = CommandRun.of(concat(common, "--seed", "5", "--out", second.toString()));
        CommandRun three = CommandRun.of(concat(common, "--seed", "6", "--out", other.toString()));

        assertThat(one.exitCode()).as(one.err()).isZero();
        assertThat(two.exitCode()).isZero();
        assertThat(three.exitCode()).isZero();
        assertThat(Files.readString(second)).isEqualTo(Files.readString(first));
        assertThat(Files.readString(other)).isNotEqualTo(Files.readString(first));
        assertThat(Files.readString(first))
                .contains("# variant " + variant.id() + ", plies 4, depth 2, band 100, seed 5\n");
        OpeningBook book = OpeningBook.read(first, variant);
        assertThat(book.size()).isEqualTo(30);
        Set<String> positions = new HashSet<>();
        for (var line : book.lines()) {
            Position position = variant.initial();
            for (var move : line.moves()) {
                position = position.play(move);
            }
            assertThat(line.moves()).hasSize(4);
            assertThat(positions.add(position.toCfn()))
                    .as("a repeated position: line %d", line.line())
                    .isTrue();
        }
        assertThat(one.out()).startsWith("book: 30 openings of 4 plies (" + variant.id() + ") in " + first);
    }

    @Test
    void aBandNothingFitsEndsWithExitCode1AndWhatToChange() throws Exception {
        Path out = dir.resolve("none.txt");

        // With depth 1 and a band of 0, only openings where nothing hangs fit; a count far above them cannot be filled.
        CommandRun run = CommandRun.of(
                "book", "--plies", "1", "--count", "100", "--depth", "1", "--band", "0", "--out", out.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("widen --band or lower --depth");
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
