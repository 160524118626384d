package caissa.arena.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import caissa.arena.testbots.Sandboxes;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Where a root arena's bots' ids come from, on each kind of machine (the files as data rows). */
class BotUsersTest {

    @TempDir
    Path temp;

    /**
     * subuid and subgid: root's line in each ({@code -} for none); the maps: {@code inside outside
     * count} rows joined by {@code /}; then the range chosen.
     */
    @ParameterizedTest(name = "{5}")
    @CsvSource(
            delimiter = ';',
            value = {
                "root:100000:65536; root:200000:65536; 0 0 4294967295; 0 0 4294967295; 100000 200000 65536; root's range",
                "someone:100000:65536; root:200000:65536; 0 0 4294967295; 0 0 4294967295; 1900000000 1900000000 65536; the machine's own namespace",
                "-; -; 0 100000 65536; 0 100000 65536; 61439 61439 4096; a rootless container mapping 65536 ids",
                "-; -; 0 1000 1/1 100000 70000; 0 1000 1/1 100000 70000; 61439 61439 4096; root and a range, mapped apart",
                "-; -; 0 0 1; 0 0 1; 1900000000 1900000000 65536; a namespace that maps root alone: unmapped, doctor says so",
                "root:5:10; root:5:10; 0 0 4294967295; 0 0 4294967295; 1900000000 1900000000 65536; a range among the accounts' ids is not taken",
            })
    void theRangeComesFromRootsSubordinateIdsElseTheFixedRangeElseTheTopOfTheNamespace(
            String subuid, String subgid, String uidMap, String gidMap, String expected, String machine)
            throws Exception {
        BotUsers.Range range = BotUsers.choose(
                BotUsers.subordinate(file("subuid", subuid)),
                BotUsers.subordinate(file("subgid", subgid)),
                BotUsers.extents(file("uid_map", uidMap.replace('/', '\n'))),
                BotUsers.extents(file("gid_map", gidMap.replace('/', '\n'))));

        long[] want =
                Arrays.stream(expected.split(" ")).mapToLong(Long::parseLong).toArray();
        assertThat(List.of(range.uid(), range.gid(), (long) range.count()))
                .as(machine)
                .containsExactly(want[0], want[1], want[2]);
    }

    @Test
    void theIdsAccountsUseAreRead() throws Exception {
        Path passwd = file(
                "passwd",
                "root:x:0:0:root:/root:/bin/bash\n# a comment\nnobody:x:65534:65534::/nonexistent:/usr/sbin/nologin");

        assertThat(BotUsers.accountIds(passwd)).containsExactlyInAnyOrder(0L, 65534L);
        assertThat(BotUsers.accountIds(temp.resolve("none"))).isEmpty();
        assertThat(BotUsers.subordinate(temp.resolve("none"))).isEqualTo(Optional.empty());
    }

    private Path file(String name, String text) throws Exception {
        return Files.writeString(temp.resolve(name), text.equals("-") ? "" : text + "\n");
    }
    /**
     * Two bots of this arena hold two ids; another arena, a real process, gets neither. A lock on
     * an id's file is the process's, and closing any other channel on that file would drop it:
     * the second claim here once opened the first id's file again, and the other arena then took
     * that id and killed the bot playing as it.
     */
    @Test
    void anotherArenaNeverGetsTheIdOfABotPlayingHere() throws Exception {
        assumeTrue(Sandboxes.root(), "only a root arena gives bots ids of their own");
        try (BotUsers.User first = Machine.current().botUsers().claim();
                BotUsers.User second = Machine.current().botUsers().claim()) {
            assertThat(second.uid()).isNotEqualTo(first.uid());

            Process other = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-cp",
                            System.getProperty("java.class.path"),
                            ClaimOne.class.getName())
                    .redirectErrorStream(true)
                    .start();
            String out = new String(other.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertThat(other.waitFor()).as(out).isZero();

            assertThat(Long.parseLong(out)).isNotIn((long) first.uid(), (long) second.uid());
        }
    }

    /** Another arena: claims one id, prints it and ends (which gives it back). */
    static final class ClaimOne {
        public static void main(String[] args) {
            try (BotUsers.User user = Machine.current().botUsers().claim()) {
                System.out.println(user.uid());
            }
        }
    }

