package caissa.arena.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import caissa.arena.testbots.TestBots;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The files handed to bubblewrap hold a sandbox's options: only the arena's user may reach them, and none outlives the bots. */
class SandboxFilesTest {

    @AfterEach
    void removeFolder() {
        SandboxFiles.removeFolder();
    }

    @Test
    void eachFileIsNewAndInAFolderOnlyItsOwnerMayEnter() throws Exception {
        Path first = SandboxFiles.write("bwrap-options", "--ro-bind\0/\0/\0".getBytes(StandardCharsets.UTF_8));
        Path second = SandboxFiles.write("bwrap-options", new byte[0]);

        assertThat(second).isNotEqualTo(first).hasParent(first.getParent());
        assertThat(Files.readString(first)).isEqualTo("--ro-bind\0/\0/\0");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(first.getParent())))
                .isEqualTo("rwx------");
    }

    @Test
    void theFolderGoesWithWhatIsInItAndIsMadeAgainAtTheNextNeed() throws Exception {
        Path file = SandboxFiles.write("reached", new byte[0]);

        SandboxFiles.removeFolder();

        assertThat(file.getParent()).doesNotExist();
        assertThat(SandboxFiles.write("reached", new byte[0])).exists();
    }

    /**
     * Older versions named their folder without a process id: the next start removes one that
     * no running arena can still use, one changed before every Java process of the user started,
     * and keeps one that a live Java process started before it was changed may be using.
     */
    @Test
    void anOlderVersionsFolderIsSweptOnlyWhenNoRunningArenaCanUseIt(@TempDir Path parent) throws Exception {
        Path gone = Files.createDirectory(parent.resolve(SandboxFiles.PREFIX + "4815162342"));
        Files.writeString(gone.resolve("bwrap-options-1"), "--ro-bind");
        Files.setLastModifiedTime(gone, FileTime.from(Instant.parse("1970-01-02T00:00:00Z")));
        Path used = Files.createDirectory(parent.resolve(SandboxFiles.PREFIX + "1234567890"));
        Path notOurs = Files.createDirectory(parent.resolve(SandboxFiles.PREFIX + "arena"));
        Files.setLastModifiedTime(notOurs, FileTime.from(Instant.parse("1970-01-02T00:00:00Z")));
        // A running arena of the older kind: a JVM of this user, its folder changed after it started.
        Process arena = new ProcessBuilder(TestBots.command().argv())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            Instant started = arena.info().startInstant().orElseThrow();
            Files.setLastModifiedTime(used, FileTime.from(started.plusSeconds(1)));

            assertThat(SandboxFiles.sweep(parent)).isEqualTo(1);

            assertThat(gone).doesNotExist();
            assertThat(used).isDirectory();
            assertThat(notOurs).as("not a name the arena makes").isDirectory();
        } finally {
            arena.destroyForcibly().waitFor();
        }
    }
}
