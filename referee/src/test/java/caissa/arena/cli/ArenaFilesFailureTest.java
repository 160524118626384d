package caissa.arena.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import caissa.arena.program.BotCommand;
import caissa.arena.testbots.TestBots;
import caissa.arena.testkit.ToolRun;
import caissa.arena.testkit.TwoRandomBots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The arena's own files for a bot's start live in a folder of /dev/shm. Issue 35: a full /dev/shm
 * forfeited every bot at the check before the games and the run ended with exit code 0; a
 * SIGKILLed arena left its folder there for good. Here a small tmpfs of our own stands for
 * /dev/shm (as root, mounted in a temporary folder; the machine's /dev/shm is never filled), and
 * each arena is a real process.
 */
class ArenaFilesFailureTest {

    @TempDir
    Path dir;

    private Path shm;
    private final List<BotCommand> started = new ArrayList<>();

    @BeforeEach
    void mountASmallTmpfs() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "only root mounts a tmpfs");
        shm = Files.createDirectories(dir.resolve("shm"));
        assumeTrue(
                run("mount", "-t", "tmpfs", "-o", "size=1m,nr_inodes=64,mode=1777", "tmpfs", shm.toString()) == 0,
                "no tmpfs can be mounted here (a container without the right)");
    }

    @AfterEach
    void unmount() throws Exception {
        for (BotCommand bot : started) {
            TestBots.processesOf(bot).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
        if (shm != null) {
            run("umount", "-l", shm.toString());
        }
    }

    @Test
    void aFullShmStopsTheRunInOneLineAndChargesNoBot() throws Exception {
        // Every byte taken, inodes left: the arena's folder is made there, but no file with content
        // (a sandbox's options, the keyring filter) can be written in it.
        try (var filler = Files.newOutputStream(shm.resolve("filler"))) {
            byte[] block = new byte[4096];
            while (true) {
                filler.write(block);
                filler.flush();
            }
        } catch (IOException full) {
            // Full.
        }
        Path out = dir.resolve("out");

        Arena arena = arena("tournament", tournament().toString(), "--out", out.toString(), "--sandbox", "bwrap");
        assumeTrue(
                !arena.err.contains("bubblewrap") || arena.err.contains("No space left"),
                "no usable bubblewrap here: " + arena.err);

        assertThat(arena.exit).as(arena.err).isEqualTo(74);
        assertThat(arena.err.lines().toList())
                .hasSize(1)
                .first()
                .asString()
                .startsWith("caissa tournament: " + shm.resolve("caissa-sandbox-files-"))
                .contains("No space left on device")
                .contains("no bot was charged");
        Path journal = out.resolve("journal.jsonl");
        assertThat(!Files.exists(journal) || Files.size(journal) == 0)
                .as("nothing journaled")
                .isTrue();
        assertThat(out.resolve("games"))
                .satisfiesAnyOf(
                        g -> assertThat(g).doesNotExist(), g -> assertThat(g).isEmptyDirectory());
    }

    @Test
    void theFolderOfASigkilledArenaIsRemovedAtTheNextStart() throws Exception {
        // As root the bots run as nobody, who must be able to enter their working folder.
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        BotCommand hang = TestBots.command("hang");
        BotCommand random = TestBots.command("random", "1");
        started.addAll(List.of(hang, random));
        Process killed = start(
                "play",
                "--white",
                hang.display(),
                "--black",
                random.display(),
                "--sandbox",
                "none",
                "--time-per-game",
                "10m",
                "--first-move-allowance",
                "10m",
                "--out",
                dir.resolve("log.json").toString());
        Path left = null;
        for (int i = 0; i < 600 && left == null; i++) {
            left = folders().stream().findFirst().orElse(null);
            if (left == null) {
                Thread.sleep(100);
            }
        }
        assertThat(killed.isAlive()).as("the arena still plays the hanging bot").isTrue();
        assertThat(left).as("the arena's folder while its game runs").isNotNull();
        killed.destroyForcibly();
        assertThat(killed.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(left).exists();

        Arena next = arena(
                "play",
                "--white",
                TestBots.command("random", "2").display(),
                "--black",
                TestBots.command("random", "3").display(),
                "--sandbox",
                "none",
                "--out",
                dir.resolve("next.json").toString());

        assertThat(next.exit).as(next.err).isZero();
        assertThat(left).doesNotExist();
        assertThat(folders()).isEmpty();
    }

    private List<Path> folders() throws IOException {
        try (Stream<Path> entries = Files.list(shm)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("caissa-sandbox-files-"))
                    .toList();
        }
    }

    private Path tournament() throws IOException {
        return TwoRandomBots.tournament(dir.resolve("t.json"));
    }

    private record Arena(int exit, String err) {}

    private Arena arena(String... args) throws Exception {
        Process process = start(args);
        String err = new String(process.getErrorStream().readAllBytes());
        assertThat(process.waitFor(300, TimeUnit.SECONDS)).isTrue();
        return new Arena(process.exitValue(), err);
    }

    /** The arena's command line in a JVM of its own, with the small tmpfs as its /dev/shm. */
    private Process start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dcaissa.arena.shm=" + shm,
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    private static int run(String... command) throws Exception {
        return ToolRun.exitCode(Duration.ofSeconds(60), command).orElse(-1);
    }
}