    /**
     * An arena killed while a plain bot played may leave a helper running as the bot's id: the
     * next arena to claim that id ends the helper first.
     */
    @Test
    void theIdOfAKilledArenasBotIsClaimedWithItsLeftoversEnded() throws Exception {
        assumeTrue(Sandboxes.root(), "only a root arena gives bots ids of their own");
        Process killed = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        ClaimAndDie.class.getName())
                .redirectErrorStream(true)
                .start();
        String[] out = new String(killed.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                .strip()
                .split(" ");
        assertThat(killed.waitFor()).as(String.join(" ", out)).isEqualTo(9);
        long uid = Long.parseLong(out[0]);
        ProcessHandle helper = ProcessHandle.of(Long.parseLong(out[1])).orElseThrow();
        assertThat(helper.isAlive()).isTrue();

        List<BotUsers.User> claimed = new ArrayList<>();
        try {
            for (int i = 0; i < 64 && claimed.stream().noneMatch(u -> u.uid() == uid); i++) {
                claimed.add(Machine.current().botUsers().claim());
            }
            assertThat(claimed).as("the killed arena's id is claimed again").anyMatch(u -> u.uid() == uid);
            assertThat(helper.onExit()).succeedsWithin(Duration.ofMinutes(1));
        } finally {
            claimed.forEach(BotUsers.User::close);
            helper.destroyForcibly();
        }
    }

    /**
     * A bot's id given back with a task the arena cannot end (a zombie whose parent does not reap
     * it, which the kernel still counts against the id's process limit) is passed over while the
     * zombie lasts, so that no bot starts short of its limit; once it is reaped the id serves again.
     */
    @Test
    void anIdGivenBackWithAZombieIsPassedOverUntilTheZombieIsReaped() throws Exception {
        assumeTrue(Sandboxes.root(), "only a root arena gives bots ids of their own");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "needs /usr/bin/python3");
        BotUsers.User user = Machine.current().botUsers().claim();
        int uid = user.uid();
        // Root forks a child that becomes the id and exits; root reaps it only when its input closes.
        Process parent = new ProcessBuilder(
                        "/usr/bin/python3",
                        "-c",
                        "import os, sys\n"
                                + "pid = os.fork()\n"
                                + "if pid == 0:\n"
                                + "    os.setgid(" + user.gid() + "); os.setuid(" + uid + "); os._exit(0)\n"
                                + "print(pid, flush=True)\n"
                                + "sys.stdin.read()\n"
                                + "os.waitpid(pid, 0)\n")
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try {
            long zombie = Long.parseLong(
                    new BufferedReader(new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8))
                            .readLine()
                            .strip());
            assertThat(BotUsers.processesOf(uid)).contains(zombie);
            user.close();

            // The claims of other arenas on this machine may take ids too: many claims, not one.
            List<BotUsers.User> claimed = new ArrayList<>();
            try {
                for (int i = 0; i < 64; i++) {
                    claimed.add(Machine.current().botUsers().claim());
                }
                assertThat(claimed).as("the id with a zombie").noneMatch(u -> u.uid() == uid);
            } finally {
                claimed.forEach(BotUsers.User::close);
                claimed.clear();
            }
            parent.getOutputStream().close();
            assertThat(parent.waitFor()).isZero();

            try {
                for (int i = 0; i < 64 && claimed.stream().noneMatch(u -> u.uid() == uid); i++) {
                    claimed.add(Machine.current().botUsers().claim());
                }
                assertThat(claimed).as("the id once its zombie is reaped").anyMatch(u -> u.uid() == uid);
            } finally {
                claimed.forEach(BotUsers.User::close);
            }
        } finally {
            parent.destroyForcibly();
        }
    }

    /** An arena killed while its bot's helper runs: claims an id, starts a helper as it, and halts. */
    static final class ClaimAndDie {
        public static void main(String[] args) throws Exception {
            BotUsers.User user = Machine.current().botUsers().claim();
            Process helper = new ProcessBuilder(
                            "setpriv",
                            "--reuid=" + user.uid(),
                            "--regid=" + user.gid(),
                            "--clear-groups",
                            "setsid",
                            "sleep",
                            "600")
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            System.out.println(user.uid() + " " + helper.pid());
            System.out.flush();
            Runtime.getRuntime().halt(9);
        }
    }
}
