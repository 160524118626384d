package caissa.arena.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the arena finds its place in a cgroup v2 hierarchy, on a tree of plain files laid out as
 * the kernel lays out /sys/fs/cgroup (so that it runs on every machine; CgroupV2Test runs the
 * real thing). A plain file keeps only the last value written to it.
 */
class CgroupV2TreeTest {

    private static final long ARENA = 4242;
    private static final String LEAF = "caissa-4242.1-arena";

    @TempDir
    Path mount;

    @Test
    void theArenaMovesIntoALeafAndEnablesTheControllersInItsGroup() throws Exception {
        Path own = group(
                "user.slice/user-1000.slice/user@1000.service/app.slice/run-1.scope", "cpu memory pids io", "4242");

        CgroupV2Tree.Place place = CgroupV2Tree.setUp(
                mount, "/user.slice/user-1000.slice/user@1000.service/app.slice/run-1.scope", ARENA, LEAF);

        assertThat(place.problem()).isNull();
        assertThat(place.parent()).isEqualTo(own);
        assertThat(Files.readString(own.resolve(LEAF).resolve("cgroup.procs"))).isEqualTo("4242");
        // One controller per write, cpu last: a write naming a controller the group is not offered fails whole.
        assertThat(Files.readString(own.resolve("cgroup.subtree_control"))).isEqualTo("+cpu");
    }

    @Test
    void cpuIsNotAskedForWhereItIsNotOffered() throws Exception {
        Path own = group("system.slice/run-2.scope", "memory pids", "4242");

        CgroupV2Tree.Place place = CgroupV2Tree.setUp(mount, "/system.slice/run-2.scope", ARENA, LEAF);

        assertThat(place.isUsable()).isTrue();
        assertThat(Files.readString(own.resolve("cgroup.subtree_control"))).isEqualTo("+pids");
    }

    @Test
    void aGroupThatHoldsAnotherProcessIsNotDividedAndTheProblemSaysWhy() throws Exception {
        Path own = group("user.slice/user-0.slice/session-3.scope", "cpu memory pids", "977\n4242");

        CgroupV2Tree.Place place = CgroupV2Tree.setUp(mount, "/user.slice/user-0.slice/session-3.scope", ARENA, LEAF);

        assertThat(place.isUsable()).isFalse();
        assertThat(place.problem())
                .contains(own.toString())
                .contains("holds other processes too (1, such as pid 977)")
                .contains("systemd-run --scope -p Delegate=yes");
        assertThat(own.resolve(LEAF)).doesNotExist();
        assertThat(Files.readString(own.resolve("cgroup.subtree_control"))).isEmpty();
    }

    @Test
    void aGroupWithoutTheMemoryControllerIsNotUsable() throws Exception {
        group("ci.scope", "cpu pids", "4242");

        CgroupV2Tree.Place place = CgroupV2Tree.setUp(mount, "/ci.scope", ARENA, LEAF);

        assertThat(place.problem())
                .contains("the memory controller is not offered")
                .contains("cgroup.controllers: ");
    }

    @Test
    void theRootGroupMayHoldProcessesAndKeepsTheArena() throws Exception {
        Files.writeString(mount.resolve("cgroup.controllers"), "cpu memory pids");
        Files.writeString(mount.resolve("cgroup.subtree_control"), "");
        Files.writeString(mount.resolve("cgroup.procs"), "1\n4242");

        CgroupV2Tree.Place place = CgroupV2Tree.setUp(mount, "/", ARENA, LEAF);

        assertThat(place.parent()).isEqualTo(mount);
        assertThat(mount.resolve(LEAF)).doesNotExist();
    }

    @Test
    void noHierarchyOrAGroupOutsideItIsAProblem() throws Exception {
        assertThat(CgroupV2Tree.setUp(mount, "/", ARENA, LEAF).problem()).startsWith("no cgroup v2 hierarchy at");

        Files.writeString(mount.resolve("cgroup.controllers"), "memory pids");
        assertThat(CgroupV2Tree.setUp(mount, "/../../etc", ARENA, LEAF).problem())
                .contains("is not visible under");
        assertThat(CgroupV2Tree.setUp(mount, null, ARENA, LEAF).problem()).contains("names no cgroup v2 group");
    }

    /** A non-root group (it has cgroup.type) offered {@code controllers}, holding {@code procs}. */
    private Path group(String path, String controllers, String procs) throws Exception {
        Files.writeString(mount.resolve("cgroup.controllers"), controllers);
        Path dir = Files.createDirectories(mount.resolve(path));
        Files.writeString(dir.resolve("cgroup.type"), "domain");
        Files.writeString(dir.resolve("cgroup.controllers"), controllers);
        Files.writeString(dir.resolve("cgroup.subtree_control"), "");
        Files.writeString(dir.resolve("cgroup.procs"), procs);
        return dir;
    }
}
