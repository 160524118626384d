package caissa.arena.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

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
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(first.getParent()))).isEqualTo("rwx------");
    }

    @Test
    void theFolderGoesWithWhatIsInItAndIsMadeAgainAtTheNextNeed() throws Exception {
        Path file = SandboxFiles.write("reached", new byte[0]);

        SandboxFiles.removeFolder();

        assertThat(file.getParent()).doesNotExist();
        assertThat(SandboxFiles.write("reached", new byte[0])).exists();
    }
}
