package caissa.arena.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What readers of the reports rely on: whole files, readable as any file written plainly, no temporary files left. */
class AtomicFilesTest {

    @TempDir
    Path dir;

    @Test
    void aWrittenFileReplacesTheOldOneWholeAndLeavesNoTemporaryFile() throws IOException {
        Path file = dir.resolve("standings.json");
        AtomicFiles.write(file, "{\"old\":true}");
        AtomicFiles.write(file, "{\"new\":true}");

        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo("{\"new\":true}");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void anOutputHasThePermissionsOfAFileWrittenPlainly() throws IOException {
        Path plain = Files.writeString(dir.resolve("plain.json"), "{}");
        Path written = dir.resolve("game.json");

        AtomicFiles.write(written, "{}");

        assertThat(Files.getPosixFilePermissions(written)).isEqualTo(Files.getPosixFilePermissions(plain));
    }

    @Test
    void aFailedWriteNamesTheFileAndLeavesNoTemporaryFile() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("game.json"));

        assertThatThrownBy(() -> AtomicFiles.write(folder, "{}")).hasMessageContaining("game.json");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(folder);
        }
    }

    @Test
    void aFileInAFolderNotYetMadeIsWrittenWithItsFolders() throws IOException {
        Path file = dir.resolve("reports").resolve("games").resolve("0001.json");

        AtomicFiles.write(file, "{}");

        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo("{}");
    }

    @Test
    void aFileWhereTheFolderShouldBeIsNamedAsSuch() throws IOException {
        Path notAFolder = Files.writeString(dir.resolve("games"), "x");

        assertThatThrownBy(() -> AtomicFiles.write(notAFolder.resolve("0001.json"), "{}"))
                .hasMessageContaining("games");
        assertThat(Files.readString(notAFolder, StandardCharsets.UTF_8)).isEqualTo("x");
    }

    @Test
    void contentWrittenAsItIsMadeArrivesWhole() throws IOException {
        Path file = dir.resolve("report.html");
        byte[] big = new byte[300_000];
        Arrays.fill(big, (byte) 'a');

        AtomicFiles.write(file, out -> {
            out.write(big, 0, 100_000);
            out.write(big, 100_000, 200_000);
        });

        assertThat(Files.readAllBytes(file)).isEqualTo(big);
    }
}
