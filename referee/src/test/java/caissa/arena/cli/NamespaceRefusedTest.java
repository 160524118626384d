package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import caissa.arena.testbots.Sandboxes;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.TwoRandomBots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A namespace the kernel refuses a bot's sandbox is the arena's failure: the run stops with one
 * line and exit code 71, and no bot is charged a start-failure. The arena is a real process in a
 * mount namespace of its own where {@code /usr/bin/bwrap} leads to the real bubblewrap, except
 * for a bot's sandbox (its options on descriptor 4, {@code --args 4}), which the real bubblewrap
 * builds in a user namespace whose {@code user.max_pid_namespaces} is 0: the kernel refuses it
 * its PID namespace (ENOSPC), as on a machine whose namespaces are used up. The machine's own
 * setting is never touched.
 */
class NamespaceRefusedTest {

    @TempDir
    Path dir;

    @Test
    void aRefusedNamespaceStopsTheTournamentInOneLineAndChargesNoBot() throws Exception {
        Sandboxes.assumeRoot("only root mounts over /usr/bin/bwrap in a mount namespace of its own");
        Sandboxes.assumeSandbox();
        Path out = dir.resolve("out");
        Path tournament = TwoRandomBots.tournament(dir.resolve("t.json"));

        Arena arena = arena("tournament", tournament.toString(), "--out", out.toString(), "--sandbox", "bwrap");

        assertThat(arena.exit).as(arena.err).isEqualTo(71);
        assertThat(arena.err.lines().toList())
                .as(arena.err)
                .hasSize(1)
                .first()
                .asString()
                .startsWith("caissa tournament: bwrap: Creating new namespace failed")
                .contains("no bot was charged");
        Path journal = out.resolve("journal.jsonl");
        assertThat(!Files.exists(journal) || Files.size(journal) == 0)
                .as("nothing journaled")
                .isTrue();
        assertThat(out.resolve("games"))
                .satisfiesAnyOf(
                        g -> assertThat(g).doesNotExist(), g -> assertThat(g).isEmptyDirectory());
    }

    /** A game itself (play has no check before it) stops the same way: no start-failure, no log. */
    @Test
    void aRefusedNamespaceStopsAGameInOneLineWithoutALog() throws Exception {
        Sandboxes.assumeRoot("only root mounts over /usr/bin/bwrap in a mount namespace of its own");
        Sandboxes.assumeSandbox();
        Path log = dir.resolve("game.json");

        Arena arena = arena(
                "play",
                "--white",
                TestBots.command("random", "1").display(),
                "--black",
                TestBots.command("random", "2").display(),
                "--sandbox",
                "bwrap",
                "--out",
                log.toString());

        assertThat(arena.exit).as(arena.err).isEqualTo(71);
        assertThat(arena.err
                        .lines()
                        .filter(line -> line.startsWith("caissa play: "))
                        .toList())
                .as(arena.err)
                .hasSize(1)
                .first()
                .asString()
                .startsWith("caissa play: bwrap: Creating new namespace failed")
                .contains("no bot was charged");
        assertThat(arena.err).doesNotContain("start-failure");
        assertThat(log).doesNotExist();
    }

    private record Arena(int exit, String err) {}

    private Arena arena(String... args) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/unshare")), "needs unshare (util-linux)");
        Path real = Files.createFile(dir.resolve("real-bwrap"));
        Path wrapper = Files.writeString(dir.resolve("bwrap"), """
                #!/bin/sh
                if [ "$1" = --args ]; then
                    exec /usr/bin/unshare --user --map-root-user /bin/sh -c \
                        'echo 0 > /proc/sys/user/max_pid_namespaces && exec "$0" "$@"' %1$s "$@"
                fi
                exec %1$s "$@"
                """.formatted(real));
        Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> java = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        java.addAll(List.of(args));
        List<String> command = new ArrayList<>(List.of(
                "/usr/bin/unshare",
                "--mount",
                "--propagation",
                "private",
                "/bin/sh",
                "-c",
                "mount --bind /usr/bin/bwrap \"$1\" && mount --bind \"$2\" /usr/bin/bwrap && shift 2 && exec \"$@\"",
                "sh",
                real.toString(),
                wrapper.toString()));
        command.addAll(java);
        Process process = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        String err = new String(process.getErrorStream().readAllBytes());
        assertThat(process.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assumeTrue(
                !err.startsWith("mount:") && !err.startsWith("unshare:"),
                "no mount namespace can be made here: " + err);
        return new Arena(process.exitValue(), err);
    }
}
