package caissa.arena.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The namespaces this process runs in, as Linux shows them under /proc/self. */
class NamespacesTest {

    private static final long NOBODY = 65534;

    @TempDir
    Path temp;

    @Test
    void thePidNamespaceIsTheInodeOfItsLink() throws Exception {
        Path link = Path.of("/proc/self/ns/pid");
        assumeTrue(Files.exists(link), "no /proc/self/ns/pid here");
        // stat follows the link to the namespace's own inode, which the link's text names too.
        assertThat(Namespaces.pid()).isEqualTo(((Number) Files.getAttribute(link, "unix:ino")).longValue());
    }

    @Test
    void anIdIsMappedWhenOneLineOfTheMapHoldsIt() throws Exception {
        assertThat(Namespaces.maps(map("0 0 4294967295"), NOBODY))
                .as("the machine's own namespace")
                .isTrue();
        assertThat(Namespaces.maps(map("0 100000 65536"), NOBODY))
                .as("a container's usual range")
                .isTrue();
        assertThat(Namespaces.maps(map("0 1000 1\n1 100000 65533"), NOBODY))
                .as("the range ends just below")
                .isFalse();
        assertThat(Namespaces.maps(map("0 1000 1\n65534 165534 1"), NOBODY))
                .as("a line of its own")
                .isTrue();
        assertThat(Namespaces.maps(map("0 1000 1"), NOBODY)).as("one id only").isFalse();
    }

    @Test
    void withoutAMapEveryIdIsTheMachinesOwn() {
        assertThat(Namespaces.maps(temp.resolve("no-such-map"), NOBODY)).isTrue();
    }

    private Path map(String text) throws Exception {
        return Files.writeString(Files.createTempFile(temp, "uid_map", ""), text + "\n");
    }
}
